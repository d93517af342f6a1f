/** Conformance: tabs, tabId/segmentId on locations, named ranges, replaceAllText, document and named styles. */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, getTab } from '../../src/docs/engine/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { expectRejected } from './expect-error.js';
import { apply, body, bodyText, docWith, loadReal, opts } from './helpers.js';

const ranges = (doc: Document, tabId?: string) => getTab(doc, tabId)!.documentTab!.namedRanges ?? {};

describe('tabs', () => {
  it('addDocumentTab creates a t. tab with a fresh body and shifts later tabs', () => {
    const doc = apply(docWith('x'), [
      { addDocumentTab: { tabProperties: { title: 'B' } } },
      { addDocumentTab: { tabProperties: { title: 'A', index: 1 } } },
    ]);
    expect(doc.tabs!.map((t) => [t.tabProperties!.title, t.tabProperties!.index])).toEqual([
      ['Tab 1', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(doc.tabs![1]!.tabProperties!.tabId).toMatch(/^t\.[a-z0-9]{12}$/);
    expect(body({ tabs: [doc.tabs![1]!] } as Document).map((se) => se.endIndex)).toEqual([1, 2]);
  });

  it('a location tabId addresses that tab; absent means the first tab', () => {
    const { document, response } = applyBatchUpdate(
      docWith('x'),
      { requests: [{ addDocumentTab: { tabProperties: { title: 'Two' } } }] },
      opts(),
    );
    const tabId = (response.replies![0] as { addDocumentTab: { tabProperties: { tabId: string } } })
      .addDocumentTab.tabProperties.tabId;
    const out = apply(document, [
      { insertText: { location: { index: 1, tabId }, text: 'second' } },
      { insertText: { location: { index: 1 }, text: 'first ' } },
    ]);
    expect(bodyText(out)).toBe('first x\n');
    expect(
      getTab(out, tabId)!.documentTab!.body!.content![1]!.paragraph!.elements![0]!.textRun!.content,
    ).toBe('second\n');
  });

  it('an unknown tabId is refused', () => {
    expectRejected(
      docWith('x'),
      [{ insertText: { location: { index: 1, tabId: 't.nope' }, text: 'y' } }],
      /^Invalid requests\[0\]\.insertText: /,
    );
  });

  it('deleteTab deletes the tab and its children; updateDocumentTabProperties needs tabId and a mask', () => {
    const real = loadReal('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json');
    const out = apply(real, [{ deleteTab: { tabId: 't.ytrmrxold3qv' } }]);
    expect(out.tabs!.map((t) => t.tabProperties!.tabId)).toEqual(['t.0']);
    expect(getTab(out, 't.a2r49ovghki6')).toBeUndefined();
    const renamed = apply(real, [
      {
        updateDocumentTabProperties: {
          tabProperties: { tabId: 't.lkp7hl41vf2d', title: 'Renamed' },
          fields: 'title',
        },
      },
    ]);
    expect(getTab(renamed, 't.lkp7hl41vf2d')!.tabProperties).toMatchObject({
      title: 'Renamed',
      nestingLevel: 1,
      index: 0,
    });
    expectRejected(docWith('x'), [{ deleteTab: { tabId: 't.0' } }], /^Invalid requests\[0\]\.deleteTab: /);
  });

  it('updateDocumentTabProperties with parentTabId moves a tab (and its children) under another, or to the top', () => {
    const real = loadReal('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json');
    const nested = apply(real, [
      {
        updateDocumentTabProperties: {
          tabProperties: { tabId: 't.lkp7hl41vf2d', parentTabId: 't.0' },
          fields: 'parentTabId',
        },
      },
    ]);
    expect(getTab(nested, 't.lkp7hl41vf2d')!.tabProperties).toMatchObject({
      parentTabId: 't.0',
      nestingLevel: 1,
      index: 0,
    });
    expect(getTab(nested, 't.a2r49ovghki6')!.tabProperties).toMatchObject({
      parentTabId: 't.lkp7hl41vf2d',
      nestingLevel: 2,
    });
    expect(getTab(nested, 't.ytrmrxold3qv')!.childTabs).toBeUndefined();
    const top = apply(real, [
      {
        updateDocumentTabProperties: {
          tabProperties: { tabId: 't.a2r49ovghki6', parentTabId: '', index: 0 },
          fields: 'parentTabId,index',
        },
      },
    ]);
    expect(top.tabs!.map((t) => t.tabProperties!.tabId)).toEqual(['t.a2r49ovghki6', 't.0', 't.ytrmrxold3qv']);
    expect(getTab(top, 't.a2r49ovghki6')!.tabProperties!.parentTabId).toBeUndefined();
    expectRejected(
      real,
      [
        {
          updateDocumentTabProperties: {
            tabProperties: { tabId: 't.ytrmrxold3qv', parentTabId: 't.a2r49ovghki6' },
            fields: 'parentTabId',
          },
        },
      ],
      /cannot be nested under itself or its own child/,
    );
  });
});

describe('named ranges', () => {
  it('are keyed by name, may share a name, and output ranges carry no tabId', () => {
    const { document, response } = applyBatchUpdate(
      docWith('hello world'),
      {
        requests: [
          { createNamedRange: { name: 'n', range: { startIndex: 1, endIndex: 6, tabId: 't.0' } } },
          { createNamedRange: { name: 'n', range: { startIndex: 7, endIndex: 12 } } },
        ],
      },
      opts(),
    );
    const ids = response.replies!.map(
      (r) => (r as { createNamedRange: { namedRangeId: string } }).createNamedRange.namedRangeId,
    );
    expect(ids[0]).not.toBe(ids[1]);
    expect(ranges(document).n!.namedRanges!.map((r) => r.ranges)).toEqual([
      [{ startIndex: 1, endIndex: 6 }],
      [{ startIndex: 7, endIndex: 12 }],
    ]);
  });

  it('grow when text is inserted inside and move when text is inserted before', () => {
    const doc = apply(docWith('hello world'), [
      { createNamedRange: { name: 'n', range: { startIndex: 7, endIndex: 12 } } },
    ]);
    const out = apply(doc, [
      { insertText: { location: { index: 9 }, text: '😀' } },
      { insertText: { location: { index: 1 }, text: 'AB' } },
    ]);
    expect(ranges(out).n!.namedRanges![0]!.ranges).toEqual([{ startIndex: 9, endIndex: 16 }]);
  });

  it('deleteNamedRange by name removes every range with that name', () => {
    const doc = apply(docWith('hello world'), [
      { createNamedRange: { name: 'n', range: { startIndex: 1, endIndex: 3 } } },
      { createNamedRange: { name: 'n', range: { startIndex: 4, endIndex: 6 } } },
      { createNamedRange: { name: 'm', range: { startIndex: 4, endIndex: 6 } } },
    ]);
    const out = apply(doc, [{ deleteNamedRange: { name: 'n' } }]);
    expect(Object.keys(ranges(out))).toEqual(['m']);
  });
});

describe('replaceAllText', () => {
  it('replaces case-insensitively by default and counts occurrences', () => {
    const { document, response } = applyBatchUpdate(
      docWith('Cat cat CAT dog'),
      { requests: [{ replaceAllText: { containsText: { text: 'cat' }, replaceText: '🐈' } }] },
      opts(),
    );
    expect(response.replies).toEqual([{ replaceAllText: { occurrencesChanged: 3 } }]);
    expect(bodyText(document)).toBe('🐈 🐈 🐈 dog\n');
  });

  it('matchCase restricts matches; no match replies with an empty object', () => {
    const { response } = applyBatchUpdate(
      docWith('Cat'),
      {
        requests: [{ replaceAllText: { containsText: { text: 'cat', matchCase: true }, replaceText: 'x' } }],
      },
      opts(),
    );
    expect(response.replies).toEqual([{ replaceAllText: {} }]);
  });
});

describe('document and named styles', () => {
  it('updateDocumentStyle honours a dotted mask', () => {
    const out = apply(docWith('x'), [
      {
        updateDocumentStyle: {
          documentStyle: { pageSize: { width: { magnitude: 612, unit: 'PT' } } },
          fields: 'pageSize.width',
        },
      },
    ]);
    const ps = out.tabs![0]!.documentTab!.documentStyle!.pageSize!;
    expect(ps.width).toEqual({ magnitude: 612, unit: 'PT' });
    expect(ps.height!.magnitude).toBeCloseTo(841.89, 1);
  });

  it('updateNamedStyle requires named_style_type in the mask', () => {
    expectRejected(
      docWith('x'),
      [
        {
          updateNamedStyle: {
            namedStyle: { namedStyleType: 'HEADING_1', textStyle: { bold: true } },
            fields: 'textStyle.bold',
          },
        },
      ],
      'Invalid requests[0].updateNamedStyle: The fields mask must include named_style_type.',
    );
    const out = apply(docWith('x'), [
      {
        updateNamedStyle: {
          namedStyle: { namedStyleType: 'HEADING_1', textStyle: { bold: true } },
          fields: 'named_style_type,text_style.bold',
        },
      },
    ]);
    const h1 = out.tabs![0]!.documentTab!.namedStyles!.styles!.find((s) => s.namedStyleType === 'HEADING_1')!;
    expect(h1.textStyle).toEqual({ bold: true, fontSize: { magnitude: 20, unit: 'PT' } });
  });
});

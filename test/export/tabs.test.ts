/** Resolving the tab to export: tabs shape, nested child tabs, legacy shape, and the errors. */
import { describe, expect, it } from 'vitest';
import { listTabs, resolveTab } from '../../src/docs/export/tabs.js';
import { MultipleTabsError, TabNotFoundError } from '../../src/errors.js';
import { makeDoc, para } from './builder.js';
import { loadReal } from './real-docs.js';

const multi = makeDoc([
  { tabId: 't.0', title: 'One', blocks: [para('first')] },
  {
    tabId: 't.two',
    title: 'Two',
    blocks: [para('second')],
    childTabs: [
      {
        tabId: 't.child',
        title: 'Child',
        blocks: [para('child')],
        childTabs: [{ tabId: 't.grand', title: 'Grand', blocks: [para('g')] }],
      },
    ],
  },
]);

describe('resolveTab', () => {
  it('lists nested tabs parent first', () => {
    expect(listTabs(multi).map((t) => t.tabId)).toEqual(['t.0', 't.two', 't.child', 't.grand']);
  });

  it('finds a nested child tab by id', () => {
    const tab = resolveTab(multi, 't.grand');
    expect(tab.title).toBe('Grand');
    expect(tab.content.body?.content?.[1]?.paragraph?.elements?.[0]?.textRun?.content).toBe('g\n');
  });

  it('needs a tab id when there are several tabs, and lists them', () => {
    for (const id of [undefined, '', null]) {
      const err = (() => {
        try {
          resolveTab(multi, id);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(MultipleTabsError);
      expect((err as MultipleTabsError).suggestion).toMatch(/get_metadata.*t\.0.*t\.grand/);
    }
  });

  it('rejects an unknown tab id with the valid ones', () => {
    expect(() => resolveTab(multi, 't.nope')).toThrow(TabNotFoundError);
    try {
      resolveTab(multi, 't.nope');
    } catch (e) {
      expect((e as TabNotFoundError).suggestion).toContain('t.child');
    }
  });

  it('takes a single tab without an id', () => {
    expect(resolveTab(makeDoc({ blocks: [para('x')] })).tabId).toBe('t.0');
  });

  it('reads the legacy shape as tab t.0', () => {
    const legacy = loadReal('cedricdelpoux__gatsby-source-google-docs__footnotes');
    const tab = resolveTab(legacy);
    expect(tab.tabId).toBe('t.0');
    expect(tab.content.body).toBe(legacy.body);
    expect(tab.content.footnotes).toBe(legacy.footnotes);
    expect(resolveTab(legacy, 't.0').tabId).toBe('t.0');
    expect(() => resolveTab(legacy, 't.1')).toThrow(TabNotFoundError);
  });

  it('sees every tab of a real multi-tab document', () => {
    const doc = loadReal('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab');
    expect(listTabs(doc).map((t) => t.tabId)).toEqual([
      't.0',
      't.ytrmrxold3qv',
      't.lkp7hl41vf2d',
      't.a2r49ovghki6',
    ]);
    expect(() => resolveTab(doc)).toThrow(MultipleTabsError);
  });
});

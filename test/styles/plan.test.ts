import { describe, expect, it } from 'vitest';
import { resolveTab } from '../../src/docs/export/tabs.js';
import {
  extractStyles,
  isCodeRun,
  planApplyStyles,
  planNormalize,
  resolveTabStyles,
} from '../../src/docs/styles/index.js';
import { ValidationError } from '../../src/errors.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { DOCS, loadReal } from './helpers.js';

const TEXT_FIELDS = new Set(['weightedFontFamily', 'fontSize', 'foregroundColor']);
const PARAGRAPH_FIELDS = new Set(['lineSpacing', 'spaceAbove', 'spaceBelow']);

function rangesOf(requests: Request[], kind: 'updateTextStyle' | 'updateParagraphStyle') {
  return requests.flatMap((r) => (r[kind] ? [r[kind]!] : []));
}

function paragraphResets(requests: Request[]) {
  return requests.flatMap((r) => (r.updateParagraphStyle ? [r.updateParagraphStyle] : []));
}

describe('planNormalize', () => {
  const params = { body_font: 'Georgia', body_size: '12pt', line_spacing: '1.5', space_after: '6pt' };

  it('sends only style requests, every range on the tab, masks limited to the managed properties', () => {
    for (const name of [DOCS.contract, DOCS.encoda, DOCS.specialChars, DOCS.codes]) {
      const doc = loadReal(name);
      const plan = planNormalize(doc, undefined, { ...params, heading_font: 'Lato' });
      expect(plan.changes).toBeGreaterThan(0);
      for (const request of plan.requests) {
        const kinds = Object.keys(request);
        expect(kinds).toHaveLength(1);
        expect(['updateNamedStyle', 'updateTextStyle', 'updateParagraphStyle']).toContain(kinds[0]);
      }
      for (const named of plan.requests.flatMap((r) => (r.updateNamedStyle ? [r.updateNamedStyle] : []))) {
        expect(named.tabId).toBe(plan.tabId);
        expect(named.fields?.split(',')).toContain('namedStyleType');
      }
      for (const req of rangesOf(plan.requests, 'updateTextStyle')) {
        expect(req.range?.tabId).toBe(plan.tabId);
        for (const field of req.fields!.split(',')) expect(TEXT_FIELDS.has(field)).toBe(true);
      }
      for (const req of paragraphResets(plan.requests)) {
        expect(req.range?.tabId).toBe(plan.tabId);
        for (const field of req.fields!.split(',')) expect(PARAGRAPH_FIELDS.has(field)).toBe(true);
        // Resets only: a field in the mask with no value inherits from the named style.
        expect(req.paragraphStyle).toEqual({});
      }
    }
  });

  it('sets the body named style to the asked values', () => {
    const plan = planNormalize(loadReal(DOCS.encoda), undefined, params);
    const normal = plan.requests.find(
      (r) => r.updateNamedStyle?.namedStyle?.namedStyleType === 'NORMAL_TEXT',
    );
    expect(normal?.updateNamedStyle?.namedStyle).toMatchObject({
      textStyle: { weightedFontFamily: { fontFamily: 'Georgia' }, fontSize: { magnitude: 12, unit: 'PT' } },
      paragraphStyle: { lineSpacing: 150, spaceBelow: { magnitude: 6, unit: 'PT' } },
    });
  });

  it('pins what headings inherit from the body style, without counting it as a change', () => {
    const doc = loadReal(DOCS.fresh);
    const tab = resolveTab(doc).content;
    // HEADING_1 sets no font of its own in a fresh document: it inherits Arial from NORMAL_TEXT.
    const h1 = tab.namedStyles?.styles?.find((s) => s.namedStyleType === 'HEADING_1');
    expect(h1?.textStyle?.weightedFontFamily).toBeUndefined();
    const plan = planNormalize(doc, undefined, { body_font: 'Georgia' });
    const pin = plan.requests.find((r) => r.updateNamedStyle?.namedStyle?.namedStyleType === 'HEADING_1');
    expect(pin?.updateNamedStyle?.namedStyle?.textStyle?.weightedFontFamily?.fontFamily).toBe('Arial');
    const overrides = resolveTabStyles(tab)
      .paragraphs.filter((p) => p.namedStyleType === 'NORMAL_TEXT')
      .flatMap((p) => p.runs)
      .filter((r) => r.isText && r.direct.fontFamily !== undefined).length;
    // One change for the named style plus one per overriding run; the pins are free.
    expect(plan.changes).toBe(1 + overrides);
  });

  it('leaves code runs in their monospace font', () => {
    const doc = loadReal(DOCS.codes);
    const tab = resolveTab(doc).content;
    const styled = resolveTabStyles(tab);
    const code = styled.paragraphs.flatMap((p) =>
      p.runs.filter((r) => r.isText && isCodeRun(r, styled.named[p.namedStyleType].fontFamily)),
    );
    expect(code.length).toBeGreaterThan(0);
    const plan = planNormalize(doc, undefined, { body_font: 'Georgia' });
    const fontResets = rangesOf(plan.requests, 'updateTextStyle').filter((r) =>
      r.fields!.split(',').includes('weightedFontFamily'),
    );
    for (const run of code) {
      for (const r of fontResets) {
        const overlaps = r.range!.startIndex! < run.endIndex && run.startIndex < r.range!.endIndex!;
        expect(overlaps).toBe(false);
      }
    }
    expect(plan.warnings.join('\n')).toMatch(/monospace/);
  });

  it('warns that headers, footers and footnotes keep their own formatting', () => {
    const doc = loadReal(DOCS.contract);
    const tab = resolveTab(doc).content;
    const plan = planNormalize(doc, undefined, { body_font: 'Georgia', body_size: '12pt' });
    // Nothing in the plan points into another segment: every range is in the body.
    for (const r of [...rangesOf(plan.requests, 'updateTextStyle'), ...paragraphResets(plan.requests)]) {
      expect(r.range?.segmentId ?? '').toBe('');
    }
    expect(Object.keys(tab.footers ?? {}).length).toBeGreaterThan(0);
    expect(plan.warnings.join('\n')).toMatch(
      /Headers, footers and footnotes were not edited directly: \d+ of their runs/,
    );
  });

  it('keeps symbol fonts and changes other stray fonts, inside one paragraph (UTF-16 ranges)', () => {
    // "Tick ✓ 😀é done" with the tick in Wingdings and the emoji word in Comic Sans.
    const text = (content: string, start: number, family?: string) => ({
      startIndex: start,
      endIndex: start + content.length,
      textRun: {
        content,
        textStyle: family ? { weightedFontFamily: { fontFamily: family, weight: 400 } } : {},
      },
    });
    const runs = [
      text('Tick ', 1),
      text('✓', 6, 'Wingdings'),
      text(' 😀e\u0301 ', 7, 'Comic Sans MS'),
      text('done\n', 13),
    ];
    const doc: Document = {
      documentId: 'synthetic',
      revisionId: 'r1',
      body: {
        content: [
          { endIndex: 1, sectionBreak: { sectionStyle: {} } },
          {
            startIndex: 1,
            endIndex: 18,
            paragraph: { elements: runs, paragraphStyle: { namedStyleType: 'NORMAL_TEXT' } },
          },
        ],
      },
    };
    const plan = planNormalize(doc, undefined, { body_font: 'Georgia' });
    const fontEdits = rangesOf(plan.requests, 'updateTextStyle').filter(
      (r) => r.fields === 'weightedFontFamily',
    );
    // ' 😀é ' is 6 UTF-16 units (a surrogate pair, and e + a combining acute): [7, 13).
    expect(fontEdits.map((r) => [r.range?.startIndex, r.range?.endIndex])).toEqual([[7, 13]]);
    expect(plan.warnings.join('\n')).toMatch(/symbol font kept their font \(1 run\)/);
  });

  it('plans nothing when the document already has the asked values', () => {
    const doc = loadReal(DOCS.fresh);
    const plan = planNormalize(doc, undefined, {
      body_font: 'Arial',
      body_size: '11pt',
      line_spacing: '1.15',
      space_after: '0pt',
    });
    expect(plan.changes).toBe(0);
    expect(plan.requests).toEqual([]);
  });

  it('validates every parameter before planning', () => {
    const doc = loadReal(DOCS.simple);
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ body_size: '12px' }, /body_size/],
      [{ line_spacing: 'triple' }, /line_spacing/],
      [{ space_after: 'lots' }, /space_after/],
      [{ body_font: '' }, /body_font/],
      [{ heading_font: '  ' }, /heading_font/],
      [{}, /Nothing to normalize/],
    ];
    for (const [params, message] of bad) {
      let caught: unknown;
      try {
        planNormalize(doc, undefined, params);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ValidationError);
      expect((caught as ValidationError).message).toMatch(message);
      expect((caught as ValidationError).suggestion).toBeTruthy();
    }
  });
});

describe('planApplyStyles', () => {
  it('rejects unknown or repeated element types and bad values', () => {
    const doc = loadReal(DOCS.simple);
    expect(() => planApplyStyles(doc, undefined, [])).toThrow(ValidationError);
    expect(() => planApplyStyles(doc, undefined, [{ element_type: 'footer' }])).toThrow(
      /Unknown element_type/,
    );
    try {
      planApplyStyles(doc, undefined, [{ element_type: 'footer' }]);
    } catch (error) {
      expect((error as ValidationError).suggestion).toMatch(/body, title, subtitle, heading1/);
    }
    expect(() =>
      planApplyStyles(doc, undefined, [{ element_type: 'body' }, { element_type: 'body' }]),
    ).toThrow(/more than once/);
    expect(() => planApplyStyles(doc, undefined, [{ element_type: 'body', text_color: 'blue' }])).toThrow(
      /text_color/,
    );
  });

  it('keeps link colours and character-level colours when applying a text colour', () => {
    const doc = loadReal(DOCS.encoda);
    const tab = resolveTab(doc).content;
    const styled = resolveTabStyles(tab);
    const links = styled.paragraphs.flatMap((p) => p.runs.filter((r) => r.isLink));
    expect(links.length).toBeGreaterThan(0);
    const plan = planApplyStyles(doc, undefined, [{ element_type: 'body', text_color: '#123456' }]);
    expect(plan.warnings.join('\n')).toMatch(/links kept their colour/);
    const colourResets = rangesOf(plan.requests, 'updateTextStyle').filter((r) =>
      r.fields!.split(',').includes('foregroundColor'),
    );
    for (const link of links) {
      for (const r of colourResets) {
        expect(r.range!.startIndex! < link.endIndex && link.startIndex < r.range!.endIndex!).toBe(false);
      }
    }
  });

  it('applying a document’s own definitions keeps its named styles and removes only dissenting overrides', () => {
    expect(
      planApplyStyles(loadReal(DOCS.fresh), undefined, extractStyles(loadReal(DOCS.fresh))).changes,
    ).toBe(0);
    const doc = loadReal(DOCS.encoda);
    const styles = extractStyles(doc);
    const plan = planApplyStyles(doc, undefined, styles);
    expect(plan.requests.some((r) => r.updateNamedStyle)).toBe(false);
    const tab = resolveTab(doc).content;
    const body = styles.find((s) => s.element_type === 'body')!;
    const wanted = body.line_spacing === 'single' ? 100 : Math.round(Number(body.line_spacing) * 100);
    const dissenting = resolveTabStyles(tab).paragraphs.filter(
      (p) =>
        p.namedStyleType === 'NORMAL_TEXT' &&
        p.direct.lineSpacing !== undefined &&
        p.look.lineSpacing !== wanted,
    );
    expect(dissenting.length).toBeGreaterThan(0);
    const resets = rangesOf(plan.requests, 'updateParagraphStyle');
    for (const p of dissenting) {
      expect(
        resets.some((r) => r.range!.startIndex! <= p.startIndex && p.endIndex <= r.range!.endIndex!),
      ).toBe(true);
    }
    expect(plan.changes).toBe(dissenting.length);
  });
});

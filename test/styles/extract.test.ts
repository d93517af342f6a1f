import { describe, expect, it } from 'vitest';
import { resolveTab } from '../../src/docs/export/tabs.js';
import { ELEMENT_TYPES, extractStyles, isCodeRun, resolveTabStyles } from '../../src/docs/styles/index.js';
import { DOCS, loadReal } from './helpers.js';

describe('extractStyles', () => {
  it('reports one definition per element type, body first, every value in the documented form', () => {
    const styles = extractStyles(loadReal(DOCS.encoda));
    expect(styles.map((s) => s.element_type)).toEqual(ELEMENT_TYPES.map((e) => e.element));
    for (const s of styles) {
      expect(s.font_size).toMatch(/^\d+(\.\d+)?pt$/);
      expect(s.space_before).toMatch(/^\d+(\.\d+)?pt$/);
      expect(s.space_after).toMatch(/^\d+(\.\d+)?pt$/);
      expect(s.font_weight).toMatch(/^[1-9]00$/);
      expect(s.text_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(s.line_spacing).toMatch(/^(single|double|\d+(\.\d+)?)$/);
    }
  });

  it('reads the named styles of a fresh document (Google’s defaults)', () => {
    const byType = Object.fromEntries(extractStyles(loadReal(DOCS.fresh)).map((s) => [s.element_type, s]));
    expect(byType.body).toMatchObject({ font_family: 'Arial', font_size: '11pt', line_spacing: '1.15' });
    expect(byType.heading1).toMatchObject({ font_size: '20pt', space_before: '20pt', space_after: '6pt' });
    // 0.2627451 of 255 is 67 = 0x43; headings inherit the body's line spacing.
    expect(byType.heading3).toMatchObject({ text_color: '#434343', font_size: '14pt', line_spacing: '1.15' });
    expect(byType.subtitle).toMatchObject({ text_color: '#666666', font_size: '15pt', space_after: '16pt' });
  });

  it('prefers the direct formatting most of the body text carries over the named style', () => {
    const doc = loadReal(DOCS.markdownSingle);
    const tab = resolveTab(doc).content;
    const normal = tab.namedStyles?.styles?.find((s) => s.namedStyleType === 'NORMAL_TEXT');
    const namedFamily = normal?.textStyle?.weightedFontFamily?.fontFamily;
    // Count, independently of the extractor, which family most body characters render in.
    const styled = resolveTabStyles(tab);
    const counts = new Map<string, number>();
    let total = 0;
    for (const p of styled.paragraphs.filter((p) => p.namedStyleType === 'NORMAL_TEXT')) {
      for (const run of p.runs) {
        if (!run.isText || isCodeRun(run, styled.named.NORMAL_TEXT.fontFamily)) continue;
        const n = run.text.replace(/\n$/, '').length;
        counts.set(run.look.fontFamily, (counts.get(run.look.fontFamily) ?? 0) + n);
        total += n;
      }
    }
    const [winner, votes] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    expect(votes * 2).toBeGreaterThan(total);
    expect(winner).not.toBe(namedFamily);
    const body = extractStyles(doc).find((s) => s.element_type === 'body')!;
    expect(body.font_family).toBe(winner);
  });

  it('corrects the named size by the size the body is set in; an unused style reads from its named style', () => {
    const doc = loadReal(DOCS.contract);
    const tab = resolveTab(doc).content;
    const styled = resolveTabStyles(tab);
    const body = extractStyles(doc).find((s) => s.element_type === 'body')!;
    // The named body style says 10pt; the paragraphs are set in 12pt directly.
    expect(styled.named.NORMAL_TEXT.fontSize).toBe(10);
    expect(body.font_size).toBe('12pt');
    // HEADING_6 is defined but no paragraph uses it: its definition is the named style alone.
    expect(styled.paragraphs.some((p) => p.namedStyleType === 'HEADING_6')).toBe(false);
    const h6 = extractStyles(doc).find((s) => s.element_type === 'heading6')!;
    expect(h6.font_size).toBe(`${styled.named.HEADING_6.fontSize}pt`);
  });

  it('reads a multi-tab document per tab and requires a tab id', () => {
    const doc = loadReal(DOCS.multiTab);
    expect(() => extractStyles(doc)).toThrow(/tabs/);
    const tabIds = (doc.tabs ?? []).map((t) => t.tabProperties?.tabId ?? '');
    for (const id of tabIds) expect(extractStyles(doc, id)).toHaveLength(9);
    expect(() => extractStyles(doc, 't.nope')).toThrow(/no tab/);
  });
});

/**
 * Properties over generated documents with random stray formatting (fonts, code and symbol fonts,
 * sizes, colours, spacing, on whole paragraphs and on single runs): normalize always verifies, a
 * second normalize plans nothing, every body run that is not code reads as asked, and applying a
 * document's extracted styles to another makes it extract the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, getTab } from '../../src/docs/engine/index.js';
import { resolveTab } from '../../src/docs/export/tabs.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import {
  extractStyles,
  isCodeRun,
  planApplyStyles,
  planNormalize,
  resolveTabStyles,
  verifyStyleResult,
} from '../../src/docs/styles/index.js';
import type { DocsTextStyle, Document, Paragraph } from '../../src/ground/docs-json.js';

const FAMILIES = ['Georgia', 'Courier New', 'Wingdings', 'Comic Sans MS', 'Arial', 'Roboto Mono'];
const COLOURS = [{ red: 0.8 }, { blue: 0.5 }, {}];

const mutation = fc.record({
  at: fc.nat(),
  run: fc.option(fc.nat(), { nil: undefined }),
  kind: fc.constantFrom('family', 'size', 'colour', 'spacing', 'above', 'weight'),
  value: fc.nat({ max: 5 }),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function paragraphsOf(doc: Document): Paragraph[] {
  const out: Paragraph[] = [];
  for (const e of resolveTab(doc).content.body?.content ?? []) {
    if (e.paragraph) out.push(e.paragraph);
    for (const row of e.table?.tableRows ?? []) {
      for (const cell of row.tableCells ?? [])
        for (const c of cell.content ?? []) if (c.paragraph) out.push(c.paragraph);
    }
  }
  return out;
}

/** Writes stray formatting straight into the JSON (as a document from anywhere might carry it). */
function mutate(doc: Document, mutations: Mutation[]): Document {
  const copy = structuredClone(doc);
  const paragraphs = paragraphsOf(copy);
  for (const m of mutations) {
    const p = paragraphs[m.at % paragraphs.length]!;
    const runs = (p.elements ?? []).filter((e) => e.textRun);
    const targets = m.run === undefined ? runs : [runs[m.run % runs.length]!];
    const style = (extra: DocsTextStyle) => {
      for (const r of targets) r.textRun!.textStyle = { ...r.textRun!.textStyle, ...extra };
    };
    switch (m.kind) {
      case 'family':
        style({ weightedFontFamily: { fontFamily: FAMILIES[m.value % FAMILIES.length]!, weight: 400 } });
        break;
      case 'weight':
        style({ weightedFontFamily: { fontFamily: 'Arial', weight: 300 + 100 * (m.value % 5) } });
        break;
      case 'size':
        style({ fontSize: { magnitude: 8 + m.value * 2, unit: 'PT' } });
        break;
      case 'colour':
        style({ foregroundColor: { color: { rgbColor: COLOURS[m.value % COLOURS.length]! } } });
        break;
      case 'spacing':
        p.paragraphStyle = { ...p.paragraphStyle, lineSpacing: 100 + 25 * m.value };
        break;
      case 'above':
        p.paragraphStyle = { ...p.paragraphStyle, spaceAbove: { magnitude: 3 * m.value, unit: 'PT' } };
        break;
    }
  }
  return copy;
}

const documents = fc
  .tuple(fc.integer({ min: 1, max: 10_000 }), fc.array(mutation, { minLength: 1, maxLength: 25 }))
  .map(([seed, mutations]) => mutate(generateDocument({ pages: 1, seed }), mutations));

describe('formatting properties on generated documents', () => {
  it('normalize verifies, reads as asked, and is idempotent', () => {
    fc.assert(
      fc.property(documents, (doc) => {
        const plan = planNormalize(doc, undefined, {
          body_font: 'Lato',
          body_size: '12pt',
          line_spacing: '1.15',
          space_after: '6pt',
          heading_font: 'Merriweather',
        });
        const after = applyBatchUpdate(doc, { requests: plan.requests }).document;
        const tab = getTab(after, plan.tabId)!.documentTab!;
        expect(verifyStyleResult(resolveTab(doc).content, tab, plan.tabId, plan.targets)).toEqual([]);
        const styled = resolveTabStyles(tab);
        for (const p of styled.paragraphs) {
          if (p.namedStyleType !== 'NORMAL_TEXT') continue;
          expect(p.look.lineSpacing).toBe(115);
          expect(p.look.spaceBelow).toBe(6);
          for (const run of p.runs.filter((r) => r.isText)) {
            expect(run.look.fontSize).toBe(12);
            if (!isCodeRun(run, 'Lato')) expect(run.look.fontFamily).toBe('Lato');
          }
        }
        const again = planNormalize(after, undefined, {
          body_font: 'Lato',
          body_size: '12pt',
          line_spacing: '1.15',
          space_after: '6pt',
          heading_font: 'Merriweather',
        });
        expect(again.requests).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it('apply(extract(A)) on B extracts as A', () => {
    fc.assert(
      fc.property(documents, documents, (a, b) => {
        const styles = extractStyles(a);
        const plan = planApplyStyles(b, undefined, styles);
        const after = applyBatchUpdate(b, { requests: plan.requests }).document;
        expect(extractStyles(after)).toEqual(styles);
      }),
      { numRuns: 15 },
    );
  });
});

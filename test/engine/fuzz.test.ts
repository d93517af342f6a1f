/**
 * Randomised edits on real documents: every insertText/deleteContentRange the engine accepts
 * must equal the same edit on a flat UTF-16 model of the segment (markers for section breaks,
 * tables, rows, cells, TOCs; one unit per non-text element), and leave indices consistent.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, checkIndices, seededRandom, toTabsShape } from '../../src/docs/engine/index.js';
import { DocsApiError } from '../../src/errors.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { loadReal, opts } from './helpers.js';

const M = {
  sb: '\uf100',
  ts: '\uf101',
  row: '\uf102',
  cell: '\uf103',
  te: '\uf104',
  toc: '\uf105',
  obj: '\uf106',
};

function flatten(content: StructuralElement[] | null | undefined): string {
  let out = '';
  for (const se of content ?? []) {
    if (se.sectionBreak) out += M.sb;
    else if (se.paragraph) {
      for (const el of se.paragraph.elements ?? []) out += el.textRun ? (el.textRun.content ?? '') : M.obj;
    } else if (se.table) {
      out += M.ts;
      for (const row of se.table.tableRows ?? []) {
        out += M.row;
        for (const cell of row.tableCells ?? []) out += M.cell + flatten(cell.content);
      }
      out += M.te;
    } else if (se.tableOfContents) out += M.toc + flatten(se.tableOfContents.content) + M.toc;
  }
  return out;
}

const bodyOf = (doc: Document) => doc.tabs![0]!.documentTab!.body!.content!;
const SAMPLES = ['a', 'xyz', '😀', '漢字', 'e\u0301', '\n', 'line\nbreak', '\t', ' 🎉 ok\n'];

const FILES = [
  'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json',
  'cedricdelpoux__gatsby-source-google-docs__tables.json',
  'cedricdelpoux__gatsby-source-google-docs__lists.json',
  'cedricdelpoux__gatsby-source-google-docs__footnotes.json',
  'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json',
  'stencila__encoda__test-fixture-1.json',
];

describe('random edits agree with a flat UTF-16 model', () => {
  for (const file of FILES) {
    it(file, () => {
      let doc = toTabsShape(loadReal(file));
      let model = flatten(bodyOf(doc));
      const rnd = seededRandom(file.length * 7919);
      let accepted = 0;
      for (let step = 0; step < 30; step++) {
        const end = model.length;
        const insert = rnd() < 0.55;
        const s = 1 + Math.floor(rnd() * (end - 1));
        const len = 1 + Math.floor(rnd() * 6);
        const text = SAMPLES[Math.floor(rnd() * SAMPLES.length)]!;
        const request = insert
          ? { insertText: { location: { index: s }, text } }
          : { deleteContentRange: { range: { startIndex: s, endIndex: Math.min(end, s + len) } } };
        try {
          doc = applyBatchUpdate(doc, { requests: [request] }, opts(step)).document;
        } catch (e) {
          expect(e).toBeInstanceOf(DocsApiError);
          continue;
        }
        accepted++;
        if (insert) {
          // An index inside a surrogate pair moves to the start of the pair.
          const at =
            /[\udc00-\udfff]/.test(model[s] ?? '') && /[\ud800-\udbff]/.test(model[s - 1] ?? '') ? s - 1 : s;
          model = model.slice(0, at) + text + model.slice(at);
        } else {
          model = model.slice(0, s) + model.slice(Math.min(end, s + len));
        }
        expect(flatten(bodyOf(doc))).toBe(model);
        expect(checkIndices(doc)).toEqual([]);
      }
      expect(accepted).toBeGreaterThan(10);
    });
  }
});

/** Cross-reference invariants: unique heading ids on heading paragraphs only, footnotes and lists resolvable. */
function invariants(doc: Document): string[] {
  const problems: string[] = [];
  const dt = doc.tabs![0]!.documentTab!;
  const ids = new Set<string>();
  const refs = new Set<string>();
  const walk = (content: StructuralElement[] | null | undefined) => {
    for (const se of content ?? []) {
      const p = se.paragraph;
      if (p) {
        const ps = p.paragraphStyle ?? {};
        if (ps.headingId) {
          if (ids.has(ps.headingId)) problems.push(`duplicate heading id ${ps.headingId}`);
          ids.add(ps.headingId);
          if (!/^(HEADING_[1-6]|TITLE|SUBTITLE)$/.test(ps.namedStyleType ?? ''))
            problems.push(`id on ${ps.namedStyleType}`);
        }
        if (p.bullet?.listId && !dt.lists?.[p.bullet.listId])
          problems.push(`unknown list ${p.bullet.listId}`);
        for (const el of p.elements ?? [])
          if (el.footnoteReference) refs.add(el.footnoteReference.footnoteId!);
      }
      for (const row of se.table?.tableRows ?? []) for (const c of row.tableCells ?? []) walk(c.content);
      walk(se.tableOfContents?.content);
    }
  };
  walk(dt.body?.content);
  for (const id of refs) if (!dt.footnotes?.[id]) problems.push(`reference to missing footnote ${id}`);
  for (const id of Object.keys(dt.footnotes ?? {})) if (!refs.has(id)) problems.push(`orphan footnote ${id}`);
  return problems;
}

/** A random request of any common kind at random indices. */
function randomRequest(rnd: () => number, end: number): Record<string, unknown> {
  const s = 1 + Math.floor(rnd() * Math.max(1, end - 2));
  const e = Math.min(end - 1, s + 1 + Math.floor(rnd() * 40));
  const range = { startIndex: s, endIndex: Math.max(s + 1, e) };
  const pick = Math.floor(rnd() * 10);
  switch (pick) {
    case 0:
      return {
        updateTextStyle: { range, textStyle: { bold: true, italic: rnd() < 0.5 }, fields: 'bold,italic' },
      };
    case 1:
      return { updateTextStyle: { range, textStyle: { link: { url: 'https://x.test/' } }, fields: 'link' } };
    case 2:
      return {
        updateParagraphStyle: {
          range,
          paragraphStyle: { namedStyleType: ['HEADING_1', 'NORMAL_TEXT', 'TITLE'][Math.floor(rnd() * 3)] },
          fields: 'namedStyleType',
        },
      };
    case 3:
      return {
        createParagraphBullets: {
          range,
          bulletPreset: rnd() < 0.5 ? 'BULLET_DISC_CIRCLE_SQUARE' : 'NUMBERED_DECIMAL_NESTED',
        },
      };
    case 4:
      return { deleteParagraphBullets: { range } };
    case 5:
      return {
        insertTable: {
          location: { index: s },
          rows: 1 + Math.floor(rnd() * 3),
          columns: 1 + Math.floor(rnd() * 3),
        },
      };
    case 6:
      return { createFootnote: { location: { index: s } } };
    case 7:
      return { insertPageBreak: { location: { index: s } } };
    case 8:
      return { replaceAllText: { containsText: { text: 'e' }, replaceText: 'é😀' } };
    default:
      return { deleteContentRange: { range } };
  }
}

describe('random mixed requests keep the document well formed', () => {
  for (const file of FILES.slice(0, 4)) {
    it(file, () => {
      let doc = toTabsShape(loadReal(file));
      expect(invariants(doc)).toEqual([]);
      const rnd = seededRandom(file.length * 104729);
      let accepted = 0;
      for (let step = 0; step < 25; step++) {
        const end = bodyOf(doc).at(-1)!.endIndex!;
        const request = randomRequest(rnd, end);
        try {
          doc = applyBatchUpdate(doc, { requests: [request] }, opts(step)).document;
        } catch (e) {
          expect(e).toBeInstanceOf(DocsApiError);
          continue;
        }
        accepted++;
        expect(checkIndices(doc)).toEqual([]);
        expect(invariants(doc)).toEqual([]);
      }
      expect(accepted).toBeGreaterThan(8);
    });
  }
});

/**
 * Nothing is dropped: every piece of text of every tab of every real document (body, table cells,
 * footnotes; a table of contents is a placeholder and regenerates) is present in its export, once
 * MEBDF escapes are undone. Pieces are the text runs cut at what the export shows otherwise: soft
 * breaks, paragraph ends, object characters (U+E907) and named-range anchors.
 */
import { describe, expect, it } from 'vitest';
import { exportTab, listTabs } from '../../src/docs/export/index.js';
import type { DocumentTab, StructuralElement } from '../../src/ground/docs-json.js';
import { loadReal, realDocNames } from './real-docs.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** MEBDF text with escapes undone: `\x` -> `x` (ASCII punctuation), character references decoded. */
function unescapeMebdf(text: string): string {
  return text
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&([a-z]+);/g, (m, name: string) => ENTITIES[name] ?? m);
}

function namedRangeStarts(tab: DocumentTab): Set<number> {
  const out = new Set<number>();
  for (const group of Object.values(tab.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      const first = [...(nr.ranges ?? [])].sort((a, b) => (a.startIndex ?? 0) - (b.startIndex ?? 0))[0];
      if (first && !first.segmentId) out.add(first.startIndex ?? 0);
    }
  }
  return out;
}

function pieces(content: StructuralElement[], cuts: Set<number>, out: string[]): void {
  for (const se of content) {
    for (const el of se.paragraph?.elements ?? []) {
      const text = el.textRun?.content;
      if (!text) continue;
      const start = el.startIndex ?? 0;
      let from = 0;
      for (let i = 0; i <= text.length; i++) {
        const ch = text[i];
        if (i === text.length || ch === '\n' || ch === '\u000b' || ch === '\ue907' || cuts.has(start + i)) {
          const piece = text.slice(from, i).trim();
          if (piece) out.push(piece);
          from = cuts.has(start + i) && ch !== '\n' && ch !== '\u000b' && ch !== '\ue907' ? i : i + 1;
        }
      }
    }
    for (const row of se.table?.tableRows ?? [])
      for (const cell of row.tableCells ?? []) pieces(cell.content ?? [], cuts, out);
  }
}

describe('the text of every real tab is in its export', () => {
  for (const name of realDocNames()) {
    const doc = loadReal(name);
    for (const tab of listTabs(doc)) {
      it(`${name} ${tab.tabId}`, () => {
        const exported = unescapeMebdf(exportTab(doc, tab.tabId).content);
        const expected: string[] = [];
        const cuts = namedRangeStarts(tab.content);
        pieces(tab.content.body?.content ?? [], cuts, expected);
        for (const fn of Object.values(tab.content.footnotes ?? {}))
          pieces(fn.content ?? [], new Set(), expected);
        const missing = expected.filter((p) => !exported.includes(p));
        expect(missing).toEqual([]);
      });
    }
  }
});

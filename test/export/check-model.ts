/**
 * Checks of an exported block model against its Docs tab, shared by the real-document and the
 * property tests: the model's invariants hold, and the sources locate every inline exactly (each
 * text inline is the Docs text at its range; every index of a paragraph but its closing newline is
 * covered by exactly one inline).
 */
import { expect } from 'vitest';
import { deepEqual } from '../../src/docs/equality.js';
import type { BuiltTab } from '../../src/docs/export/exporter.js';
import type { CellBlockSource, ParagraphSource } from '../../src/docs/export/types.js';
import type { DocumentTab, StructuralElement } from '../../src/ground/docs-json.js';
import type { Block, Inline, MebdfDocument, ParagraphBlock } from '../../src/mebdf/model.js';

/** Segment text by index: every element's text (non-text elements as U+FFFC). */
function indexText(content: StructuralElement[], into: Map<number, string>): void {
  for (const se of content) {
    if (se.paragraph) {
      for (const el of se.paragraph.elements ?? []) {
        const start = el.startIndex ?? 0;
        const t = el.textRun ? (el.textRun.content ?? '') : '\ufffc';
        for (let i = 0; i < t.length; i++) into.set(start + i, t[i]!);
      }
    }
    if (se.table)
      for (const r of se.table.tableRows ?? [])
        for (const c of r.tableCells ?? []) indexText(c.content ?? [], into);
  }
}

function checkParagraph(block: ParagraphBlock, source: CellBlockSource, text: Map<number, string>): void {
  if (source.kind !== 'paragraph') {
    expect(block.inlines).toHaveLength(1);
    expect(block.inlines[0]!.type).toBe('embed');
    return;
  }
  const src = source as ParagraphSource;
  expect(src.inlines).toHaveLength(block.inlines.length);
  let covered = 0;
  let prevEnd = src.startIndex;
  block.inlines.forEach((inline: Inline, k: number) => {
    const { start, end } = src.inlines[k]!;
    expect(start).toBeGreaterThanOrEqual(prevEnd);
    prevEnd = end;
    covered += end - start;
    if (inline.type === 'text') {
      expect(inline.text).not.toMatch(/[\n\ue907]/);
      let docs = '';
      for (let i = start; i < end; i++) docs += text.get(i) ?? '?';
      expect(docs).toBe(inline.text);
    } else if (inline.type === 'break') {
      expect(text.get(start)).toBe('\u000b');
    } else if (inline.type === 'anchor') {
      expect(end).toBe(start);
    }
  });
  // Everything but the closing newline is covered exactly once.
  expect(covered).toBe(src.endIndex - src.startIndex - 1);
  expect(text.get(src.endIndex - 1)).toBe('\n');
}

export function checkInvariants(model: MebdfDocument): void {
  // No undefined values anywhere: JSON round trip is structurally identical.
  expect(JSON.parse(JSON.stringify(model))).toStrictEqual(model);
  const paragraphs: ParagraphBlock[] = [];
  const collect = (b: Block): void => {
    if (b.type === 'paragraph') paragraphs.push(b);
    else for (const row of b.rows) for (const cell of row) for (const c of cell.blocks) collect(c);
  };
  for (const b of model.blocks) collect(b);
  for (const ps of Object.values(model.footnotes)) for (const p of ps) collect(p);
  const keys: string[] = [];
  for (const p of paragraphs) {
    for (let k = 0; k < p.inlines.length; k++) {
      const a = p.inlines[k]!;
      const b = p.inlines[k + 1];
      if (a.type === 'text') {
        expect(a.text.length).toBeGreaterThan(0);
        for (const v of [a.style.color, a.style.highlight])
          if (v !== undefined) expect(v).toMatch(/^#[0-9a-f]{6}$/);
        for (const [, v] of Object.entries(a.style)) expect(v).not.toBe(false);
        if (b?.type === 'text') expect(deepEqual(b.style, a.style)).toBe(false);
      }
    }
    if (p.list && !keys.includes(p.list.key)) keys.push(p.list.key);
    if (p.style.namedStyle.startsWith('HEADING_')) expect(p.inlines[0]?.type).toBe('anchor');
  }
  expect(keys).toEqual(keys.map((_, i) => String(i + 1)));
}

/** Every check of a built tab against the Docs tab it came from. */
export function checkBuilt(built: BuiltTab, tab: DocumentTab): void {
  checkInvariants(built.model);
  expect(built.sources).toHaveLength(built.model.blocks.length);
  const body = new Map<number, string>();
  indexText(tab.body?.content ?? [], body);
  built.model.blocks.forEach((block, i) => {
    const source = built.sources[i]!;
    if (block.type === 'table') {
      expect(source.kind).toBe('table');
      if (source.kind !== 'table') return;
      block.rows.forEach((row, r) => {
        row.forEach((cell, c) => {
          const cs = source.rows[r]!.cells[c]!;
          expect(cs.blocks).toHaveLength(cell.blocks.length);
          cell.blocks.forEach((p, k) => {
            checkParagraph(p, cs.blocks[k]!, body);
          });
        });
      });
    } else {
      checkParagraph(block, source as CellBlockSource, body);
    }
  });
  for (const [label, paras] of Object.entries(built.model.footnotes)) {
    const fs = built.footnoteSources[label]!;
    const seg = new Map<number, string>();
    indexText(tab.footnotes?.[fs.footnoteId]?.content ?? [], seg);
    paras.forEach((p, k) => {
      checkParagraph(p, fs.blocks[k]!, seg);
    });
  }
}

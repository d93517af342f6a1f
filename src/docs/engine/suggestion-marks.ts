/**
 * Where suggestions live in Docs JSON, as the discovery document names them: every paragraph
 * element's inner object (`textRun`, `person`, …) carries `suggestedInsertionIds`,
 * `suggestedDeletionIds` and `suggestedTextStyleChanges`; a paragraph carries
 * `suggestedParagraphStyleChanges` and `suggestedBulletChanges`; tables and rows carry insertion
 * and deletion ids; a list made by a suggestion has `suggestedInsertionId`. Helpers to read, add,
 * and drop them, and to find the index ranges a suggestion inserted or deleted.
 */
import type { Paragraph, ParagraphElement, StructuralElement, Tab } from '../../ground/docs-json.js';
import type { Segment } from './document.js';
import { allTabs } from './indices.js';

/** The ids a holder of suggestion marks lists under `key`. */
export type MarkKey = 'suggestedInsertionIds' | 'suggestedDeletionIds';

type Holder = Record<string, unknown>;

/** The element's inner object (`textRun`, `inlineObjectElement`, `person`, …). */
export function innerOf(el: ParagraphElement): Holder | undefined {
  for (const [k, v] of Object.entries(el)) {
    if (k !== 'startIndex' && k !== 'endIndex' && v && typeof v === 'object') return v as Holder;
  }
  return undefined;
}

export function idsOf(holder: Holder | undefined | null, key: MarkKey): string[] {
  const ids = holder?.[key];
  return Array.isArray(ids) ? (ids as string[]) : [];
}

export function addId(holder: Holder, key: MarkKey, id: string): void {
  const ids = idsOf(holder, key);
  if (!ids.includes(id)) holder[key] = [...ids, id];
}

/** Drop `id` from `key`; the field goes when it empties (Google omits empty lists). */
export function dropId(holder: Holder, key: MarkKey, id: string): boolean {
  const ids = idsOf(holder, key);
  if (!ids.includes(id)) return false;
  const left = ids.filter((x) => x !== id);
  if (left.length > 0) holder[key] = left;
  else delete holder[key];
  return true;
}

/** True when any suggestion inserted the element (it is not part of the accepted text). */
export function isInserted(el: ParagraphElement): boolean {
  return idsOf(innerOf(el), 'suggestedInsertionIds').length > 0;
}

/** True when the paragraph's closing newline is a suggested insertion. */
export function newlineInserted(para: Paragraph): boolean {
  const els = para.elements ?? [];
  const last = els[els.length - 1];
  return last !== undefined && isInserted(last);
}

/** Every paragraph of a content list, tables and tables of contents included. */
export function forEachParagraph(content: StructuralElement[], fn: (p: Paragraph) => void): void {
  for (const se of content) {
    if (se.paragraph) fn(se.paragraph);
    for (const row of se.table?.tableRows ?? []) {
      for (const cell of row.tableCells ?? []) forEachParagraph(cell.content ?? [], fn);
    }
    if (se.tableOfContents) forEachParagraph(se.tableOfContents.content ?? [], fn);
  }
}

/** Every content list of a tab: body, headers, footers, footnotes, with its segment. */
export function segmentsOf(tab: Tab): Segment[] {
  const dt = tab.documentTab;
  if (!dt) return [];
  const out: Segment[] = [];
  if (dt.body?.content) out.push({ kind: 'body', id: '', content: dt.body.content, start: 0 });
  for (const [kind, map] of [
    ['header', dt.headers],
    ['footer', dt.footers],
    ['footnote', dt.footnotes],
  ] as const) {
    for (const [id, seg] of Object.entries(map ?? {})) {
      if (seg.content) out.push({ kind, id, content: seg.content, start: 0 });
    }
  }
  return out;
}

/** Every suggestion id in the document, in document order. */
export function suggestionIdsIn(doc: Parameters<typeof allTabs>[0]): string[] {
  const ids = new Set<string>();
  const add = (list: unknown) => {
    if (Array.isArray(list)) for (const id of list) ids.add(id as string);
  };
  const walk = (content: StructuralElement[]) => {
    for (const se of content) {
      if (se.table) {
        add(se.table.suggestedInsertionIds);
        add(se.table.suggestedDeletionIds);
        for (const row of se.table.tableRows ?? []) {
          add(row.suggestedInsertionIds);
          add(row.suggestedDeletionIds);
          for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
        }
      }
      if (se.tableOfContents) walk(se.tableOfContents.content ?? []);
      const p = se.paragraph;
      if (!p) continue;
      for (const el of p.elements ?? []) {
        const inner = innerOf(el);
        add(inner?.suggestedInsertionIds);
        add(inner?.suggestedDeletionIds);
        for (const id of Object.keys((inner?.suggestedTextStyleChanges as object) ?? {})) ids.add(id);
      }
      for (const id of Object.keys(p.suggestedParagraphStyleChanges ?? {})) ids.add(id);
      for (const id of Object.keys(p.suggestedBulletChanges ?? {})) ids.add(id);
    }
  };
  for (const tab of allTabs(doc)) {
    for (const seg of segmentsOf(tab)) walk(seg.content);
    for (const list of Object.values(tab.documentTab?.lists ?? {})) {
      if (list.suggestedInsertionId) ids.add(list.suggestedInsertionId);
    }
  }
  return [...ids];
}

/**
 * The index ranges of a content list marked with `id` under `key`, merged where they touch, in
 * document order. A table marked whole is one range (its content is not visited).
 */
export function markedRanges(content: StructuralElement[], key: MarkKey, id: string): [number, number][] {
  const out: [number, number][] = [];
  const push = (s: number, e: number) => {
    const last = out[out.length - 1];
    if (last && last[1] === s) last[1] = e;
    else out.push([s, e]);
  };
  const walk = (list: StructuralElement[]) => {
    for (const se of list) {
      if (se.table) {
        if (idsOf(se.table as Holder, key).includes(id)) {
          push(se.startIndex ?? 0, se.endIndex ?? 0);
          continue;
        }
        for (const row of se.table.tableRows ?? []) {
          // A row marked whole goes as a row (deleteTableRow), not as ranges of its cells.
          if (idsOf(row as Holder, key).includes(id)) continue;
          for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
        }
      }
      for (const el of se.paragraph?.elements ?? []) {
        if (idsOf(innerOf(el), key).includes(id)) push(el.startIndex ?? 0, el.endIndex ?? 0);
      }
    }
  };
  walk(content);
  return out;
}

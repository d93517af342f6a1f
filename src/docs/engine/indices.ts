/**
 * The index model: every structural element's startIndex/endIndex re-derived from the UTF-16
 * length of its content, exactly as Google lays them out (tables: start marker, a marker per row
 * and per cell, the cell contents, an end marker; TOC: start marker, content, end marker).
 * Also `checkIndices`, which reports every place where stored indices disagree with that model.
 */

import { allTabs as tabsIn } from '../../ground/all-tabs.js';
import type { Document, ParagraphElement, StructuralElement, Tab } from '../../ground/docs-json.js';

/** Length of one paragraph element: text in UTF-16 units, every other kind 1. */
export function elementLength(el: ParagraphElement): number {
  if (el.textRun) return (el.textRun.content ?? '').length;
  return 1;
}

type Indexed = { startIndex?: number | null; endIndex?: number | null };

/** Set indices on an object, dropping a zero start (proto3) and keeping startIndex first when added. */
function setIndices<T extends Indexed>(obj: T, start: number, end: number): void {
  const o = obj as Record<string, unknown>;
  if (start === 0) {
    delete o.startIndex;
  } else if (!('startIndex' in o)) {
    // Put the new key first, as Google writes it, without changing the object identity.
    const entries = Object.entries(o);
    for (const [k] of entries) delete o[k];
    o.startIndex = start;
    for (const [k, v] of entries) o[k] = v;
  } else {
    o.startIndex = start;
  }
  o.endIndex = end;
}

/**
 * Re-derive indices of a content list's elements `[from, to)` (default all), element `from`
 * starting at `start`; returns where element `to` starts. The elements outside are left as they are.
 */
export function reindexContent(
  content: StructuralElement[],
  start: number,
  from = 0,
  to = content.length,
): number {
  let pos = start;
  for (let i = from; i < to; i++) {
    const se = content[i]!;
    const s = pos;
    if (se.paragraph) {
      for (const el of se.paragraph.elements ?? []) {
        const n = elementLength(el);
        setIndices(el, pos, pos + n);
        pos += n;
      }
    } else if (se.sectionBreak) {
      pos += 1;
    } else if (se.table) {
      pos += 1;
      for (const row of se.table.tableRows ?? []) {
        const rs = pos;
        pos += 1;
        for (const cell of row.tableCells ?? []) {
          const cs = pos;
          pos = reindexContent(cell.content ?? [], pos + 1);
          setIndices(cell, cs, pos);
        }
        setIndices(row, rs, pos);
      }
      pos += 1;
    } else if (se.tableOfContents) {
      pos = reindexContent(se.tableOfContents.content ?? [], pos + 1) + 1;
    }
    setIndices(se, s, pos);
  }
  return pos;
}

/** Every tab of a document, depth first (child tabs after their parent). */
export function allTabs(doc: Document): Tab[] {
  return [...tabsIn(doc.tabs)];
}

class Checker {
  readonly errors: string[] = [];

  content(content: StructuralElement[] | null | undefined, start: number, where: string): number {
    let pos = start;
    (content ?? []).forEach((se, i) => {
      const s = se.startIndex ?? 0;
      const e = se.endIndex ?? s;
      const at = `${where}[${i}]`;
      if (s !== pos) this.errors.push(`${at} starts at ${s}, expected ${pos}`);
      if (se.sectionBreak) {
        if (e - s !== 1) this.errors.push(`${at} sectionBreak has length ${e - s}`);
      } else if (se.paragraph) {
        let p = s;
        const els = se.paragraph.elements ?? [];
        els.forEach((el, j) => {
          const es = el.startIndex ?? 0;
          const ee = el.endIndex ?? es;
          if (es !== p) this.errors.push(`${at}.elements[${j}] starts at ${es}, expected ${p}`);
          if (ee - es !== elementLength(el)) {
            this.errors.push(`${at}.elements[${j}] has length ${ee - es}, content says ${elementLength(el)}`);
          }
          p = ee;
        });
        if (p !== e) this.errors.push(`${at} paragraph ends at ${e}, elements end at ${p}`);
        const last = els[els.length - 1];
        if (!last?.textRun?.content?.endsWith('\n'))
          this.errors.push(`${at} paragraph does not end with a newline`);
      } else if (se.table) {
        let p = s + 1;
        (se.table.tableRows ?? []).forEach((row, r) => {
          if ((row.startIndex ?? 0) !== p)
            this.errors.push(`${at}.row${r} starts at ${row.startIndex}, expected ${p}`);
          p += 1;
          (row.tableCells ?? []).forEach((cell, c) => {
            if ((cell.startIndex ?? 0) !== p) {
              this.errors.push(`${at}.row${r}.cell${c} starts at ${cell.startIndex}, expected ${p}`);
            }
            p = this.content(cell.content, p + 1, `${at}.r${r}c${c}`);
            if (cell.endIndex !== p)
              this.errors.push(`${at}.row${r}.cell${c} ends at ${cell.endIndex}, expected ${p}`);
          });
          if (row.endIndex !== p) this.errors.push(`${at}.row${r} ends at ${row.endIndex}, expected ${p}`);
        });
        if (e !== p + 1) this.errors.push(`${at} table ends at ${e}, expected ${p + 1}`);
      } else if (se.tableOfContents) {
        const end = this.content(se.tableOfContents.content, s + 1, `${at}.toc`);
        if (e !== end + 1) this.errors.push(`${at} TOC ends at ${e}, expected ${end + 1}`);
      }
      pos = e;
    });
    return pos;
  }
}

type SegmentHolder = {
  body?: { content?: StructuralElement[] | null } | null;
  headers?: Record<string, { content?: StructuralElement[] | null }> | null;
  footers?: Record<string, { content?: StructuralElement[] | null }> | null;
  footnotes?: Record<string, { content?: StructuralElement[] | null }> | null;
};

function checkHolder(c: Checker, h: SegmentHolder, name: string): void {
  c.content(h.body?.content, 0, `${name}.body`);
  for (const kind of ['headers', 'footers', 'footnotes'] as const) {
    for (const [id, seg] of Object.entries(h[kind] ?? {}))
      c.content(seg.content, 0, `${name}.${kind}[${id}]`);
  }
}

/**
 * Index-consistency check of a whole document (either shape): an empty list means every
 * startIndex/endIndex matches the UTF-16 layout model.
 */
export function checkIndices(doc: Document): string[] {
  const c = new Checker();
  for (const tab of allTabs(doc)) {
    if (tab.documentTab)
      checkHolder(c, tab.documentTab as SegmentHolder, `tab ${tab.tabProperties?.tabId ?? '?'}`);
  }
  if (doc.body) checkHolder(c, doc as SegmentHolder, 'document');
  return c.errors;
}

/**
 * Links left dangling: a heading the new content leaves out may be the target of links elsewhere
 * in the tab (outside the target, or in the new content itself). Deleting it silently would leave
 * those links pointing nowhere, so the plan names each of them: without allow_deletions the import
 * is refused, with it the links are listed in the result's warnings.
 */
import { ValidationError } from '../../errors.js';
import type { StructuralElement } from '../../ground/docs-json.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { headingAnchorId, isHeading, markedInlines } from './guards.js';
import type { PlanInput } from './plan.js';

/** A link to a heading, in words: its text and the heading id. */
interface HeadingLink {
  id: string;
  text: string;
}

/** Heading ids of `doc`'s top-level headings. */
function headingIds(doc: MebdfDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of doc.blocks) {
    if (!isHeading(b)) continue;
    const id = headingAnchorId(b);
    if (!id) continue;
    out.set(id, b.inlines.map((x) => (x.type === 'text' ? x.text : '')).join(''));
  }
  return out;
}

/** Links of the tab's body to headings of this tab, outside `[start, end)`. */
function bodyLinks(content: StructuralElement[], tabId: string, start: number, end: number): HeadingLink[] {
  const out: HeadingLink[] = [];
  const visit = (els: StructuralElement[]): void => {
    for (const el of els) {
      for (const row of el.table?.tableRows ?? [])
        for (const cell of row.tableCells ?? []) visit(cell.content ?? []);
      for (const pe of el.paragraph?.elements ?? []) {
        const link = pe.textRun?.textStyle?.link;
        if (!link) continue;
        const id = link.heading?.id ?? link.headingId;
        const linkTab = link.heading?.tabId ?? link.tabId;
        if (!id || (linkTab && linkTab !== tabId)) continue;
        const at = pe.startIndex ?? 0;
        if (at >= start && at < end) continue;
        out.push({ id, text: (pe.textRun?.content ?? '').trim() });
      }
    }
  };
  visit(content);
  return out;
}

/** Refuses (or, with allowDeletions, warns of) deleting headings that links point to. */
export function checkDanglingLinks(input: PlanInput): string[] {
  const before = headingIds(input.old.model);
  if (before.size === 0) return [];
  const kept = new Set<string>();
  for (const i of markedInlines(input.next)) if (i.type === 'anchor' && i.id) kept.add(i.id);
  // A heading written again without its anchor, under the same text, is not a deletion to warn of.
  const rewritten = new Set<string>();
  for (const b of input.next.blocks) {
    if (isHeading(b) && headingAnchorId(b) === null) {
      rewritten.add(b.inlines.map((x) => (x.type === 'text' ? x.text : '')).join(''));
    }
  }
  const deleted = [...before].filter(([id, text]) => !kept.has(id) && !rewritten.has(text)).map(([id]) => id);
  if (deleted.length === 0) return [];
  const sources = input.old.sources;
  const start = sources[0]?.startIndex ?? 0;
  const end = sources[sources.length - 1]?.endIndex ?? start;
  const links = bodyLinks(input.tab.body?.content ?? [], input.tabId, start, end);
  for (const i of markedInlines(input.next)) {
    if (i.type === 'text' && i.style.link?.startsWith('#^'))
      links.push({ id: i.style.link.slice(2), text: i.text });
  }
  const dangling = deleted.flatMap((id) => {
    const to = links.filter((l) => l.id === id);
    if (to.length === 0) return [];
    const names = to.map((l) => JSON.stringify(l.text)).join(', ');
    return [`heading {^ ${id}} ${JSON.stringify(before.get(id))} is linked from ${names}`];
  });
  if (dangling.length === 0) return [];
  if (!input.allowDeletions) {
    throw new ValidationError(
      `Deleting a heading would leave links to it dangling: ${dangling.join('; ')}.`,
      'Keep the heading, relink or remove those links first, or pass allow_deletions to delete it anyway.',
    );
  }
  return dangling.map((d) => `Links now dangle: ${d}.`);
}

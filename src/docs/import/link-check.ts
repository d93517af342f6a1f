/**
 * Links left dangling: a heading the new content leaves out may be the target of links elsewhere
 * in the tab (outside the target, or in the new content itself). Deleting it silently would leave
 * those links pointing nowhere, so the plan names each of them: without allow_deletions the import
 * is refused, with it the links are listed in the result's warnings.
 */
import { ValidationError } from '../../errors.js';
import type { StructuralElement } from '../../ground/docs-json.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { headingAnchorId, isHeading, markedInlines, textOf } from './guards.js';
import type { PlanInput } from './plan.js';
import { RetypedHeadingsError } from './retyped-headings.js';

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
    out.set(id, textOf(b));
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
  // (A heading written without its anchor that is the target's has it back by now, planImport: one
  // still without it is typed anew, under a new id, even with the same text.)
  const deleted = [...before].filter(([id]) => !kept.has(id)).map(([id]) => id);
  if (deleted.length === 0) return [];
  const sources = input.old.sources;
  const start = sources[0]?.startIndex ?? 0;
  const end = sources[sources.length - 1]?.endIndex ?? start;
  const links = bodyLinks(input.tab.body?.content ?? [], input.tabId, start, end);
  for (const i of markedInlines(input.next)) {
    if (i.type === 'text' && i.style.link?.startsWith('#^'))
      links.push({ id: i.style.link.slice(2), text: i.text });
  }
  // Headings of the same text written without an anchor: the old one typed anew (it crosses an
  // object, which cannot move, or another heading moved the other way), under a new id.
  const bareTexts = new Set<string>();
  for (const b of input.next.blocks)
    if (isHeading(b) && headingAnchorId(b) === null) bareTexts.add(textOf(b));
  const retyped = deleted.filter((id) => bareTexts.has(before.get(id)!));
  const elsewhere = input.linkedElsewhere?.() ?? new Set<string>();
  const dangling = deleted.flatMap((id) => {
    const to = links.filter((l) => l.id === id);
    if (to.length === 0 && !elsewhere.has(id)) return [];
    const names = [
      ...to.map((l) => JSON.stringify(l.text)),
      ...(elsewhere.has(id) ? ['another tab, a header or a footer'] : []),
    ].join(', ');
    return [{ id, words: `heading {^ ${id}} ${JSON.stringify(before.get(id))} is linked from ${names}` }];
  });
  const relinked = input.relinked ?? new Set<string>();
  const linked = (id: string) => elsewhere.has(id) || links.some((l) => l.id === id);
  const notes = retyped.map((id) =>
    relinked.has(id)
      ? `The heading ${JSON.stringify(before.get(id))} was typed anew where it now stands (Docs cannot move text), so it has a new id (new_headings); the links of this document to {^ ${id}} now point to it, a link from elsewhere no longer reaches it.`
      : `The heading ${JSON.stringify(before.get(id))} was typed anew where it now stands (Docs cannot move text), so it has a new id (new_headings); a link to {^ ${id}} from outside this document no longer reaches it.`,
  );
  const moved = retyped.filter((id) => linked(id) && !relinked.has(id));
  if (moved.length > 0) {
    // The import can type them anew and point their links at them after (retyped-headings.ts).
    throw new RetypedHeadingsError(
      moved,
      `A heading typed anew where it now stands gets a new id, and that would leave links to it dangling: ${dangling
        .filter((d) => moved.includes(d.id))
        .map((d) => d.words)
        .join('; ')}.`,
      'Write the heading with its {^ id} (as exported) so that it keeps it, or relink or remove those links first.',
    );
  }
  const gone = dangling.filter((d) => !relinked.has(d.id)).map((d) => d.words);
  if (gone.length === 0) return notes;
  if (!input.allowDeletions) {
    throw new ValidationError(
      `Deleting a heading would leave links to it dangling: ${gone.join('; ')}.`,
      'Keep the heading (renamed, it is the same heading with its {^ id} kept on it), relink or remove those links first, or pass allow_deletions to delete it anyway.',
    );
  }
  return [...notes, ...gone.map((d) => `Links now dangle: ${d}.`)];
}

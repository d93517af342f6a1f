/**
 * The import result, built from plain data: what was planned, where, at which revision, and for a
 * dry run the would-be content with its diff. Also which new headings need their server ids read
 * back. Pure.
 */
import { createTwoFilesPatch } from 'diff';
import type { BatchUpdateResponse } from '../../ground/docs-json.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { headingLevel } from '../export/style-overrides.js';
import { markedInlinesOf } from '../import/guards.js';
import { type Plan, repinnedWarning } from '../import/index.js';
import type { ImportTarget, VerifyScope } from '../import/verify.js';
import type { ImportResult, NewHeading } from './contract.js';

/**
 * The fields every import result has. `replies`: the write's, which name the anchors the plan
 * made again (a dry run's have no ids Docs chose).
 */
function common(plan: Plan, scope: VerifyScope, replies?: BatchUpdateResponse['replies']) {
  const warnings = [...plan.warnings];
  for (const anchor of plan.repinned ?? []) {
    const reply = replies?.[plan.requests.indexOf(anchor.request)];
    warnings.push(repinnedWarning(anchor, reply?.createNamedRange?.namedRangeId ?? undefined));
  }
  if (plan.deleted.length) {
    warnings.push(
      `Deleted objects (allow_deletions): ${plan.deleted.map((d) => `${d.id} (${d.kind})`).join(', ')}.`,
    );
  }
  return {
    success: true as const,
    tab_id: scope.tabId,
    ...(scope.anchorId !== null ? { anchor_id: scope.anchorId } : {}),
    preserved_objects: plan.preserved,
    warnings,
    requests: plan.requests as unknown[],
  };
}

/** The result of a write (or of a plan with nothing to write): the revision it made. */
export function writeReport(
  plan: Plan,
  scope: VerifyScope,
  written: { revision: string; headings: NewHeading[]; replies?: BatchUpdateResponse['replies'] },
): ImportResult {
  return {
    ...common(plan, scope, written.replies),
    revision_id: written.revision,
    new_headings: written.headings,
    dry_run: false,
  };
}

/**
 * A dry run's result: what the write would do, with the would-be content and its diff. New
 * headings show their anchor as `{^}` (new: the write makes its id), never the id our own
 * engine made up while verifying, which the document will not have.
 */
export function dryRunReport(
  plan: Plan,
  read: { scope: VerifyScope; revision: string; target: { content: string } },
  intended: MebdfDocument,
  result: ImportTarget,
): ImportResult {
  const made = newHeadings(intended, result);
  let content = result.content;
  for (const h of made) content = content.split(`{^ ${h.anchor_id}}`).join('{^}');
  // So do anchors the write makes again (their new id is Docs'), where the text gave their old one.
  if (plan.repinned?.length) {
    const meant = anchorIds(intended.blocks);
    for (const id of anchorIds(result.model.blocks))
      if (!meant.has(id)) content = content.split(`{^ ${id}}`).join('{^}');
  }
  return {
    ...common(plan, read.scope),
    revision_id: read.revision,
    new_headings: made.map((h) => ({ ...h, anchor_id: '' })),
    dry_run: true,
    diff: createTwoFilesPatch('current', 'imported', read.target.content, content, '', '', {
      context: 3,
    }),
    result_content: content,
  };
}

/** The ids of the anchors in `blocks` (table cells' too). */
function anchorIds(blocks: readonly Block[]): Set<string> {
  return new Set(
    markedInlinesOf(blocks).flatMap((x) => (x.type === 'anchor' && x.id !== null ? [x.id] : [])),
  );
}

function headingAnchor(b: Block): string | null {
  if (b.type !== 'paragraph') return null;
  const first = b.inlines[0];
  return first?.type === 'anchor' ? first.id : null;
}

/** New headings of the intended content (no anchor given) with the ids the document gave them. */
export function newHeadings(intended: MebdfDocument, written: ImportTarget): NewHeading[] {
  const out: NewHeading[] = [];
  if (written.model.blocks.length !== intended.blocks.length) return out;
  intended.blocks.forEach((ib, i) => {
    const wb = written.model.blocks[i]!;
    if (ib.type !== 'paragraph' || wb.type !== 'paragraph') return;
    const level = headingLevel(ib.style.namedStyle);
    if (level === 0 || headingAnchor(ib) !== null) return;
    const id = headingAnchor(wb);
    if (!id) return;
    const text = ib.inlines.map((x) => (x.type === 'text' ? x.text : '')).join('');
    out.push({ anchor_id: id, level, text });
  });
  return out;
}

/** Whether the intended content has new headings, whose ids only a read after the write tells. */
export function needsReRead(intended: MebdfDocument): boolean {
  return intended.blocks.some(
    (b) => b.type === 'paragraph' && headingLevel(b.style.namedStyle) > 0 && headingAnchor(b) === null,
  );
}

/**
 * The import planner: old model (an export of the target, with its sources) + new model (the
 * parsed MEBDF) -> the fewest batchUpdate requests turning one into the other. Pure.
 *
 * `planImport` only chains the stages (see index.ts): the guards, the edit script
 * (build-script.ts), its lowering to requests (lower.ts), and the anchor check (anchor-check.ts).
 */
import { ValidationError } from '../../errors.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { namedStyleBases } from '../export/styles.js';
import type { BlockSource, FootnoteSource } from '../export/types.js';
import type { DocumentTab, Request } from '../types.js';
import { checkAnchors } from './anchor-check.js';
import { buildScript } from './build-script.js';
import { type DeletedObject, PlanContext } from './context.js';
import { allInlines, checkObjects, checkSection } from './guards.js';
import { Lowering } from './lower.js';
import { RunStyles } from './run-styles.js';

export interface PlanTarget {
  /** What the planner edits: the old content as exported, with where each block is in Docs. */
  model: MebdfDocument;
  sources: BlockSource[];
  footnoteSources: Record<string, FootnoteSource>;
}

export interface PlanInput {
  tabId: string;
  /** The tab's content (named styles, lists, positioned objects). */
  tab: DocumentTab;
  old: PlanTarget;
  next: MebdfDocument;
  /** The body's end index (the final newline's end): the last paragraph cannot be deleted. */
  bodyEnd: number;
  /** `section` checks the section rules; `anchorId` `''` is the preamble. */
  /** `followingLevel`: the level of the heading right after the section (0 when none). */
  scope: { kind: 'tab' } | { kind: 'section'; anchorId: string; followingLevel?: number };
  allowDeletions: boolean;
  /** Embed ids anywhere in the tab, to tell "moved here from elsewhere" from "unknown". */
  tabEmbedIds?: Set<string>;
  /**
   * The old content as parsed back from its canonical text, when that differs from `old.model`
   * only in details reading loses: blocks equal to their canonical form count as unchanged.
   */
  canonical?: MebdfDocument;
}

export interface Plan {
  requests: Request[];
  /** Objects the requests delete (only with allowDeletions). */
  deleted: DeletedObject[];
  /** Object ids of the target that the plan leaves in place. */
  preserved: string[];
  warnings: string[];
  /** How many named ranges the plan creates for `{^}`. */
  anchorsCreated: number;
}

/** Plans the import of `next` over the target `old`. Throws the typed errors of the guards. */
export function planImport(input: PlanInput): Plan {
  const { old, next } = input;
  if (input.scope.kind === 'section') {
    checkSection(old.model, next, input.scope.anchorId, input.scope.followingLevel ?? 0);
  }
  const positionedIds = new Set(Object.keys(input.tab.positionedObjects ?? {}));
  const bases = namedStyleBases(input.tab);
  const script = buildScript(input);
  // Objects: every placeholder must name an object of the target, once; missing ones would go.
  const { oldEmbeds, seen, missing } = checkObjects(old.model, next, input.tabEmbedIds, input.allowDeletions);
  const newFootnoteLabels = new Set<string>();
  for (const i of allInlines(next)) if (i.type === 'footnoteRef') newFootnoteLabels.add(i.label);
  const ctx = new PlanContext({
    tabId: input.tabId,
    bases,
    lists: script.lists,
    positioned: (id) => positionedIds.has(id),
    runStyles: new RunStyles(input.tab, input.tabId, bases),
    oldEmbedIds: new Set(oldEmbeds.keys()),
    newEmbedIds: seen,
    newFootnoteLabels,
  });
  for (const [id, m] of missing) ctx.recordDeleted(id, m.kind, m.caption);

  // Footnotes: existing ones are edited in their own segments (new ones need a second write).
  for (const label of Object.keys(next.footnotes)) {
    if (!(label in old.model.footnotes)) {
      throw new ValidationError(
        `The footnote [^${label}] is new: creating a footnote with its text needs two writes, which an import does not do.`,
        'Add the footnote in Docs, then edit its text here.',
      );
    }
  }
  const lowering = new Lowering(ctx, input.tab);
  for (const footnote of script.footnotes) lowering.container(footnote);
  lowering.container(script.body);
  checkAnchors(ctx, input);
  ctx.deleted.sort((a, b) => a.id.localeCompare(b.id));
  return {
    requests: ctx.requests,
    deleted: ctx.deleted,
    preserved: [...oldEmbeds.keys()].filter((id) => seen.has(id)),
    warnings: [...new Set(ctx.warnings)],
    anchorsCreated: ctx.anchorsCreated,
  };
}

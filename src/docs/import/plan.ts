/**
 * The import planner: old model (an export of the target, with its sources) + new model (the
 * parsed MEBDF) -> the fewest batchUpdate requests turning one into the other. Pure.
 *
 * `planImport` only chains the stages (see index.ts): the guards, the edit script
 * (build-script.ts), its lowering to requests (lower.ts), and the anchor check (anchor-check.ts).
 */

import type { DocumentTab, Request } from '../../ground/docs-json.js';
import type { MebdfDocument, NamedStyleType } from '../../mebdf/model.js';
import { CodeRanges } from '../export/code-blocks.js';
import { HtmlRanges } from '../export/html-ranges.js';
import { ImageRanges } from '../export/image-marks.js';
import { MarkRanges } from '../export/quote-blocks.js';
import { type NamedStyleBase, namedStyleBases } from '../export/style-overrides.js';
import type { BlockSource, FootnoteSource } from '../export/types.js';
import { checkAnchors } from './anchor-check.js';
import { buildScript } from './build-script.js';
import {
  type DeletedObject,
  type FollowingParagraph,
  PlanContext,
  type PlanEnv,
  type RepinnedAnchor,
} from './context.js';
import type { ListPairs } from './edit-script.js';
import {
  checkFootnotes,
  checkHeadingIds,
  checkObjects,
  checkSection,
  markedInlines,
  type ObjectCheck,
} from './guards.js';
import { withHeadingAnchors } from './heading-anchors.js';
import { checkDanglingLinks } from './link-check.js';
import { keyedFollowing, pairFollowing } from './list-following.js';
import { checkListStarts } from './list-guard.js';
import { lowerScript } from './lower.js';
import { joinsByAnyPreset, levelIndents, listGoesOnAfter } from './lower-lists.js';
import { withoutHeadingIds } from './retyped-headings.js';
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
  /** `namedStyleBases(tab)`, when the caller has it already (a read's build, exporter.ts). */
  bases?: Record<NamedStyleType, NamedStyleBase>;
  old: PlanTarget;
  next: MebdfDocument;
  /** The body's end index (the final newline's end): the last paragraph cannot be deleted. */
  bodyEnd: number;
  /**
   * The paragraph right after the target in the tab (a section's next heading), where new content
   * at the target's end goes when no paragraph of the target can take it.
   */
  following?: FollowingParagraph;
  /** `section` checks the section rules; `anchorId` `''` is the preamble. */
  /** `followingLevel`: the level of the heading right after the section (0 when none). */
  scope: { kind: 'tab' } | { kind: 'section'; anchorId: string; followingLevel?: number };
  allowDeletions: boolean;
  /** Embed ids anywhere in the tab, to tell "moved here from elsewhere" from "unknown". */
  tabEmbedIds?: Pick<ReadonlySet<string>, 'has'>;
  /**
   * The old content as parsed back from its canonical text, when that differs from `old.model`
   * only in details reading loses: blocks equal to their canonical form count as unchanged.
   */
  canonical?: MebdfDocument;
  /**
   * Ids of the target's headings to type anew where the content puts them (their anchors taken off,
   * never put back), whose links the import points at the new headings after the write
   * (retyped-headings.ts): what a RetypedHeadingsError of an earlier plan named.
   */
  relinked?: ReadonlySet<string>;
  /** Ids of the tab's headings that links in other tabs, headers or footers point to (asked only when a heading goes). */
  linkedElsewhere?: () => ReadonlySet<string>;
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
  /** Anchors of the target the plan makes again: each reads back with a new id, as a `{^}` does. */
  repinned?: RepinnedAnchor[];
  /**
   * Labels of the footnotes the requests create, in the order of their createFootnote requests
   * (and so of their replies). Their text is a second batchUpdate (service/new-footnotes.ts).
   */
  footnotesCreated: string[];
}

/** Plans the import of `next` over the target `old`. Throws the typed errors of the guards. */
export function planImport(given: PlanInput): Plan {
  // Headings written without their anchor are the target's headings they match (heading-anchors.ts);
  // so are those of the export read back (it shows only the anchors links need).
  const retype = given.relinked ?? new Set<string>();
  const input: PlanInput = {
    ...given,
    next: withHeadingAnchors(withoutHeadingIds(given.next, retype), given.old.model, retype),
    ...(given.following ? { following: keyedFollowing(given.following) } : {}),
  };
  if (given.canonical) input.canonical = withHeadingAnchors(given.canonical, given.old.model);
  const { old, next } = input;
  // 1. Guards: refusals before anything is planned.
  if (input.scope.kind === 'section') {
    checkSection(old.model, next, input.scope.anchorId, input.scope.followingLevel ?? 0);
  }
  checkHeadingIds(old.model, next);
  const objects = checkObjects(old.model, next, input.tabEmbedIds, input.allowDeletions);
  const createdFootnotes = checkFootnotes(old.model, next);
  checkListStarts(next);
  const dangling = checkDanglingLinks(input);
  // 2. The edit script.
  const script = buildScript({
    ...input,
    joinable: (id) => joinsByAnyPreset(input.tab, id),
    goesOnAfter: (id, index, leaving) => listGoesOnAfter(input.tab, id, index, leaving),
  });
  // 3. Its lowering to requests.
  const lists = pairFollowing(script.lists, script, input.following, input.tab);
  const ctx = new PlanContext(planEnv(input, lists, objects, createdFootnotes));
  for (const [id, m] of objects.missing) ctx.recordDeleted(id, m.kind, m.caption);
  lowerScript(ctx, input.tab, script);
  // 4. Anchors the requests drop or empty.
  checkAnchors(ctx, input);
  return {
    requests: ctx.requests,
    deleted: [...ctx.deleted].sort((a, b) => a.id.localeCompare(b.id)),
    preserved: [...objects.oldEmbeds.keys()].filter((id) => objects.seen.has(id)),
    warnings: [...new Set([...dangling, ...ctx.warnings])],
    anchorsCreated: ctx.anchorsCreated,
    ...(ctx.repinned.length ? { repinned: [...ctx.repinned] } : {}),
    footnotesCreated: [...ctx.footnotesCreated],
  };
}

/** What the lowering reads: the tab's styles and objects, the list pairings, the objects on each side. */
function planEnv(
  input: PlanInput,
  lists: ListPairs,
  objects: ObjectCheck,
  createdFootnotes: ReadonlySet<string>,
): PlanEnv {
  const positionedIds = new Set(Object.keys(input.tab.positionedObjects ?? {}));
  const bases = input.bases ?? namedStyleBases(input.tab);
  const newFootnoteLabels = new Set<string>();
  for (const i of markedInlines(input.next)) if (i.type === 'footnoteRef') newFootnoteLabels.add(i.label);
  return {
    tabId: input.tabId,
    bases,
    lists,
    tab: input.tab,
    levelIndents: (listId, level) => levelIndents(input.tab, listId, level),
    positioned: (id) => positionedIds.has(id),
    runStyles: new RunStyles(input.tab, input.tabId, bases),
    codeRanges: new CodeRanges(input.tab),
    markRanges: new MarkRanges(input.tab),
    htmlRanges: new HtmlRanges(input.tab),
    imageRanges: new ImageRanges(input.tab),
    oldEmbedIds: new Set(objects.oldEmbeds.keys()),
    newEmbedIds: objects.seen,
    newFootnoteLabels,
    createdFootnotes,
    ...(input.following ? { following: input.following } : {}),
  };
}

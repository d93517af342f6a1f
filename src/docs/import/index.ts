/**
 * The import compiler: MEBDF content -> the minimal batchUpdate that makes a tab or section say it.
 * Pure. The service (src/docs/service/import.ts) reads the document, chains planImport and
 * verifyImport (verify.ts: the requests applied on the engine, the result compared through
 * ../equality.ts), and makes the guarded write.
 *
 * Stages, each a module with one job and plain data between them (`planImport`, plan.ts, only
 * chains them):
 * 1. parse: MEBDF text -> block model (src/mebdf, before this package).
 * 2. heading anchors (heading-anchors.ts): a heading written without its anchor that matches a
 *    heading of the target gets that anchor back (the export shows only the anchors links need).
 * 2b. guards (guards.ts, list-guard.ts): section rules, objects, suggestions, lists no Docs
 *    document holds: refusals before any planning.
 * 3. align (align.ts + comparators.ts): one comparator-based alignment of old and new items, used
 *    for a container's blocks, a table's rows and its columns -> keep / pair / del / ins ops.
 * 4. edit script (edit-script.ts, built by build-script.ts; tables by table-edit.ts): immutable
 *    steps per container (edit-paragraph, edit-table {rows, columns, cell scripts, merges},
 *    delete run, insert run) and the old -> new list pairings (list-pairing.ts, which also turns
 *    the pairing of a paragraph made an item beside a list into typing it anew there). No index yet.
 * 5. lowering (lower.ts; paragraphs.ts, lower-table.ts, table-insert.ts, lower-lists.ts,
 *    list-rebuild.ts): the script -> batchUpdate requests, each container back to front so
 *    indices stay valid; request payloads from style-payloads.ts, paragraphs as Docs index units
 *    from paragraph-units.ts, the style of the text as read from run-styles.ts, an anchor the
 *    new text moves made again by anchor-repin.ts. One accumulator (context.ts) per plan.
 * 6. anchor check (anchor-check.ts): named ranges dropped or left without text.
 * 7. verification (verify.ts, describe-difference.ts): the plan applied to a copy of the document
 *    by the engine, re-exported and compared with the intended model; a difference is described
 *    as the first differing block, in words.
 */
export { repinnedWarning } from './anchor-repin.js';
export type { DeletedObject, FollowingParagraph, RepinnedAnchor } from './context.js';
export { withHeadingAnchors } from './heading-anchors.js';
export { type Plan, type PlanInput, type PlanTarget, planImport } from './plan.js';

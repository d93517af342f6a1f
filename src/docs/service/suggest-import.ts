/**
 * Import in suggest mode: the edit's own request list, sent with `writeControl.writeMode:
 * "SUGGEST"`, so the document's accepted text does not change and every change is a suggestion.
 *
 * - Before writing (`asSuggestions`): named-range requests (the anchors a new `{^ id}` would
 *   create, or the ones a deletion drops) are left out with a note; any other request Docs cannot
 *   carry as a suggestion refuses the import, naming the request, and nothing is written.
 * - Verified on our engine (`verifySuggestions`): the batch applied in suggest mode must leave the
 *   view without suggestions as it was, and make the view with suggestions accepted equal the
 *   edit-mode result.
 * - After writing (`checkSuggestionsLanded`): the reply must list created suggestion ids and a
 *   re-read must show them; otherwise the server applied the write as a direct edit, and that is
 *   an error, said loudly.
 */
import { SuggestionsNotCreatedError, SuggestModeError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type {
  BatchUpdateRequest,
  BatchUpdateResponse,
  Document,
  Location,
  Request,
} from '../../ground/docs-json.js';
import { createdSuggestionIds, withWriteMode } from '../../ground/suggestions.js';
import { stringifyMebdf } from '../../mebdf/index.js';
import type { Block, Inline, MebdfDocument } from '../../mebdf/model.js';
import {
  applyBatchUpdate,
  findTable,
  getTab,
  SUGGESTABLE_REQUESTS,
  segmentOf,
  suggestionIdsIn,
  viewDocument,
} from '../engine/index.js';
import { allTabs } from '../engine/indices.js';
import { CODE_RANGE_NAME } from '../export/code-blocks.js';
import { HTML_RANGE_NAME } from '../export/html-ranges.js';
import { IMAGE_RANGE_NAME } from '../export/image-marks.js';
import { exportTab } from '../export/index.js';
import { embedIds, mapParagraphs } from '../export/model-utils.js';
import { ITEM_RANGE_NAME, QUOTE_RANGE_NAME, RULE_RANGE_NAME } from '../export/quote-blocks.js';
import type { Plan } from '../import/index.js';
import type { VerifyScope } from '../import/verify.js';
import { stylesBeforeSplits } from './suggest-order.js';
import { inSuggestPositions, type RowInsertion } from './suggest-positions.js';
import { styleRepairs } from './suggest-repair.js';

/** How an import writes: as direct edits or as suggestions. */
export type ImportMode = 'edit' | 'suggest';

/**
 * The batch's accepted view is not the edit: the error a style repair may mend (the type callers
 * see is the same), with the document the batch left, which the repair reads.
 */
class NotAsIntendedError extends SuggestModeError {
  constructor(readonly after: Document) {
    super(
      'As suggestions, this edit would not read as intended once accepted (accepting every suggestion would not give the edited text and its styles); nothing was written.',
      'Import it with mode "edit", or split it into smaller edits.',
    );
  }
}

/**
 * The invisible named ranges that mark a paragraph as a construct Docs has no element for (grammar
 * §4): Docs cannot suggest them either, so a suggested code block, quote or rule is its look only.
 */
const MARKS: Record<string, string> = {
  [CODE_RANGE_NAME]: 'A code block is suggested as its Courier New text',
  [QUOTE_RANGE_NAME]: 'A block quote is suggested as its look (the indent and the bar)',
  [RULE_RANGE_NAME]: 'A rule is suggested as its look (an empty paragraph with a bottom border)',
  [ITEM_RANGE_NAME]: "A list item's further paragraph is suggested as an indented paragraph",
  [HTML_RANGE_NAME]: 'Raw HTML is suggested as its source text',
  [IMAGE_RANGE_NAME]: 'An image Docs cannot fetch is suggested as its linked text',
};

/** The mark a `createNamedRange` writes (`mebdf-code js` is a code mark), if it is one. */
function markOf(req: Request): string | undefined {
  const name = req.createNamedRange?.name ?? '';
  const mark = name.split(' ', 1)[0]!;
  return MARKS[mark] ? mark : undefined;
}

/** Requests left out of a suggestion write, with why. */
const LEFT_OUT: Record<string, string> = {
  createNamedRange:
    'New anchors ({^ id}) are not created in suggest mode (Docs cannot suggest a named range); import the anchor in edit mode once the suggestion is accepted.',
  deleteNamedRange:
    'Anchors ({^ id}) of text suggested for deletion are not removed (Docs cannot suggest removing a named range): accepting drops one whose text it deletes entirely; one that also covers other text stays, to be removed in edit mode.',
};

const REQUEST_WORDS: Record<string, string> = {
  insertTableRow: 'a new table row',
  insertTableColumn: 'a new table column',
  deleteTableRow: 'a deleted table row',
  deleteTableColumn: 'a deleted table column',
  mergeTableCells: 'merged table cells',
  unmergeTableCells: 'unmerged table cells',
  updateTableCellStyle: 'a table cell style',
  updateTableColumnProperties: 'a column width',
  updateTableRowStyle: 'a table row height',
  pinTableHeaderRows: 'pinned header rows',
  createFootnote: 'a new footnote',
  deletePositionedObject: 'a removed positioned image',
  replaceImage: 'a replaced image',
  insertSectionBreak: 'a section break',
  replaceNamedRangeContent: 'a named range rewrite',
};

/**
 * The plan's requests as a suggestion write: named-range requests left out, others refused.
 */
export function asSuggestions(plan: Plan): Plan {
  // Suggested, the new text would take the anchor with it: the range cannot be made again.
  if (plan.repinned?.length) {
    throw new SuggestModeError(
      `New content right after the empty paragraph the anchor {^ ${plan.repinned[0]!.id}} starts at would move that anchor onto it, and Docs cannot suggest making a named range again; nothing was written.`,
      'Import this change with mode "edit", or add the new content before that paragraph.',
    );
  }
  const requests: Request[] = [];
  const notes = new Set<string>();
  for (const req of plan.requests) {
    const type = Object.keys(req)[0] ?? '';
    const mark = markOf(req);
    if (mark) {
      notes.add(
        `${MARKS[mark]}: Docs cannot suggest the invisible named range that marks it, so once accepted it reads back as that until the text is imported again in edit mode.`,
      );
      continue;
    }
    if (LEFT_OUT[type]) {
      notes.add(LEFT_OUT[type]!);
      continue;
    }
    if (!SUGGESTABLE_REQUESTS.has(type)) {
      throw new SuggestModeError(
        `This edit needs ${REQUEST_WORDS[type] ?? `a ${type} request`}, which Docs cannot make as a suggestion; nothing was written.`,
        'Import this change with mode "edit", or leave that part out of the suggested edit.',
      );
    }
    requests.push(req);
  }
  return { ...plan, requests, warnings: [...notes, ...plan.warnings] };
}

/** The batch body of a suggestion write. */
export function suggestionBody(requests: Request[], revision: string): BatchUpdateRequest {
  return withWriteMode({ requests, writeControl: { requiredRevisionId: revision } }, 'SUGGEST');
}

function withoutAnchors(model: MebdfDocument, known?: ReadonlySet<string>): string {
  // An object a write makes (an image inserted) gets an id per write: not `known`, it reads as new.
  const inlines = (xs: Inline[]): Inline[] =>
    xs.flatMap((i) =>
      i.type === 'anchor' ? [] : i.type === 'embed' && known && !known.has(i.id) ? [{ ...i, id: '' }] : [i],
    );
  const blocks = mapParagraphs(model.blocks, (b) => ({ ...b, inlines: inlines(b.inlines) }));
  return stringifyMebdf({ ...model, blocks });
}

/** The anchor ids (heading ids, named ranges) a model shows, in order. */
function anchorsOf(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) =>
    b.type === 'table'
      ? b.rows.flatMap((r) => r.flatMap((c) => anchorsOf(c.blocks)))
      : b.inlines.flatMap((i) => (i.type === 'anchor' && i.id ? [i.id] : [])),
  );
}

/** The whole tab in a view (a section's heading may itself be suggested, and absent from a view). */
function viewed(
  doc: Document,
  mode: 'PREVIEW_SUGGESTIONS_ACCEPTED' | 'PREVIEW_WITHOUT_SUGGESTIONS',
  tabId: string,
  /** The objects the document had before: others read as new (their ids are the write's). */
  known?: ReadonlySet<string>,
): { text: string; anchors: string[]; objects: Set<string> } {
  const model = exportTab(viewDocument(doc, mode), tabId).model;
  return { text: withoutAnchors(model, known), anchors: anchorsOf(model.blocks), objects: embedIds(model) };
}

/** Every tab's content of `doc` (the document itself in the shape without tabs). */
function contentsOf(doc: Document): Array<Pick<Document, 'namedRanges'> | null | undefined> {
  return doc.tabs ? allTabs(doc).map((t) => t.documentTab) : [doc];
}

/** The named range ids of every tab of `doc`. */
function rangeIds(doc: Document): Set<string> {
  const ids = new Set<string>();
  for (const content of contentsOf(doc))
    for (const group of Object.values(content?.namedRanges ?? {}))
      for (const range of group.namedRanges ?? []) ids.add(range.namedRangeId ?? '');
  return ids;
}

/**
 * `edited` without the named ranges its write created, which a suggestion write leaves out (Docs
 * cannot suggest one): what accepting the suggestions can give at most.
 */
function withoutNewRanges(edited: Document, doc: Document): Document {
  const had = rangeIds(doc);
  if ([...rangeIds(edited)].every((id) => had.has(id))) return edited;
  const copy = structuredClone(edited);
  for (const content of contentsOf(copy)) {
    if (!content?.namedRanges) continue;
    for (const [name, group] of Object.entries(content.namedRanges)) {
      group.namedRanges = (group.namedRanges ?? []).filter((r) => had.has(r.namedRangeId ?? ''));
      if (group.namedRanges.length === 0) delete content.namedRanges[name];
    }
  }
  return copy;
}

/**
 * The suggestion batch applied by our engine: the accepted text is unchanged and accepting every
 * suggestion gives the edit-mode result (`edited`, the verified edit-mode document). Anchors are
 * set aside (new heading ids are minted per write, named ranges are left out).
 */
export function verifySuggestions(input: {
  doc: Document;
  edited: Document;
  requests: Request[];
  scope: VerifyScope;
}): void {
  const { doc, edited, requests, scope } = input;
  let after: Document;
  let created: string[];
  try {
    const applied = applyBatchUpdate(doc, suggestionBody(requests, doc.revisionId ?? ''));
    after = applied.document;
    created = createdSuggestionIds(applied.response);
  } catch (e) {
    throw new SuggestModeError(
      `This edit cannot be made as suggestions (${e instanceof Error ? e.message : String(e)}); nothing was written.`,
      'Import it with mode "edit", or split it into smaller edits.',
    );
  }
  // Text that is itself a pending suggestion takes a change directly (it is that suggestion's
  // text): an edit that changes only such text suggests nothing, and its reply would read as a
  // direct edit (checkSuggestionsLanded).
  if (requests.length > 0 && created.length === 0) {
    throw new SuggestModeError(
      'As suggestions, this edit would suggest nothing: it changes only text that is itself a pending suggestion, which takes a change directly; nothing was written.',
      'Import it with mode "edit" (it changes only that suggested text), or accept or reject that suggestion first.',
    );
  }
  const was = viewed(doc, 'PREVIEW_WITHOUT_SUGGESTIONS', scope.tabId);
  const kept = viewed(after, 'PREVIEW_WITHOUT_SUGGESTIONS', scope.tabId);
  const unchanged = kept.text === was.text;
  const accepted =
    viewed(after, 'PREVIEW_SUGGESTIONS_ACCEPTED', scope.tabId, was.objects).text ===
    viewed(withoutNewRanges(edited, doc), 'PREVIEW_SUGGESTIONS_ACCEPTED', scope.tabId, was.objects).text;
  // Without the suggestions (as rejecting them all leaves it) the tab keeps its anchors: a new
  // paragraph typed into an empty heading splits it, and the half that keeps the heading's
  // newline gets a new heading id, so rejecting would break every link to the heading.
  const lost = was.anchors.filter((id) => !kept.anchors.includes(id));
  if (unchanged && accepted && lost.length > 0) {
    throw new SuggestModeError(
      `As suggestions, this edit would give ${lost.map((id) => `{^ ${id}}`).join(', ')} a new id if rejected (Docs splits that paragraph to place the new text, and links to it would break); nothing was written.`,
      'Import it with mode "edit", or suggest the new text elsewhere in the section.',
    );
  }
  // Part of the write would not be a suggestion (a style change of a paragraph whose break is
  // itself suggested is direct): the text without the suggestions, as rejecting leaves it, differs.
  if (!unchanged) {
    throw new SuggestModeError(
      'As suggestions, part of this edit would change the document as it reads without suggestions (a style change of text or of a paragraph whose break is itself a pending suggestion applies at once, for one), so rejecting would not restore it; nothing was written.',
      'Import it with mode "edit", or split it into smaller edits.',
    );
  }
  if (!accepted) {
    throw new NotAsIntendedError(after);
  }
}

/**
 * The suggestion write of `plan` (asSuggestions' answer), verified. Tried in turn, the first that
 * verifies is sent: the plan's positions moved past the text its suggested deletions keep
 * (suggest-positions.ts), an insertion there after the struck text (a replaced word reads
 * `~~old~~new`) and then before it (the new text then takes its style from the character before
 * it, as in edit mode); the plan as it is; then the same three with the paragraph styles moved
 * before the insertions after them (suggest-order.ts: a paragraph whose break the new content took
 * is styled while its own break still ends it); last, the same three with the styles moved also
 * past a deletion that closes up right where their range starts (which positions alone cannot
 * place: `stylesBeforeSplits` guessing); then with new paragraphs typed before a styled paragraph
 * carried, with its style, ahead of what is typed after it (`carry`). Then each whose accepted
 * view was not the edit, with the style requests that give it the edit's styles
 * (suggest-repair.ts). When none verifies, the first one's error.
 */
export function verifiedSuggestions(
  plan: Plan,
  input: { doc: Document; edited: Document; scope: VerifyScope },
): Plan {
  const tried = new Set<string>();
  /** The candidates whose accepted view was not the edit: a style repair may mend those. */
  const mendable: Array<{ requests: Request[]; after: Document }> = [];
  let first: unknown;
  const hoisted = stylesBeforeSplits(plan.requests);
  // Last, styles moved further where their positions alone cannot tell whether they may: tried,
  // and kept only when they verify (a candidate that held before is found first, as before).
  const guessed = stylesBeforeSplits(plan.requests, { guess: true });
  // Then new paragraphs typed before a styled paragraph carried ahead of what is typed after it.
  const carried = stylesBeforeSplits(plan.requests, { carry: true });
  const carriedGuessed = stylesBeforeSplits(plan.requests, { guess: true, carry: true });
  const moved = (requests: Request[], side: 'after' | 'before') =>
    inSuggestPositions(requests, side, rowsIn(input.doc, requests));
  /** A plan's three candidates: its positions moved past kept text (after, then before), and as it is. */
  const three = (requests: Request[] | undefined) =>
    requests ? [moved(requests, 'after'), moved(requests, 'before'), requests] : [];
  const candidates = [plan.requests, hoisted, guessed, carried, carriedGuessed].flatMap(three);
  for (const requests of candidates) {
    const key = JSON.stringify(requests);
    if (!requests || tried.has(key)) continue;
    tried.add(key);
    try {
      verifySuggestions({ ...input, requests });
      return { ...plan, requests };
    } catch (e) {
      if (!(e instanceof SuggestModeError)) throw e;
      if (e instanceof NotAsIntendedError) mendable.push({ requests, after: e.after });
      first ??= e;
    }
  }
  // Text in place with other styles than the edit's (new text next to struck text takes the
  // struck text's style): each such candidate again with requests that set the edit's styles.
  for (const { requests, after } of mendable) {
    const repaired = withStyleRepairs(requests, after, input);
    if (!repaired) continue;
    try {
      verifySuggestions({ ...input, requests: repaired });
      return { ...plan, requests: repaired };
    } catch (e) {
      if (!(e instanceof SuggestModeError)) throw e;
    }
  }
  throw first;
}

/**
 * Where the `insertTableRow` at `index` of `requests` puts its row and how long the row is (one
 * cell a column, as the table has them then): the plan applied up to it in edit mode, and the
 * table compared before and after it. Undefined when that cannot be found.
 */
function rowsIn(doc: Document, requests: readonly Request[]): (index: number) => RowInsertion | undefined {
  return (index) => {
    const request = requests[index] as {
      insertTableRow?: { tableCellLocation?: { tableStartLocation?: Location } };
    };
    const start = request.insertTableRow?.tableCellLocation?.tableStartLocation;
    if (!start) return undefined;
    const tableIn = (d: Document) => {
      const tab = getTab(d, start.tabId);
      const content = tab && segmentOf(tab, start.segmentId)?.content;
      return content && findTable(content, start.index ?? 0);
    };
    try {
      const before = applyBatchUpdate(doc, { requests: requests.slice(0, index) }).document;
      const after = applyBatchUpdate(before, { requests: [requests[index]!] }).document;
      const was = tableIn(before);
      const now = tableIn(after);
      if (!was || !now) return undefined;
      const old = was.table.tableRows ?? [];
      const rows = now.table.tableRows ?? [];
      let r = 0;
      while (r < old.length && old[r]!.startIndex === rows[r]?.startIndex) r += 1;
      const row = rows[r];
      if (!row) return undefined;
      return { at: row.startIndex ?? 0, length: (now.se.endIndex ?? 0) - (was.se.endIndex ?? 0) };
    } catch {
      return undefined;
    }
  };
}

/** `requests` and the style requests that give their accepted view the edit's styles (suggest-repair.ts). */
function withStyleRepairs(
  requests: Request[],
  after: Document,
  input: { doc: Document; edited: Document; scope: VerifyScope },
): Request[] | undefined {
  const repairs = styleRepairs({
    after,
    accepted: viewDocument(after, 'PREVIEW_SUGGESTIONS_ACCEPTED'),
    want: viewDocument(input.edited, 'PREVIEW_SUGGESTIONS_ACCEPTED'),
    tabId: input.scope.tabId,
  });
  return repairs && [...requests, ...repairs];
}

/** The reply lists created suggestions and a re-read shows them; else the write was a direct edit. */
export async function checkSuggestionsLanded(
  backend: Backend,
  documentId: string,
  response: BatchUpdateResponse,
): Promise<string[]> {
  const ids = createdSuggestionIds(response);
  if (ids.length === 0) {
    throw new SuggestionsNotCreatedError(
      "The document was changed DIRECTLY, not by suggestions: the server created no suggestion for a write sent in suggest mode. Check the document's version history.",
      'The server may not support suggest mode for this document or account; undo the change in Docs if it was not wanted.',
    );
  }
  const shown = new Set(suggestionIdsIn(await backend.get(documentId)));
  const missing = ids.filter((id) => !shown.has(id));
  if (missing.length === ids.length) {
    throw new SuggestionsNotCreatedError(
      `The document was changed, but a re-read shows none of the ${ids.length} suggestions the server reported (${ids.slice(0, 3).join(', ')}): the write may have been applied as a direct edit.`,
      'Open the document in Docs and check its suggestions and version history.',
    );
  }
  return ids;
}

/**
 * Section use cases over a Backend: insert a new section, delete one, move one. Each is one read,
 * a plan of the smallest change through the import planner (src/docs/structure/splice.ts: only the
 * blocks at the place are planned, verified and sent — never the whole tab), and one batchUpdate
 * guarded by the revision read; a move is its insert and its delete in that same one batchUpdate,
 * so it happens entirely or not at all. New headings get their ids from Docs: the document is read
 * once more after the write to return them.
 */
import { RevisionConflictError, ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document, Request } from '../../ground/docs-json.js';
import { type BuiltTab, buildTab } from '../export/exporter.js';
import { sectionSpans } from '../export/sections.js';
import {
  checkNewSection,
  headedSection,
  headingsIn,
  insertionPoint,
  movableContent,
  type Placement,
} from '../structure/sections.js';
import { planSplice } from '../structure/splice.js';
import { commentChanges, IMPORT_READ } from './comment-import.js';
import type { NewHeading, SectionTarget, TabTarget } from './contract.js';
import { relinkAfterWrite } from './relink-write.js';

export type { Placement } from '../structure/sections.js';

export interface SectionEditOptions {
  dry_run?: boolean;
}

export interface SectionEditResult {
  success: true;
  tab_id: string;
  /** The revision after the write (the one read for a dry run). */
  revision_id: string;
  /** The batchUpdate requests sent (or, for a dry run, planned). */
  requests: unknown[];
  /** The headings of the section written (inserted or moved), with the anchors Docs gave them. */
  new_headings: NewHeading[];
  /** Heading anchors that no longer exist (the deleted or moved section's). */
  removed_anchors: string[];
  warnings: string[];
  dry_run: boolean;
}

/** Attempts per edit: the first plus two after a revision conflict (re-read and re-planned). */
const ATTEMPTS = 3;

/** What one attempt planned: the requests, and where the written section is afterwards. */
interface Planned {
  tabId: string;
  revision: string;
  requests: Request[];
  placed: { first: number; end: number } | null;
  removed: string[];
  warnings: string[];
  /** Dry run: the headings of the written section (anchors Docs has not given yet are ''). */
  preview: NewHeading[];
}

export async function insertSectionService(
  backend: Backend,
  target: TabTarget,
  placement: Placement,
  content: string,
  options: SectionEditOptions = {},
): Promise<SectionEditResult> {
  return await edit(backend, target.document_id, options, (doc) => {
    const built = buildTab(doc, target.tab_id);
    checkNewSection(content, built);
    const at = insertionPoint(built, placement);
    const plan = planSplice({
      doc,
      tabId: built.tab.tabId,
      first: at,
      end: at,
      content,
      allowDeletions: false,
      built,
    });
    return planned(doc, built.tab.tabId, plan.requests, plan.placed, [], plan.warnings, plan.after);
  });
}

export async function deleteSectionService(
  backend: Backend,
  target: SectionTarget,
  options: SectionEditOptions = {},
): Promise<SectionEditResult> {
  return await edit(backend, target.document_id, options, (doc) => {
    const built = buildTab(doc, target.tab_id);
    const span = headedSection(built, target.anchor_id);
    const removed = headingsIn(built, span.firstBlock, span.endBlock).map((h) => h.anchor_id);
    const plan = planSplice({
      doc,
      tabId: built.tab.tabId,
      first: span.firstBlock,
      end: span.endBlock,
      content: '',
      // Deleting the section is what was asked (and confirmed): its objects go with it.
      allowDeletions: true,
      built,
    });
    const warnings = [...plan.warnings];
    if (plan.deleted.length > 0) {
      warnings.push(
        `Deleted with the section: ${plan.deleted.map((d) => `${d.id} (${d.kind})`).join(', ')}.`,
      );
    }
    return planned(doc, built.tab.tabId, plan.requests, null, removed, warnings, plan.after);
  });
}

export async function moveSectionService(
  backend: Backend,
  target: SectionTarget,
  placement: Placement,
  options: SectionEditOptions = {},
): Promise<SectionEditResult> {
  return await edit(backend, target.document_id, options, (doc) => {
    const built = buildTab(doc, target.tab_id);
    const tabId = built.tab.tabId;
    const span = headedSection(built, target.anchor_id);
    const at = insertionPoint(built, placement);
    if (at > span.firstBlock && at < span.endBlock) {
      throw new ValidationError(
        `A section cannot be moved into itself: ${placementWords(placement)} lies inside section ${target.anchor_id}.`,
        'Name a place outside the section (get_hierarchy lists the anchors).',
      );
    }
    if (at === span.firstBlock || at === span.endBlock) {
      throw new ValidationError(
        `Section ${target.anchor_id} is already ${placementWords(placement)}; nothing to move.`,
        'Name another place (get_hierarchy lists the anchors).',
      );
    }
    const removed = headingsIn(built, span.firstBlock, span.endBlock).map((h) => h.anchor_id);
    const content = movableContent(built, span);
    // The copy first, then the original (shifted when the copy went before it), planned on the
    // document as the copy leaves it; both in one batchUpdate.
    const copy = planSplice({ doc, tabId, first: at, end: at, content, allowDeletions: false, built });
    const n = copy.placed.end - copy.placed.first;
    const shift = at <= span.firstBlock ? n : 0;
    const original = planSplice({
      doc: copy.after,
      tabId,
      first: span.firstBlock + shift,
      end: span.endBlock + shift,
      content: '',
      allowDeletions: false,
      // Their links are pointed at the copy's headings after the write (edit()).
      relinked: new Set(removed),
    });
    const length = span.endBlock - span.firstBlock;
    const placed =
      at <= span.firstBlock
        ? copy.placed
        : { first: copy.placed.first - length, end: copy.placed.end - length };
    const warnings = [
      ...copy.warnings,
      ...original.warnings,
      `The moved section's headings have new anchors (Docs gives every new heading its id, new_headings); the links of this document to the old ones (${removed.join(', ')}) are pointed at them, a link from elsewhere no longer reaches them.`,
    ];
    return planned(
      doc,
      tabId,
      [...copy.requests, ...original.requests],
      placed,
      removed,
      warnings,
      original.after,
    );
  });
}

function planned(
  doc: Document,
  tabId: string,
  requests: Request[],
  placed: { first: number; end: number } | null,
  removed: string[],
  warnings: string[],
  after: Document,
): Planned {
  const built = placed ? buildTab(after, tabId) : null;
  const preview =
    built && placed ? headingsIn(built, placed.first, placed.end).map((h) => ({ ...h, anchor_id: '' })) : [];
  const absorbed = built && placed ? takenIn(built, placed) : [];
  if (absorbed.length > 0) {
    warnings.push(
      `The section now also holds the ${absorbed.length} deeper section${absorbed.length === 1 ? '' : 's'} that followed the place (${absorbed.map((h) => `${h.anchor_id} "${h.text}"`).join(', ')}): a section runs to the next heading of its level or higher. Use a deeper heading level to keep them where they were.`,
    );
  }
  warnings.push(...commentChanges(doc, after, tabId));
  return { tabId, revision: doc.revisionId ?? '', requests, placed, removed, warnings, preview };
}

/** Headings right after the written section that now belong to it (they are deeper). */
function takenIn(built: BuiltTab, placed: { first: number; end: number }): NewHeading[] {
  const span = sectionSpans(built.model).find((s) => s.firstBlock === placed.first);
  return span && span.endBlock > placed.end ? headingsIn(built, placed.end, span.endBlock) : [];
}

/** One read, one plan, one guarded write; a revision conflict re-reads and re-plans. */
async function edit(
  backend: Backend,
  documentId: string,
  options: SectionEditOptions,
  plan: (doc: Document) => Planned,
): Promise<SectionEditResult> {
  let last: RevisionConflictError | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = await backend.get(documentId, IMPORT_READ);
    const p = plan(doc);
    const result = {
      success: true as const,
      tab_id: p.tabId,
      requests: p.requests as unknown[],
      removed_anchors: p.removed,
      warnings: p.warnings,
    };
    if (options.dry_run || p.requests.length === 0) {
      return {
        ...result,
        revision_id: p.revision,
        new_headings: p.preview,
        dry_run: options.dry_run === true,
      };
    }
    try {
      const response = await backend.batchUpdate(documentId, {
        requests: p.requests,
        writeControl: { requiredRevisionId: p.revision },
      });
      let revision = response.writeControl?.requiredRevisionId ?? p.revision;
      if (!p.placed) return { ...result, revision_id: revision, new_headings: [], dry_run: false };
      const written = await backend.get(documentId);
      const headings = headingsIn(buildTab(written, p.tabId), p.placed.first, p.placed.end);
      // A moved section's headings are new ones, in the same order: the links follow them.
      if (p.removed.length > 0 && p.removed.length === headings.length) {
        const moved = new Map(p.removed.map((id, i) => [id, headings[i]!.anchor_id]));
        const relinked = await relinkAfterWrite(backend, documentId, p.tabId, moved, {
          doc: written,
          revision: written.revisionId ?? revision,
        });
        revision = relinked.revision;
        result.requests = [...result.requests, ...relinked.requests];
        result.warnings = [...result.warnings, ...relinked.warnings];
      }
      return { ...result, revision_id: revision, new_headings: headings, dry_run: false };
    } catch (e) {
      if (!(e instanceof RevisionConflictError)) throw e;
      last = e;
    }
  }
  throw new RevisionConflictError(
    `The document kept changing while the section was being written (${ATTEMPTS} attempts); nothing was written.${last ? ` Last: ${last.message}` : ''}`,
    'Try again in a moment.',
  );
}

function placementWords(p: Placement): string {
  return p.where === 'end' ? 'at the end of the tab' : `${p.where} section ${p.anchorId || '(preamble)'}`;
}

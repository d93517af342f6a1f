/**
 * Import use cases over a Backend: MEBDF content -> one guarded, verified batchUpdate.
 *
 * Per attempt: one `get`, a plan (src/docs/import), a dry application of the plan to the fetched
 * document with our engine, an export of the result compared with the intended content (a mismatch
 * is a compiler bug and nothing is written), then at most one `batchUpdate` with
 * `writeControl.requiredRevisionId` = the revision read. A revision conflict re-reads, re-plans and
 * retries (twice at most). With `base`, a document that moved on is re-exported and its
 * fingerprint compared: a changed target is a conflict carrying the current content.
 */
import { createTwoFilesPatch } from 'diff';
import {
  ContentTooLargeError,
  GdocError,
  RevisionConflictError,
  ValidationError,
  VerificationError,
} from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document, Request } from '../../ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import { applyBatchUpdate } from '../engine/index.js';
import { buildTab } from '../export/exporter.js';
import { exportSection, exportTab, resolveTab, type SectionExport, type TabExport } from '../export/index.js';
import { headingLevel } from '../export/style-overrides.js';
import { planImport } from '../import/index.js';
import { contentFingerprint, decodeBaseToken } from './base-token.js';
import type { ImportOptions, ImportResult, NewHeading, SectionTarget, TabTarget } from './contract.js';

/** Larger content is refused before any work: 1 MB of MEBDF is far beyond any real tab. */
export const MAX_CONTENT_CHARS = 1_000_000;
/** Attempts per import: the first plus two retries after a revision conflict. */
const ATTEMPTS = 3;

export async function importSectionService(
  backend: Backend,
  target: SectionTarget,
  content: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return runImport(backend, target.document_id, target.tab_id, target.anchor_id, content, options);
}

export async function importTabService(
  backend: Backend,
  target: TabTarget,
  content: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return runImport(backend, target.document_id, target.tab_id, null, content, options);
}

type Target = TabExport | SectionExport;

function exportTarget(doc: Document, tabId: string | undefined, anchorId: string | null): Target {
  return anchorId === null ? exportTab(doc, tabId) : exportSection(doc, tabId, anchorId);
}

function bodyEnd(doc: Document, tabId: string): number {
  const content = resolveTab(doc, tabId).content.body?.content ?? [];
  return content[content.length - 1]?.endIndex ?? 1;
}

function headingAnchor(b: Block): string | null {
  if (b.type !== 'paragraph') return null;
  const first = b.inlines[0];
  return first?.type === 'anchor' ? first.id : null;
}

/**
 * The result model made comparable with the intended one: ids the server assigns on write (new
 * headings' ids, proposed anchors `{^}`) are taken out where the intended content has none.
 */
function normalizeResult(result: Block[], intended: Block[]): Block[] {
  if (result.length !== intended.length) return result;
  return result.map((rb, i) => {
    const ib = intended[i]!;
    if (rb.type === 'table' && ib.type === 'table') {
      if (rb.rows.length !== ib.rows.length) return rb;
      return {
        ...rb,
        rows: rb.rows.map((row, r) =>
          row.map((cell, c) => {
            const icell = ib.rows[r]?.[c];
            if (!icell) return cell;
            return { ...cell, blocks: normalizeResult(cell.blocks, icell.blocks) as typeof cell.blocks };
          }),
        ),
      };
    }
    if (rb.type !== 'paragraph' || ib.type !== 'paragraph') return rb;
    let inlines = rb.inlines;
    if (headingAnchor(rb) !== null && headingAnchor(ib) === null) inlines = inlines.slice(1);
    const proposed = ib.inlines.filter((x) => x.type === 'anchor' && x.id === null).length;
    if (proposed > 0) {
      const known = new Set(ib.inlines.flatMap((x) => (x.type === 'anchor' && x.id ? [x.id] : [])));
      inlines = inlines.map((x) =>
        x.type === 'anchor' && x.id && !known.has(x.id) ? { type: 'anchor', id: null } : x,
      );
    }
    // An inserted image reads back as a placeholder with the id Docs gave it.
    const images = ib.inlines.filter((x) => x.type === 'image');
    if (images.length > 0) {
      const known = new Set(ib.inlines.flatMap((x) => (x.type === 'embed' ? [x.id] : [])));
      let k = 0;
      inlines = inlines.map((x) =>
        x.type === 'embed' && x.kind === 'image' && !known.has(x.id) && k < images.length ? images[k++]! : x,
      );
    }
    return { ...rb, inlines };
  });
}

/** Blocks outside the target, made comparable across the write (list keys and ordinal ids renumber). */
function outsideKey(blocks: Block[]): string {
  return JSON.stringify(blocks, (k, v) => {
    if (k === 'key') return undefined;
    if (
      k === 'id' &&
      typeof v === 'string' &&
      /^(h\.synthetic-|pagebreak\.|columnbreak\.|sectionbreak\.|hr\.|toc\.|autotext\.|equation\.|unknown\.)/.test(
        v,
      )
    ) {
      return v.replace(/[0-9]+$/, '#');
    }
    return v;
  });
}

interface Verified {
  resultContent: string;
  after: Document;
  /** The target exported from `after`. */
  result: Target;
}

/** Applies the plan with the engine and checks the result says exactly the intended content. */
function verify(
  doc: Document,
  tabId: string,
  anchorId: string | null,
  requests: Request[],
  intended: MebdfDocument,
  intendedText: string,
  /** What was exported from the document as read: the whole tab's model and the target. */
  read: { tab: MebdfDocument; target: Target },
): Verified {
  let after: Document;
  try {
    after = requests.length ? applyBatchUpdate(doc, { requests }).document : doc;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new VerificationError(
      `The planned requests do not apply to the document (${why}); nothing was written. This is a bug in the import compiler.`,
      'Report it with the content you imported; as a workaround, import a smaller change.',
    );
  }
  let result: Target;
  try {
    result = exportTarget(after, tabId, anchorId);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new VerificationError(
      `After the planned requests the target cannot be found again (${why}); nothing was written.`,
      'Report it with the content you imported.',
    );
  }
  const normalized: MebdfDocument = {
    ...result.model,
    blocks: normalizeResult(result.model.blocks, intended.blocks),
  };
  const got = stringifyMebdf(normalized);
  if (got !== intendedText) {
    const patch = createTwoFilesPatch('intended', 'would-be result', intendedText, got, '', '', {
      context: 2,
    });
    throw new VerificationError(
      `The planned requests would not produce the intended content; nothing was written. This is a bug in the import compiler:\n${patch}`,
      'Report it with the content you imported; as a workaround, import a smaller change.',
    );
  }
  if (anchorId !== null && requests.length > 0) {
    // The whole tab's model only (no rendering): the blocks outside the section must not move.
    const b = read.tab.blocks;
    const a = buildTab(after, tabId).model.blocks;
    const sb = read.target as SectionExport;
    const sa = result as SectionExport;
    const outsideBefore = outsideKey([...b.slice(0, sb.firstBlock), ...b.slice(sb.endBlock)]);
    const outsideAfter = outsideKey([...a.slice(0, sa.firstBlock), ...a.slice(sa.endBlock)]);
    if (outsideBefore !== outsideAfter) {
      throw new VerificationError(
        'The planned requests would change the document outside the section being imported; nothing was written. This is a bug in the import compiler.',
        'Report it with the content you imported; as a workaround, import the whole tab.',
      );
    }
  }
  return { resultContent: result.content, after, result };
}

/** The level of the heading that ends the section in the tab (0 when the section runs to the end). */
function followingLevel(tab: MebdfDocument, section: SectionExport): number {
  const b = tab.blocks[section.endBlock];
  return b?.type === 'paragraph' ? headingLevel(b.style.namedStyle) : 0;
}

/** New headings of the intended content (no anchor given) with the ids the document gave them. */
function newHeadings(intended: MebdfDocument, written: Target): NewHeading[] {
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

async function runImport(
  backend: Backend,
  documentId: string,
  tabParam: string | undefined,
  anchorId: string | null,
  content: string,
  options: ImportOptions,
): Promise<ImportResult> {
  if (content.length > MAX_CONTENT_CHARS) {
    throw new ContentTooLargeError(
      `The content is ${content.length} characters; an import takes at most ${MAX_CONTENT_CHARS}.`,
      'Import the document section by section.',
    );
  }
  const intended = parseMebdf(content);
  const intendedText = stringifyMebdf(intended);
  const base = options.base ? decodeBaseToken(options.base) : null;
  let lastConflict: RevisionConflictError | null = null;
  // What the first read showed of the target: a retry after a revision conflict re-plans only when
  // the target itself is as it was, so a colleague's edit of it is never overwritten.
  let firstRead: string | null = null;

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const doc = await backend.get(documentId);
    const revision = doc.revisionId ?? '';
    const current = exportTarget(doc, tabParam, anchorId);
    const tabId = current.tabId;
    const readNow = contentFingerprint(current.content);
    if (firstRead === null) firstRead = readNow;
    else if (readNow !== firstRead && current.content !== intendedText) {
      throw new RevisionConflictError(
        `Someone else changed this ${anchorId === null ? 'tab' : 'section'} while the import was being written (revision now ${revision}); nothing was written, so their edit is kept.`,
        'Merge your edit into the current content (returned with this error) and import again.',
        current.content,
      );
    }
    if (base) {
      if (base.tabId !== tabId || base.anchorId !== anchorId) {
        throw new ValidationError(
          `The base token is from an export of ${base.anchorId === null ? 'tab' : 'section'} ${base.anchorId ?? base.tabId}, not of this target.`,
          'Pass the base of the export you edited, for the same tab and section.',
        );
      }
      if (base.revisionId !== revision && contentFingerprint(current.content) !== base.fingerprint) {
        throw new RevisionConflictError(
          `The ${anchorId === null ? 'tab' : 'section'} changed since the export this edit started from (revision ${base.revisionId}, now ${revision}); nothing was written.`,
          'Merge your edit into the current content (returned with this error) and import again with a fresh base.',
          current.content,
        );
      }
    }
    const tabModel = anchorId === null ? current.model : buildTab(doc, tabId).model;
    const tabEmbedIds = new Set<string>();
    // Every embed id of the tab, to tell a placeholder moved in from elsewhere from an unknown one.
    JSON.stringify(tabModel, (_k, v) => {
      if (v && typeof v === 'object' && (v as { type?: string }).type === 'embed')
        tabEmbedIds.add((v as { id: string }).id);
      return v;
    });
    let canonical: MebdfDocument | undefined;
    try {
      canonical = parseMebdf(current.content);
    } catch {
      canonical = undefined; // the export does not read back: compare with the model as is
    }
    const plan = planImport({
      tabId,
      tab: resolveTab(doc, tabId).content,
      old: { model: current.model, sources: current.sources, footnoteSources: current.footnoteSources },
      next: intended,
      bodyEnd: bodyEnd(doc, tabId),
      scope:
        anchorId === null
          ? { kind: 'tab' }
          : { kind: 'section', anchorId, followingLevel: followingLevel(tabModel, current as SectionExport) },
      allowDeletions: options.allow_deletions === true,
      tabEmbedIds,
      ...(canonical ? { canonical } : {}),
    });
    const verified = verify(doc, tabId, anchorId, plan.requests, intended, intendedText, {
      tab: tabModel,
      target: current,
    });
    const warnings = [...plan.warnings];
    if (plan.deleted.length) {
      warnings.push(
        `Deleted objects (allow_deletions): ${plan.deleted.map((d) => `${d.id} (${d.kind})`).join(', ')}.`,
      );
    }
    const common = {
      success: true as const,
      tab_id: tabId,
      ...(anchorId !== null ? { anchor_id: anchorId } : {}),
      preserved_objects: plan.preserved,
      warnings,
      requests: plan.requests as unknown[],
    };
    if (options.dry_run) {
      return {
        ...common,
        revision_id: revision,
        new_headings: newHeadings(intended, verified.result).map((h) => ({
          ...h,
          anchor_id: '',
        })),
        dry_run: true,
        diff: createTwoFilesPatch('current', 'imported', current.content, verified.resultContent, '', '', {
          context: 3,
        }),
        result_content: verified.resultContent,
      };
    }
    if (plan.requests.length === 0) {
      return { ...common, revision_id: revision, new_headings: [], dry_run: false };
    }
    try {
      const response = await backend.batchUpdate(
        documentId,
        { requests: plan.requests, writeControl: { requiredRevisionId: revision } },
        { landed: (now) => landed(now, tabId, anchorId, intended, intendedText) },
      );
      const newRevision = response.writeControl?.requiredRevisionId ?? revision;
      let headings: NewHeading[] = [];
      if (needsReRead(intended)) {
        // New heading ids are the server's: read them back (the only second read an import makes).
        const written = await backend.get(documentId);
        headings = newHeadings(intended, exportTarget(written, tabId, anchorId));
      }
      return { ...common, revision_id: newRevision, new_headings: headings, dry_run: false };
    } catch (e) {
      if (e instanceof RevisionConflictError) {
        lastConflict = e;
        continue;
      }
      throw e;
    }
  }
  throw new RevisionConflictError(
    `The document kept changing while importing (${ATTEMPTS} attempts); nothing was written.${lastConflict ? ` Last: ${lastConflict.message}` : ''}`,
    'Try again in a moment.',
  );
}

function needsReRead(intended: MebdfDocument): boolean {
  return intended.blocks.some(
    (b) => b.type === 'paragraph' && headingLevel(b.style.namedStyle) > 0 && headingAnchor(b) === null,
  );
}

/** Whether a re-read document already says what the import meant (a retried write that landed). */
function landed(
  now: Document,
  tabId: string,
  anchorId: string | null,
  intended: MebdfDocument,
  text: string,
): boolean {
  try {
    const t = exportTarget(now, tabId, anchorId);
    return stringifyMebdf({ ...t.model, blocks: normalizeResult(t.model.blocks, intended.blocks) }) === text;
  } catch (e) {
    if (e instanceof GdocError) return false;
    throw e;
  }
}

/**
 * Export use cases over a Backend: a tab, a section, the outline. One `documents.get` each; the
 * result carries the revision read and the `base` token an import uses to detect and merge
 * concurrent edits. With a BaseStore the text read is kept (under its digest) and becomes the
 * target's last read, so an import without a base still knows what the client saw. With a token
 * ceiling (the size policy, export-size.ts) a larger target is handed out in labelled parts.
 */
import { ValidationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document } from '../../ground/docs-json.js';
import { stringifyMebdf } from '../../mebdf/index.js';
import {
  type AnchorsOption,
  estimateTokens,
  exportSection,
  exportTab,
  getHierarchy,
  RenderCache,
  type TabExport,
} from '../export/index.js';
import { embedIds } from '../export/model-utils.js';
import { type BaseStore, rememberExactRead, rememberRead } from './base-store.js';
import { baseTokenFor, contentFingerprint, type ReadOrigin } from './base-token.js';
import { markedContent, PARTS_WITHOUT_MARKERS } from './comment-export.js';
import type { ExportResult, HierarchyResult, SectionTarget, TabTarget } from './contract.js';
import { boundOutline, contentBudget, cutParts, outlineBudget, partOutline } from './export-size.js';
import type { KeptRecord } from './kept-text.js';
import { keepKnown, keptText } from './known-store.js';
import { knownTexts } from './known-texts.js';
import { type ReadVersion, readVersion } from './read-version.js';

export interface ReadOptions {
  /** Keeps what was handed out, for the import that comes back. */
  bases?: BaseStore | undefined;
  /** The size policy's ceiling in estimated tokens; absent: the whole target, however long. */
  maxTokens?: number | undefined;
  /** Which part (from 1) of a target above the ceiling. */
  part?: number | undefined;
  /** Show the text under open comments in `{!comment:ID}` markers (comment-export.ts). */
  comments?: boolean | undefined;
  /** Heading anchors shown: `linked` (default: where a link points to the heading) or `all`. */
  anchors?: AnchorsOption | undefined;
}

/** A tab's export from a read (export.ts); `record`: the tab's kept text, as the store keeps it. */
export async function exportTabService(
  backend: Backend,
  target: TabTarget,
  options: ReadOptions = {},
  record?: KeptRecord,
): Promise<ExportResult> {
  // With a store, the text is kept with its model and pieces for the import that comes back; the
  // one kept last, when the tab's model is still its model, is the text (nothing written out again).
  const named = { documentId: target.document_id, tab: target.tab_id, anchorId: null };
  const kept = record ? keptText(record) : undefined;
  const doc = await backend.get(target.document_id, ...(options.comments ? [{ comments: true }] : []));
  const known = kept ? [kept, ...knownTexts()] : knownTexts();
  // A tab changed since is written out through the kept text's renderings (only what changed is new).
  const cache = kept?.cache ?? new RenderCache();
  const out = exportTab(doc, target.tab_id, options.bases ? { cache, known } : { known });
  const origin = {
    documentId: target.document_id,
    revisionId: doc.revisionId ?? '',
    tabId: out.tabId,
    anchorId: null,
  };
  const shown = shownText(doc, out, options);
  if (options.bases) await keepKnown(options.bases, named, out.known, out.warnings);
  return await handOut(origin, out, options, shown, readVersion(backend, target.document_id, doc));
}

export async function exportSectionService(
  backend: Backend,
  target: SectionTarget,
  options: ReadOptions = {},
): Promise<ExportResult> {
  const doc = await backend.get(target.document_id, ...(options.comments ? [{ comments: true }] : []));
  const out = exportSection(doc, target.tab_id, target.anchor_id);
  const origin = {
    documentId: target.document_id,
    revisionId: doc.revisionId ?? '',
    tabId: out.tabId,
    anchorId: out.anchorId,
  };
  const shown = shownText(doc, out, options);
  return await handOut(origin, out, options, shown, readVersion(backend, target.document_id, doc));
}

/**
 * The text handed out when it is not the export as remembered: with comment markers, or with every
 * heading's anchor. The read is remembered as the plain export (an import strips the markers, and
 * anchors written are the headings' own), so either is a base for the other.
 */
function shownText(doc: Document, out: TabExport, options: ReadOptions): string | undefined {
  const anchored = options.anchors === 'all' ? { ...out, shown: 'all' as const } : out;
  if (options.comments) return markedContent(doc, anchored);
  return anchored === out ? undefined : stringifyMebdf(anchored.model);
}

/** The read, and what the target says at its revision (an unchanged import is then known at once). */
async function remember(
  bases: BaseStore,
  origin: ReadOrigin,
  out: TabExport,
  token: string,
  version: ReadVersion,
): Promise<void> {
  await rememberRead(bases, origin, out.content, token);
  await rememberExactRead(bases, contentFingerprint(out.content), {
    ...origin,
    objects: [...embedIds(out.model)],
    ...version,
  });
}

/**
 * The whole text, or the part asked for when above the ceiling; remembered when there is a store.
 * `shown` is the text with comment markers, when asked for: what is handed out, while the read is
 * remembered as the text without them (an import strips them).
 */
async function handOut(
  origin: ReadOrigin,
  out: TabExport,
  options: ReadOptions,
  shown: string | undefined,
  version: ReadVersion,
): Promise<ExportResult> {
  const { content, warnings } = out;
  const where = origin.anchorId === null ? {} : { anchor_id: origin.anchorId };
  const common = {
    success: true as const,
    tab_id: origin.tabId,
    ...where,
    warnings,
    revision_id: origin.revisionId,
  };
  const total = estimateTokens(content);
  const max = options.maxTokens;
  if (max === undefined || total <= max) {
    const base = baseTokenFor(origin, content);
    if (options.bases) await remember(options.bases, origin, out, base, version);
    const text = shown ?? content;
    return { ...common, content: text, base, estimated_tokens: estimateTokens(text) };
  }
  const parts = cutParts(content, contentBudget(max));
  const index = options.part ?? 1;
  const piece = parts[index - 1];
  if (!piece) {
    throw new ValidationError(
      `There is no part ${index}: this ${origin.anchorId === null ? 'tab' : 'section'} has ${parts.length} parts now.`,
      'Ask for a part from 1 to the count the first part reported.',
    );
  }
  const base = baseTokenFor(origin, content, piece);
  if (options.bases) await remember(options.bases, origin, out, base, version);
  const what =
    origin.anchorId === null ? `tab ${origin.tabId}` : `section ${origin.anchorId || '(preamble)'}`;
  const next = index < parts.length ? `Read the next with part: ${index + 1}, or` : 'Read';
  return {
    ...common,
    ...(options.comments && shown !== undefined && shown !== content
      ? { warnings: [...warnings, PARTS_WITHOUT_MARKERS] }
      : {}),
    content: piece.content,
    base,
    estimated_tokens: estimateTokens(piece.content),
    part: {
      index,
      count: parts.length,
      from_block: piece.from,
      to_block: piece.to,
      total_estimated_tokens: total,
      notice: `PART ${index} OF ${parts.length} of ${what} (blocks ${piece.from + 1}–${piece.to}; about ${total} tokens in all, above this server's limit of ${max}): NOT the whole ${origin.anchorId === null ? 'tab' : 'section'}. ${next} one section at a time by its anchor_id (outline below). An import with this base replaces only these blocks.`,
      outline: partOutline(parts, outlineBudget(max), stringifyMebdf(out.model)),
    },
  };
}

/** The outline of a tab; with a ceiling, cut to it (deeper levels first) with a note saying so. */
export async function hierarchyService(
  backend: Backend,
  target: TabTarget,
  maxTokens?: number,
): Promise<HierarchyResult> {
  const doc = await backend.get(target.document_id);
  const h = getHierarchy(doc, target.tab_id);
  const whole = { success: true as const, tab_id: h.tabId, headings: h.headings, markdown: h.markdown };
  if (maxTokens === undefined) return whole;
  const lines = h.markdown ? h.markdown.replace(/\n$/, '').split('\n') : [];
  const bounded = boundOutline(h.headings, lines, Math.floor(maxTokens * 0.8));
  if (!bounded.note) return whole;
  return {
    ...whole,
    headings: bounded.headings,
    markdown: bounded.lines.length ? `${bounded.lines.join('\n')}\n` : '',
    note: bounded.note,
  };
}

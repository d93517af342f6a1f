/**
 * The formatting use cases over a Backend: extract_styles, apply_styles and normalize_formatting.
 * Each write is one `documents.get`, a plan, a verification of the planned result with our engine
 * (the targets hold; text, objects, heading ids and character-level formatting are unchanged), and
 * then at most one `batchUpdate` guarded by `writeControl.requiredRevisionId`. A revision conflict
 * re-reads and re-plans (twice at most). A plan with no changes sends nothing; a dry run reports
 * the plan without writing.
 */
import { DocsApiError, GdocError, RevisionConflictError, VerificationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document } from '../../ground/docs-json.js';
import { applyBatchUpdate, getTab } from '../engine/index.js';
import { resolveTab } from '../export/tabs.js';
import { extractStyles, planApplyStyles, planNormalize, type TabStylePlan } from '../styles/index.js';
import { planStyleChanges } from '../styles/plan.js';
import { targetsFromDefinitions, targetsFromNormalize } from '../styles/targets.js';
import { verifyStyleResult } from '../styles/verify.js';
import type {
  ApplyStylesOptions,
  ExtractStylesResult,
  NormalizeParams,
  StyleChangeResult,
  TabTarget,
} from './contract.js';

/** Attempts in all when the document changes between our read and our write. */
const MAX_ATTEMPTS = 3;

export async function extractStylesService(
  backend: Backend,
  target: TabTarget,
): Promise<ExtractStylesResult> {
  const doc = await backend.get(target.document_id);
  const tab = resolveTab(doc, target.tab_id);
  return {
    success: true,
    styles: extractStyles(doc, tab.tabId),
    source_document_id: target.document_id,
    tab_id: tab.tabId,
  };
}

export async function applyStylesService(
  backend: Backend,
  target: TabTarget,
  styles: unknown,
  options: ApplyStylesOptions = {},
): Promise<StyleChangeResult> {
  // Validate before reading: bad input changes nothing and costs no API call.
  targetsFromDefinitions(styles);
  return await changeStyles(backend, target, options.dry_run ?? false, (doc) =>
    planApplyStyles(doc, target.tab_id, styles),
  );
}

export async function normalizeService(
  backend: Backend,
  params: NormalizeParams,
): Promise<StyleChangeResult> {
  targetsFromNormalize(params);
  const { document_id, tab_id, dry_run, ...values } = params;
  return await changeStyles(backend, { document_id, tab_id }, dry_run ?? false, (doc) =>
    planNormalize(doc, tab_id, values),
  );
}

async function changeStyles(
  backend: Backend,
  target: TabTarget,
  dryRun: boolean,
  plan: (doc: Document) => TabStylePlan,
): Promise<StyleChangeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const doc = await backend.get(target.document_id);
    const planned = plan(doc);
    const result: StyleChangeResult = {
      success: true,
      changes_made: planned.changes,
      warnings: planned.warnings,
      revision_id: doc.revisionId ?? '',
      dry_run: dryRun,
      tab_id: planned.tabId,
      summary: planned.summary,
    };
    // The planned requests are the preview of a dry run; after a write the summary says enough.
    if (dryRun) result.requests = planned.requests;
    if (planned.requests.length === 0) return result;
    verifyPlan(doc, planned);
    if (dryRun) return result;
    try {
      const response = await backend.batchUpdate(
        target.document_id,
        { requests: planned.requests, writeControl: { requiredRevisionId: doc.revisionId ?? undefined } },
        { landed: (current) => landed(current, planned) },
      );
      return { ...result, revision_id: response.writeControl?.requiredRevisionId ?? result.revision_id };
    } catch (error) {
      if (error instanceof RevisionConflictError && attempt < MAX_ATTEMPTS) continue;
      if (error instanceof RevisionConflictError) {
        throw new RevisionConflictError(
          `The document kept changing while the formatting was being applied (${MAX_ATTEMPTS} attempts); nothing was written.`,
          'Try again when the document is not being edited, or use dry_run to preview the changes.',
        );
      }
      throw error;
    }
  }
}

/** Applies the plan to a copy with our engine and checks the result; throws rather than write a bad plan. */
function verifyPlan(doc: Document, planned: TabStylePlan): void {
  let after: Document;
  try {
    after = applyBatchUpdate(doc, { requests: planned.requests }).document;
  } catch (error) {
    if (error instanceof GdocError && !(error instanceof DocsApiError)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new VerificationError(
      `The planned formatting requests were rejected by the local engine: ${message}. Nothing was written.`,
      'This is a bug in the formatting planner; please report it with the document structure.',
    );
  }
  const beforeTab = resolveTab(doc, planned.tabId).content;
  const afterTab = getTab(after, planned.tabId)?.documentTab;
  const problems = afterTab
    ? verifyStyleResult(beforeTab, afterTab, planned.tabId, planned.targets)
    : [`tab ${planned.tabId} is missing from the result`];
  if (problems.length > 0) {
    throw new VerificationError(
      `The planned formatting did not verify (${problems.join('; ')}). Nothing was written.`,
      'This is a bug in the formatting planner; please report it. Use dry_run to see the planned requests.',
    );
  }
}

/** After a lost answer: did our write land? True when the targets already hold (nothing left to do). */
function landed(current: Document, planned: TabStylePlan): boolean {
  try {
    const tab = resolveTab(current, planned.tabId).content;
    return planStyleChanges(tab, planned.tabId, planned.targets).changes === 0;
  } catch {
    return false;
  }
}

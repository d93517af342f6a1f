/**
 * New footnotes: Google forces two writes. `createFootnote` makes an empty footnote (" \n") and
 * returns its id only in the reply, so the first batchUpdate (the plan's requests) creates each new
 * footnote where it is referenced, and a second one, guarded by the revision the first returned
 * (`writeControl.requiredRevisionId`), writes their text into the new footnote segments.
 *
 * Both are verified before anything is written: verification (import/verify.ts) runs the first
 * batch on our engine and asks `second` for the second batch, made from that document and the
 * engine's replies; the second batch written is that same batch with the engine's footnote ids
 * replaced by Google's. Only when the document moves between the two writes is the second batch
 * planned again, from a fresh read, and checked on the engine before it is sent.
 */
import { GdocError, RevisionConflictError, VerificationError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { BatchUpdateResponse, Document, Request } from '../../ground/docs-json.js';
import { stringifyMebdf } from '../../mebdf/index.js';
import type { MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { applyBatchUpdate } from '../engine/index.js';
import { exportTab, type TabExport } from '../export/index.js';
import { footnoteLabels } from '../export/model-utils.js';
import type { Plan } from '../import/index.js';
import { exportWritten, saysIntended, type VerifyScope } from '../import/verify.js';

/** The requests making `next` (the tab's content with new footnote text) of the tab in `doc`. */
export type PlanOverTab = (doc: Document, next: (tab: TabExport) => MebdfDocument) => Request[];

/** Attempts at the second write: the first plus two after the document moved in between. */
const ATTEMPTS = 3;

export class NewFootnotes {
  /** The second batch as verified, with the footnote ids our engine gave in the first. */
  private verified: { requests: Request[]; ids: string[] } | null = null;

  constructor(
    /** Labels of the new footnotes in the intended content, in the order of their createFootnote requests. */
    private readonly created: readonly string[],
    /** The intended content (its footnotes' text is what the second batch writes). */
    private readonly intended: MebdfDocument,
    private readonly tabId: string,
    private readonly planOver: PlanOverTab,
  ) {}

  /** For verification: the second batch, from the document after the first and the first's replies. */
  readonly second = (after: Document, replies: BatchUpdateResponse['replies']): Request[] => {
    const ids = idsOf(replies, this.created.length);
    if (!ids) throw new Error('the first batch did not create every new footnote');
    const requests = this.plan(after, ids);
    this.verified = { requests, ids };
    return requests;
  };

  /** The second batch over `doc`, whose new footnotes have `ids`. */
  private plan(doc: Document, ids: string[]): Request[] {
    return this.planOver(doc, (tab) => {
      const footnotes = { ...tab.model.footnotes };
      ids.forEach((id, k) => {
        const label = labelOf(tab, id);
        footnotes[label] = this.intended.footnotes[this.created[k]!] ?? [];
      });
      return { blocks: tab.model.blocks, footnotes };
    });
  }

  /** Whether the footnotes `ids` of `doc` say their intended text. */
  private saysText(doc: Document, ids: string[]): boolean {
    const tab = exportTab(doc, this.tabId);
    return ids.every((id, k) => {
      const label = footnoteLabelOf(tab, id);
      return (
        label !== undefined &&
        textOf(tab.model.footnotes[label] ?? []) === textOf(this.intended.footnotes[this.created[k]!] ?? [])
      );
    });
  }

  /**
   * Whether `now` shows that the first write landed (for a retried write whose answer was lost):
   * the target says the intended content but for the new footnotes' text, still empty.
   */
  landedFirst(now: Document, scope: VerifyScope): boolean {
    try {
      const target = exportWritten(now, scope, this.intended.blocks.length);
      const theirs = footnoteLabels(target.model.blocks);
      const ours = footnoteLabels(this.intended.blocks);
      if (theirs.length !== ours.length) return false;
      const footnotes = { ...this.intended.footnotes };
      for (const label of this.created)
        footnotes[label] = target.model.footnotes[theirs[ours.indexOf(label)]!] ?? [];
      const meant = { ...this.intended, footnotes };
      return saysIntended(target, meant, () => stringifyMebdf(meant));
    } catch (e) {
      if (e instanceof GdocError) return false;
      throw e;
    }
  }

  /** The requests of both writes, and a result warning saying what Google forced. */
  report(firstRequests: Request[], second: Request[]): { requests: Request[]; warning: string } {
    const labels = this.created.map((l) => `[^${l}]`).join(', ');
    const n = firstRequests.length;
    return {
      requests: [...firstRequests, ...second],
      warning: `New footnote${this.created.length > 1 ? 's' : ''} ${labels} take${this.created.length > 1 ? '' : 's'} two writes, as the Docs API requires (createFootnote makes a footnote empty and returns its id only in its reply): requests 1–${n}, with the createFootnote, are one batchUpdate${second.length ? `, and requests ${n + 1}–${n + second.length}, the footnote text, a second one guarded by the revision the first returns` : ''}. Docs numbers footnotes: they read back as [^1], [^2], … in body order.`,
    };
  }

  /** The second batch as verified, for a dry run (with the ids our engine made up). */
  get planned(): Request[] {
    return this.verified?.requests ?? [];
  }

  /**
   * The second write, after the first returned `first`: the verified batch with Google's footnote
   * ids, guarded by the first write's revision; re-planned from a fresh read if the document moved
   * in between. Returns the revision after it and the requests sent.
   */
  async write(
    backend: Backend,
    documentId: string,
    first: BatchUpdateResponse,
  ): Promise<{ revision: string; requests: Request[] }> {
    const verified = this.verified;
    if (!verified) throw new Error('the second batch was not verified');
    let revision = first.writeControl?.requiredRevisionId ?? '';
    let ids = idsOf(first.replies, this.created.length);
    let requests: Request[];
    if (ids) {
      const rename = new Map(verified.ids.map((id, k) => [id, ids![k]!]));
      requests = withSegments(verified.requests, rename);
    } else {
      // A first write that landed although its answer was lost has no replies: read the ids.
      const doc = await backend.get(documentId);
      ids = this.idsIn(doc);
      revision = doc.revisionId ?? '';
      requests = this.checked(doc, ids);
    }
    for (let attempt = 1; ; attempt++) {
      if (requests.length === 0) return { revision, requests };
      const guard = revision;
      const saysIt = (now: Document) => this.saysText(now, ids!);
      try {
        const response = await backend.batchUpdate(
          documentId,
          { requests, writeControl: { requiredRevisionId: guard } },
          { landed: saysIt },
        );
        return { revision: response.writeControl?.requiredRevisionId ?? guard, requests };
      } catch (e) {
        if (!(e instanceof RevisionConflictError) || attempt >= ATTEMPTS) throw this.halfDone(e);
      }
      const doc = await backend.get(documentId);
      revision = doc.revisionId ?? '';
      requests = this.checked(doc, ids);
    }
  }

  /** The second batch planned over a fresh read, checked on the engine before it is sent. */
  private checked(doc: Document, ids: string[]): Request[] {
    const requests = this.plan(doc, ids);
    if (requests.length === 0) return requests;
    const after = applyBatchUpdate(doc, { requests }).document;
    if (!this.saysText(after, ids)) {
      throw new VerificationError(
        'The text of the new footnotes, planned again after the document changed, would not read as intended; it was not written. This is a bug in the import compiler.',
        'Report it with the content you imported; the footnotes exist, empty: import their text again.',
      );
    }
    return requests;
  }

  /** The ids of the new footnotes in `doc`, by their place among the tab's footnotes. */
  private idsIn(doc: Document): string[] {
    const tab = exportTab(doc, this.tabId);
    const theirs = footnoteLabels(tab.model.blocks);
    const ours = footnoteLabels(this.intended.blocks);
    return this.created.map((label) => {
      const at = ours.indexOf(label);
      const found = at >= 0 && theirs.length === ours.length ? tab.footnoteSources[theirs[at]!] : undefined;
      if (!found) throw this.halfDone(null);
      return found.footnoteId;
    });
  }

  /** The first write landed, the second did not: the footnotes exist, empty. */
  private halfDone(cause: unknown): GdocError {
    const labels = this.created.map((l) => `[^${l}]`).join(', ');
    const why = cause instanceof Error ? ` (${cause.message})` : '';
    return new RevisionConflictError(
      `The new footnote${this.created.length > 1 ? 's' : ''} ${labels} were created, but their text could not be written: the document kept changing between the two writes the Docs API needs${why}. They are empty.`,
      'Export the target again and write the footnote text into the empty footnotes.',
    );
  }
}

/** The footnote ids in createFootnote replies, when there are `count` of them. */
function idsOf(replies: BatchUpdateResponse['replies'], count: number): string[] | null {
  const ids = (replies ?? []).flatMap((r) => {
    const id = (r as { createFootnote?: { footnoteId?: string | null } | null }).createFootnote?.footnoteId;
    return id ? [id] : [];
  });
  return ids.length === count ? ids : null;
}

function footnoteLabelOf(tab: TabExport, footnoteId: string): string | undefined {
  return Object.entries(tab.footnoteSources).find(([, s]) => s.footnoteId === footnoteId)?.[0];
}

function labelOf(tab: TabExport, footnoteId: string): string {
  const label = footnoteLabelOf(tab, footnoteId);
  if (label === undefined) throw new Error(`the new footnote ${footnoteId} is not referenced in the tab`);
  return label;
}

function textOf(blocks: ParagraphBlock[]): string {
  return stringifyMebdf({ blocks, footnotes: {} });
}

/** `requests` with every `segmentId` renamed by `rename`. */
function withSegments(requests: Request[], rename: Map<string, string>): Request[] {
  return JSON.parse(JSON.stringify(requests), (k, v: unknown) =>
    k === 'segmentId' && typeof v === 'string' ? (rename.get(v) ?? v) : v,
  ) as Request[];
}

/** The plan as reported: the second write's requests after the first's, and what Google forced. */
export function withSecondWrite(plan: Plan, footnotes: NewFootnotes | null, second: Request[]): Plan {
  if (!footnotes) return plan;
  const { requests, warning } = footnotes.report(plan.requests, second);
  return { ...plan, requests, warnings: [...plan.warnings, warning] };
}

/**
 * What one client's imports wrote, per target: for an import without `base`, the read that wins
 * among those equally like the content (docs/service/import-base.ts `findBase`, `last_write`).
 *
 * A model that imports and then edits its own text again (the words it just wrote) passes no
 * `base` more often than not. The import's search weighs that text against every read of the
 * target; the read the model started from ties with the model's own write, and the older one was
 * taken, so the second edit of the same words looked like a clash with a colleague and was
 * refused. What this client wrote is no colleague's edit: from it, a change someone else made
 * since is still merged or refused, and a text closer to another read (an old copy sent again)
 * still takes that read. Held by one server instance — one client connection on stdio; on HTTP an
 * instance lives for one request, so nothing is carried from one request to the next.
 */
export class ImportSession {
  private readonly written = new Map<string, string>();

  /** The base token of what this client last wrote to the target, if anything. */
  lastWrite(target: ImportTargetKey): string | undefined {
    return this.written.get(keyOf(target));
  }

  /** Remembers the base token an import returned for what it wrote. */
  wrote(target: ImportTargetKey, base: string | undefined): void {
    if (base !== undefined) this.written.set(keyOf(target), base);
  }
}

export interface ImportTargetKey {
  document_id: string;
  tab_id?: string | undefined;
  /** A section's anchor; absent for a whole tab. */
  anchor_id?: string | undefined;
}

function keyOf(target: ImportTargetKey): string {
  return JSON.stringify([target.document_id, target.tab_id ?? null, target.anchor_id ?? null]);
}

/**
 * The record of the last text handed out for a target, as the base store keeps it (known-store.ts
 * writes and recalls it with its render cache; kept-export.ts hands its text out again): where it
 * is kept, its form, and reading it back. Imports nothing of the exporter or the writer, so a
 * command that only hands a kept text out does not load them.
 */

import { createHash } from 'node:crypto';
import { setNewest } from '../../ground/newest.js';
import { frozenInTests } from '../../ground/sealed.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import type { RenderedBlock } from '../../mebdf/render-blocks.js';
import type { WriterState } from '../../mebdf/semantic/write-state.js';
import type { BaseStore } from './base-store.js';

/** Bumped when the block model or the writer's pieces change (old records are then not read). */
const MODEL_FORM = 2;

/** A target as the caller named it: `tab` as given (absent: the first tab), `anchorId` null for a tab. */
export interface NamedTarget {
  documentId: string;
  tab: string | undefined;
  anchorId: string | null;
}

export interface KeptRecord {
  content: string;
  model: MebdfDocument;
  blocks: RenderedBlock[];
  bodyEnd: WriterState;
  /**
   * Its top-level nodes as `[digest of the render cache's key, from, to, bullet]`: the next
   * process's first render takes a node's text from `content` rather than serialising it again.
   */
  nodes?: Array<[string, number, number, string | null]>;
  /** The code that wrote it (writer-identity.ts): its text and renderings are reused only by the same. */
  writer?: string;
  /** The export's warnings for the text, when the one who kept it had them (kept-export.ts). */
  warnings?: string[];
}

/** Where the record of the text with digest `fingerprint` is kept. */
export const recordKey = (fingerprint: string): string => `m${MODEL_FORM}-${fingerprint}`;

/** Where the digest of a target's last text is kept. */
export function targetKey(target: NamedTarget): string {
  const id = JSON.stringify([target.documentId, target.tab ?? null, target.anchorId]);
  return `n${MODEL_FORM}-${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
}

/**
 * The records this process kept or read last, by key: a record is a function of its text (its key
 * is the text's digest) and of the code that wrote it, so the next command of a process serving
 * many (the background gdoc, a server) reads the one the last command kept without parsing it
 * again (megabytes of JSON for a long tab). Nothing changes a record once kept.
 */
const recentRecords = new Map<string, KeptRecord>();
const RECENT_RECORDS = 2;

/** Holds `record`, kept under `key`, for this process's next reads (undefined: it was emptied). */
export function holdRecord(key: string, record: KeptRecord | undefined): void {
  if (record) setNewest(recentRecords, key, frozenInTests(record), RECENT_RECORDS);
  else recentRecords.delete(key);
}

/** Forgets the records held (tests: the next command is another process's). */
export function forgetHeldRecords(): void {
  recentRecords.clear();
}

/** The target's last record kept, or undefined (none, emptied, or not readable). */
export async function readKept(store: BaseStore, target: NamedTarget): Promise<KeptRecord | undefined> {
  const fingerprint = await store.get(targetKey(target));
  if (!fingerprint) return undefined;
  const key = recordKey(fingerprint);
  const held = recentRecords.get(key);
  if (held) return held;
  const raw = await store.get(key);
  if (!raw) return undefined;
  const record = parseRecord(raw);
  holdRecord(key, record);
  return record;
}

function parseRecord(raw: string): KeptRecord | undefined {
  try {
    const record = JSON.parse(raw) as Partial<KeptRecord>;
    if (
      typeof record.content !== 'string' ||
      !Array.isArray(record.model?.blocks) ||
      typeof record.model.footnotes !== 'object' ||
      !Array.isArray(record.blocks) ||
      typeof record.bodyEnd !== 'object'
    )
      return undefined;
    const { warnings } = record;
    if (warnings !== undefined && !(Array.isArray(warnings) && warnings.every((w) => typeof w === 'string')))
      delete record.warnings;
    return record as KeptRecord;
  } catch {
    return undefined;
  }
}

/**
 * The last text handed out for a target, with its model and pieces, kept in the base store so
 * that an import in another process (the CLI runs one per command) parses only what the caller
 * changed (known-texts.ts, mebdf/incremental.ts). Beside the texts the store keeps already: under
 * the text's digest, `{ content, model, blocks, bodyEnd }`; under the target as the caller names it
 * (document, tab as given, section), the digest of its last one. The model of an older one is
 * emptied when a newer one replaces it.
 *
 * A record is the model this code made of its text (an export's, or an import's verified result),
 * and an incremental parse still accepts a stitched model only when it writes out to exactly the
 * incoming text. `MODEL_FORM` (kept-text.ts) changes when the block model does, so a record written by an older
 * model is not read.
 */
import type { KnownText } from '../../mebdf/incremental.js';
import { type Earlier, RenderCache } from '../../mebdf/render-blocks.js';
import type { BaseStore } from './base-store.js';
import { contentFingerprint } from './base-token.js';
import {
  holdRecord,
  type KeptRecord,
  type NamedTarget,
  readKept,
  recordKey,
  targetKey,
} from './kept-text.js';
import { writerIdentity } from './writer-identity.js';

export type { NamedTarget } from './kept-text.js';

/** A text kept for a target, with the export's warnings for it when they were kept. */
export type KeptText = KnownText & { warnings?: string[] };

/**
 * Keeps `known` as the target's last text, with its export's `warnings` (and empties the one it
 * replaces): after the answer, with a store that does such work then (`BaseStore.later`). Nothing
 * else depends on it: an import that finds no text kept parses the whole of what it is given.
 */
export async function keepKnown(
  store: BaseStore,
  target: NamedTarget,
  known: KnownText | undefined,
  warnings?: readonly string[],
): Promise<void> {
  // A text other code wrote is not stamped as this code's.
  if (!known || known.otherWriter) return;
  const kept = warnings && [...warnings];
  const keep = () => keepRecord(store, target, known, kept);
  if (store.later) store.later(keep);
  else await keep();
}

async function keepRecord(
  store: BaseStore,
  target: NamedTarget,
  known: KnownText,
  warnings: string[] | undefined,
): Promise<void> {
  const fingerprint = contentFingerprint(known.content);
  const key = targetKey(target);
  const before = await store.get(key);
  // The same text kept already, by this code and with warnings if these have them: nothing to do.
  // Kept by other code (an earlier build), it is kept anew, or neither this code's exports nor its
  // imports would take it until the text changed.
  if (before === fingerprint && (await keptByThisCode(store, target, warnings))) return;
  const record: KeptRecord = {
    content: known.content,
    model: known.model,
    blocks: known.blocks,
    bodyEnd: known.bodyEnd,
    writer: writerIdentity(),
    ...(warnings ? { warnings } : {}),
    ...(known.nodes
      ? { nodes: known.nodes.map((n) => [contentFingerprint(n.key), n.from, n.to, n.bullet ?? null]) }
      : {}),
  };
  await store.put(recordKey(fingerprint), JSON.stringify(record));
  await store.put(key, fingerprint);
  holdRecord(recordKey(fingerprint), record);
  // What is dropped: renderings none of the last renders used (the record's text and the one before).
  known.cache.forget(LIVE_RENDERS);
  liveCaches.set(record, known.cache);
  if (!before || before === fingerprint) return;
  await store.put(recordKey(before), '');
  holdRecord(recordKey(before), undefined);
}

/** Whether the target's record was written by this code, with warnings when `warnings` are given. */
async function keptByThisCode(
  store: BaseStore,
  target: NamedTarget,
  warnings: string[] | undefined,
): Promise<boolean> {
  const record = await readKept(store, target);
  return record?.writer === writerIdentity() && (warnings === undefined || record.warnings !== undefined);
}

/** The target's last text kept, or undefined (none, emptied, or not readable). */
export async function recallKnown(store: BaseStore, target: NamedTarget): Promise<KeptText | undefined> {
  const record = await readKept(store, target);
  return record ? keptText(record) : undefined;
}

/**
 * The render caches of the records this process kept, while it holds them (kept-text.ts
 * `holdRecord`): the next export of the target in this process (the background gdoc, a server)
 * takes its renderings by key, where a record read back has them by digest only, and each of its
 * nodes would be hashed to be found.
 */
const liveCaches = new WeakMap<KeptRecord, RenderCache>();
/** A live cache keeps the renderings the last this many renders through it used. */
const LIVE_RENDERS = 2;

/** The text a record keeps, with a render cache of its node renderings when this code wrote it. */
export function keptText(record: KeptRecord): KeptText {
  const { content, model, blocks, bodyEnd, nodes, writer, warnings } = record;
  if (writer !== writerIdentity())
    return { content, model, blocks, bodyEnd, cache: new RenderCache(), otherWriter: true };
  return {
    content,
    model,
    blocks,
    bodyEnd,
    cache: liveCaches.get(record) ?? earlierRenders(content, nodes),
    ...(warnings ? { warnings } : {}),
  };
}

/** A render cache holding the kept text's node renderings (none when the record has none). */
function earlierRenders(content: string, nodes: KeptRecord['nodes']): RenderCache {
  const cache = new RenderCache();
  if (!Array.isArray(nodes)) return cache;
  const texts = new Map<string, Earlier>();
  for (const [digest, from, to, bullet] of nodes)
    texts.set(digest, { text: content.slice(from, to), bullet: bullet ?? undefined });
  // A node's cache key is kept under its digest, as a text is (base-token.ts).
  cache.takeEarlier(texts, contentFingerprint);
  return cache;
}

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
 * incoming text. `MODEL_FORM` changes when the block model does, so a record written by an older
 * model is not read.
 */
import { createHash } from 'node:crypto';
import type { KnownText } from '../../mebdf/incremental.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { type Earlier, RenderCache, type RenderedBlock } from '../../mebdf/render-blocks.js';
import type { WriterState } from '../../mebdf/semantic/write-state.js';
import type { BaseStore } from './base-store.js';
import { contentFingerprint } from './base-token.js';
import { writerIdentity } from './writer-identity.js';

/** Bumped when the block model or the writer's pieces change (old records are then not read). */
const MODEL_FORM = 2;

/** A target as the caller named it: `tab` as given (absent: the first tab), `anchorId` null for a tab. */
export interface NamedTarget {
  documentId: string;
  tab: string | undefined;
  anchorId: string | null;
}

interface Record {
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
  /** The export's warnings for the text, when the one who kept it had them (export.ts `keptExport`). */
  warnings?: string[];
}

/** A text kept for a target, with the export's warnings for it when they were kept. */
export type KeptText = KnownText & { warnings?: string[] };

/** The digest a render cache key (a node's JSON) is kept under. */
function keyDigest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

const modelKey = (fingerprint: string): string => `m${MODEL_FORM}-${fingerprint}`;

function targetKey(target: NamedTarget): string {
  const id = JSON.stringify([target.documentId, target.tab ?? null, target.anchorId]);
  return `n${MODEL_FORM}-${createHash('sha256').update(id, 'utf8').digest('base64url')}`;
}

/** Keeps `known` as the target's last text, with its export's `warnings` (and empties the one it replaces). */
export async function keepKnown(
  store: BaseStore,
  target: NamedTarget,
  known: KnownText | undefined,
  warnings?: string[],
): Promise<void> {
  // A text other code wrote is not stamped as this code's.
  if (!known || known.otherWriter) return;
  const fingerprint = contentFingerprint(known.content);
  const key = targetKey(target);
  const before = await store.get(key);
  if (before === fingerprint) return;
  const record: Record = {
    content: known.content,
    model: known.model,
    blocks: known.blocks,
    bodyEnd: known.bodyEnd,
    writer: writerIdentity(),
    ...(warnings ? { warnings } : {}),
    ...(known.nodes
      ? { nodes: known.nodes.map((n) => [keyDigest(n.key), n.from, n.to, n.bullet ?? null]) }
      : {}),
  };
  await store.put(modelKey(fingerprint), JSON.stringify(record));
  await store.put(key, fingerprint);
  if (before) await store.put(modelKey(before), '');
}

/** The target's last text kept, or undefined (none, emptied, or not readable). */
export async function recallKnown(store: BaseStore, target: NamedTarget): Promise<KeptText | undefined> {
  const fingerprint = await store.get(targetKey(target));
  if (!fingerprint) return undefined;
  const raw = await store.get(modelKey(fingerprint));
  if (!raw) return undefined;
  try {
    const record = JSON.parse(raw) as Partial<Record>;
    if (
      typeof record.content !== 'string' ||
      !Array.isArray(record.model?.blocks) ||
      typeof record.model.footnotes !== 'object' ||
      !Array.isArray(record.blocks) ||
      typeof record.bodyEnd !== 'object'
    )
      return undefined;
    const { content, model, blocks, bodyEnd, nodes, writer, warnings } = record as Record;
    if (writer !== writerIdentity())
      return { content, model, blocks, bodyEnd, cache: new RenderCache(), otherWriter: true };
    const said = Array.isArray(warnings) && warnings.every((w) => typeof w === 'string') ? { warnings } : {};
    return { content, model, blocks, bodyEnd, cache: earlierRenders(content, nodes), ...said };
  } catch {
    return undefined;
  }
}

/** A render cache holding the kept text's node renderings (none when the record has none). */
function earlierRenders(content: string, nodes: Record['nodes']): RenderCache {
  const cache = new RenderCache();
  if (!Array.isArray(nodes)) return cache;
  const texts = new Map<string, Earlier>();
  for (const [digest, from, to, bullet] of nodes)
    texts.set(digest, { text: content.slice(from, to), bullet: bullet ?? undefined });
  cache.takeEarlier(texts, keyDigest);
  return cache;
}

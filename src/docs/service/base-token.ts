/**
 * The `base` token every read that can be written back hands out, and an import takes back:
 * which document, tab and section the content came from, at which revision, a digest of the text
 * read, and — when the read was only a part of the target (the size policy) — which blocks.
 * An import re-exports the same target and compares digests: a different one means the target
 * changed since the read (someone else edited it), even when the revision id alone cannot say
 * (revision ids also change for edits elsewhere in the document). The text itself is kept by a
 * BaseStore under the digest, so the import can merge (base-store.ts, three-way-merge.ts).
 *
 * Format: base64url of the JSON `{"v":2,"d":documentId,"r":revisionId,"t":tabId,"a":anchorId|null,
 * "f":digest,"p":[from,to]?}` with `f` the base64url SHA-256 of the whole target's exported text
 * and `p` the block range of a part. Version 1 tokens (no `d`, no `p`) still decode. Opaque to
 * clients.
 */

import crypto from 'node:crypto';
import { ValidationError } from '../../errors.js';
import { setNewest } from '../../ground/newest.js';

/** A part of a target: blocks `[from, to)` of its text as `splitBlocks` cuts it. */
export interface PartRange {
  from: number;
  to: number;
}

export interface BaseToken {
  /** The document read; absent in version 1 tokens. */
  documentId?: string;
  revisionId: string;
  tabId: string;
  /** The section's anchor (`""` = preamble); null for a whole tab. */
  anchorId: string | null;
  /** SHA-256 (base64url) of the whole target's exported text. */
  fingerprint: string;
  /** Present when the read handed out only these blocks of the target. */
  part?: PartRange;
}

/**
 * The digest of a text, as bases and kept records name it. An import and the export after it take
 * the digest of the same tab's text a dozen times (the read, the base, the result, the records
 * kept): the last few are remembered, by the text itself (a map finds a string it has seen by the
 * hash the engine keeps on it, far cheaper than digesting a megabyte again).
 */
export function contentFingerprint(content: string): string {
  const known = fingerprints.get(content);
  if (known !== undefined) return known;
  const digest = sha256(content);
  setNewest(fingerprints, content, digest, FINGERPRINTS_KEPT);
  return digest;
}

/**
 * SHA-256 of a text in base64url: Node's one-shot `hash` (20.12 and later) where there is one. A
 * render digests every top-level node's key (thousands at 100 pages), and a hash object per text
 * cost twice the digest itself.
 */
// Read off the module object: a named import of `hash` would not even load on an older Node 20.
const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'base64url')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('base64url');

const FINGERPRINTS_KEPT = 6;
const fingerprints = new Map<string, string>();

export function encodeBaseToken(token: BaseToken): string {
  const json = JSON.stringify({
    v: 2,
    d: token.documentId ?? '',
    r: token.revisionId,
    t: token.tabId,
    a: token.anchorId,
    f: token.fingerprint,
    ...(token.part ? { p: [token.part.from, token.part.to] } : {}),
  });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** Where a read came from. */
export interface ReadOrigin {
  documentId: string;
  revisionId: string;
  tabId: string;
  anchorId: string | null;
}

/** Build the token for a read of `content` (the whole target's text), or of a part of it. */
export function baseTokenFor(origin: ReadOrigin, content: string, part?: PartRange): string {
  return encodeBaseToken({ ...origin, fingerprint: contentFingerprint(content), ...(part ? { part } : {}) });
}

const SUGGESTION = 'Pass the `base` value exactly as an export returned it, or leave it out.';

export function decodeBaseToken(token: string): BaseToken {
  if (typeof token !== 'string' || token.length === 0 || !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw new ValidationError('The base token is not a token an export returned.', SUGGESTION);
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError('The base token is corrupted (it does not decode).', SUGGESTION);
  }
  const o = data as Record<string, unknown> | null;
  if (
    !o ||
    typeof o !== 'object' ||
    (o.v !== 1 && o.v !== 2) ||
    (o.v === 2 && typeof o.d !== 'string') ||
    typeof o.r !== 'string' ||
    typeof o.t !== 'string' ||
    !(o.a === null || typeof o.a === 'string') ||
    typeof o.f !== 'string' ||
    !/^[A-Za-z0-9_-]{43}$/.test(o.f) ||
    !(o.p === undefined || isRange(o.p))
  ) {
    throw new ValidationError('The base token is corrupted (its fields are missing or wrong).', SUGGESTION);
  }
  const part = o.p as [number, number] | undefined;
  return {
    ...(typeof o.d === 'string' && o.d ? { documentId: o.d } : {}),
    revisionId: o.r,
    tabId: o.t,
    anchorId: o.a as string | null,
    fingerprint: o.f,
    ...(part ? { part: { from: part[0], to: part[1] } } : {}),
  };
}

function isRange(p: unknown): boolean {
  return (
    Array.isArray(p) &&
    p.length === 2 &&
    Number.isInteger(p[0]) &&
    Number.isInteger(p[1]) &&
    (p[0] as number) >= 0 &&
    (p[1] as number) >= (p[0] as number)
  );
}

/**
 * The `base` token an export hands out and an import takes back: which revision, tab and section
 * the content came from, and a fingerprint of the exported content. An import re-exports the same
 * target from the current document and compares fingerprints: a different one means the section
 * changed since the export (someone else edited it), even when the revision id alone cannot say
 * (revision ids also change for edits elsewhere in the document).
 *
 * Format: base64url of the JSON `{"v":1,"r":revisionId,"t":tabId,"a":anchorId|null,"f":fingerprint}`
 * with `f` the base64url SHA-256 of the exported MEBDF text. Opaque to clients.
 */
import { createHash } from 'node:crypto';
import { ValidationError } from '../../errors.js';

export interface BaseToken {
  revisionId: string;
  tabId: string;
  /** The section's anchor (`""` = preamble); null for a whole-tab export. */
  anchorId: string | null;
  /** SHA-256 (base64url) of the exported content. */
  fingerprint: string;
}

export function contentFingerprint(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('base64url');
}

export function encodeBaseToken(token: BaseToken): string {
  const json = JSON.stringify({
    v: 1,
    r: token.revisionId,
    t: token.tabId,
    a: token.anchorId,
    f: token.fingerprint,
  });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** Build the token for an export of `content`. */
export function baseTokenFor(
  revisionId: string,
  tabId: string,
  anchorId: string | null,
  content: string,
): string {
  return encodeBaseToken({ revisionId, tabId, anchorId, fingerprint: contentFingerprint(content) });
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
    o.v !== 1 ||
    typeof o.r !== 'string' ||
    typeof o.t !== 'string' ||
    !(o.a === null || typeof o.a === 'string') ||
    typeof o.f !== 'string' ||
    !/^[A-Za-z0-9_-]{43}$/.test(o.f)
  ) {
    throw new ValidationError('The base token is corrupted (its fields are missing or wrong).', SUGGESTION);
  }
  return { revisionId: o.r, tabId: o.t, anchorId: o.a as string | null, fingerprint: o.f };
}

/**
 * Server-side id generation for the engine: `kix.` object ids, `h.` heading ids, `t.` tab ids,
 * `suggest.` ids and opaque revision ids. Tests pass a seeded source so output is reproducible.
 */

/** Where the engine gets the ids Google would mint. */
export interface IdSource {
  /** `kix.` + 12 lowercase alphanumerics: lists, footnotes, named ranges, objects, chips. */
  kix(): string;
  /** `h.` + 12 lowercase alphanumerics: heading ids. */
  heading(): string;
  /** `t.` + 12 lowercase alphanumerics: tab ids (the first tab is always `t.0`). */
  tab(): string;
  /** `suggest.` + 12 lowercase alphanumerics. */
  suggestion(): string;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function pick(alphabet: string, n: number, rnd: () => number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(rnd() * alphabet.length)];
  return out;
}

/** A small deterministic PRNG (mulberry32) so seeded id sources repeat exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An id source over a random function (Math.random by default). */
export function randomIds(rnd: () => number = Math.random): IdSource {
  return {
    kix: () => `kix.${pick(ALNUM, 12, rnd)}`,
    heading: () => `h.${pick(ALNUM, 12, rnd)}`,
    tab: () => `t.${pick(ALNUM, 12, rnd)}`,
    suggestion: () => `suggest.${pick(ALNUM, 12, rnd)}`,
  };
}

/** A reproducible id source for tests. */
export function seededIds(seed = 1): IdSource {
  return randomIds(seededRandom(seed));
}

/** An opaque revision id in the shape Google currently sends (`ALm37…`, base64url-ish). */
export function randomRevisionId(rnd: () => number = Math.random): string {
  return `ALm37${pick(B64URL, 59, rnd)}`;
}

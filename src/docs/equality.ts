/**
 * Equality, defined once: what "the same" means for the engine (Docs JSON), the import planner
 * (block models), verify-before-write and the tests.
 *
 * Two layers. `deepEqual`, `canonicalKey` and `firstDifference` are structural and agree with one
 * another: JSON semantics (key order ignored, a member set to `undefined` is an absent member).
 * The normalisations below them list, in one place and each with its reason, what may
 * legitimately differ between two block models that say the same thing — the way a formatter's
 * test strips what reprinting may change before comparing trees — so a comparison never hides a
 * difference nobody wrote down.
 *
 * Ground level: imports nothing of ours at run time (the engine uses it too, and the engine never
 * imports the compiler); the block model types are type-only imports.
 */
import type { Block, EmbedInline, Inline, ParagraphBlock } from '../mebdf/model.js';

// ---- Structural equality -------------------------------------------------------------------

/** Structural equality of JSON values: key order is ignored, `undefined` members are absent. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  // Loops rather than keys arrays and callbacks: a whole tab's model is compared in each import.
  if (array) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (!deepEqual(aa[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // Every defined member of `a` equals `b`'s; then `b` may have no other defined member.
  let members = 0;
  for (const k in ao) {
    const value = ao[k];
    if (value === undefined) continue;
    if (!deepEqual(value, bo[k])) return false;
    members += 1;
  }
  for (const k in bo) if (bo[k] !== undefined) members -= 1;
  return members === 0;
}

/**
 * A string key per value: `canonicalKey(a) === canonicalKey(b)` exactly when `deepEqual(a, b)`.
 * For what needs keys rather than a comparator (a Map, an LCS over strings).
 */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}

/** Where two values first differ: the path to it and the two values found there. */
export interface Difference {
  path: Array<string | number>;
  a: unknown;
  b: unknown;
}

/**
 * The first place where `a` and `b` differ (depth first, arrays in order, object members in `a`'s
 * order then `b`'s extra ones), or null when `deepEqual(a, b)`. Arrays of different lengths differ
 * at their first unequal item, else at the first item one of them lacks.
 */
export function firstDifference(
  a: unknown,
  b: unknown,
  path: Array<string | number> = [],
): Difference | null {
  if (deepEqual(a, b)) return null;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = isPlainObject(a) && isPlainObject(b);
  if (bothArrays) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    for (let i = 0; i < Math.max(aa.length, bb.length); i++) {
      if (i >= aa.length || i >= bb.length) return { path: [...path, i], a: aa[i], b: bb[i] };
      const d = firstDifference(aa[i], bb[i], [...path, i]);
      if (d) return d;
    }
  } else if (bothObjects) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of [...Object.keys(ao), ...Object.keys(bo).filter((k) => !(k in ao))]) {
      const d = firstDifference(ao[k], bo[k], [...path, k]);
      if (d) return d;
    }
  }
  return { path, a, b };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---- Normalisations: what may differ, and why ----------------------------------------------

/** One property that may differ between two values that say the same thing. */
export interface PropertyRule {
  property: string;
  why: string;
  /** The comparable form of the property's value; `undefined` drops the property. */
  apply: (value: unknown) => unknown;
}

/** Synthetic ids are `<kind>.<ordinal>` or `h.synthetic-<ordinal>` (src/docs/export/ids.ts). */
const ORDINAL_ID =
  /^(h\.synthetic-|pagebreak\.|columnbreak\.|sectionbreak\.|hr\.|toc\.|autotext\.|equation\.|unknown\.)[0-9]+$/;

/**
 * Blocks that a write did not touch, compared across it (the blocks outside an imported section,
 * before and after the write).
 */
export const ACROSS_A_WRITE: readonly PropertyRule[] = [
  {
    property: 'key',
    why: 'list keys are numbered in order of first appearance in the tab, so a list added or removed earlier renumbers every later one',
    apply: () => undefined,
  },
  {
    property: 'id',
    why: 'synthetic ids (h.synthetic-3, hr.2, …) are ordinals over the whole tab, so an object added or removed earlier renumbers every later one; real Docs ids must stay as they were',
    apply: (v) => (typeof v === 'string' && ORDINAL_ID.test(v) ? v.replace(/[0-9]+$/, '#') : v),
  },
  {
    property: 'label',
    why: 'footnote labels are the numbers Docs gives footnotes in body order, so a footnote added or removed earlier renumbers every later one',
    apply: () => undefined,
  },
];

/** A copy of `value` with `rules` applied to every member of every object, at any depth. */
export function massage<T>(value: T, rules: readonly PropertyRule[]): T {
  const byName = new Map(rules.map((r) => [r.property, r]));
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isPlainObject(v)) return v;
    const out: Array<[string, unknown]> = [];
    for (const [k, x] of Object.entries(v)) {
      const rule = byName.get(k);
      const y = walk(rule ? rule.apply(x) : x);
      if (y !== undefined) out.push([k, y]);
    }
    // fromEntries, not assignment: a member named `__proto__` stays a member.
    return Object.fromEntries(out);
  };
  return walk(value) as T;
}

/**
 * `deepEqual(massage(a, rules), massage(b, rules))` without the copies: the rules are applied to
 * each member as it is compared.
 */
export function equalUnder(a: unknown, b: unknown, rules: readonly PropertyRule[]): boolean {
  const byName = new Map(rules.map((r) => [r.property, r]));
  const member = (o: Record<string, unknown>, k: string): unknown => {
    const rule = byName.get(k);
    return rule ? rule.apply(o[k]) : o[k];
  };
  const eq = (x: unknown, y: unknown): boolean => {
    if (x === y) return true;
    if (typeof x !== typeof y || x === null || y === null || typeof x !== 'object') return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      const yy = y as unknown[];
      return x.length === yy.length && x.every((v, i) => eq(v, yy[i]));
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const xk = Object.keys(xo).filter((k) => member(xo, k) !== undefined);
    const yk = Object.keys(yo).filter((k) => member(yo, k) !== undefined);
    return xk.length === yk.length && xk.every((k) => eq(member(xo, k), member(yo, k)));
  };
  return eq(a, b);
}

/** Blocks untouched by a write say the same before and after it (see ACROSS_A_WRITE). */
export function sameAcrossWrite(before: readonly Block[], after: readonly Block[]): boolean {
  return equalUnder(before, after, ACROSS_A_WRITE);
}

/** One thing the server assigns on write that the intended content could not say. */
interface ServerAssigned {
  why: string;
  /** The result paragraph's inlines with the assigned value put back as the intended one said it. */
  apply: (result: Inline[], intended: ParagraphBlock) => Inline[];
}

function leadingAnchor(inlines: Inline[]): string | null {
  const first = inlines[0];
  return first?.type === 'anchor' ? first.id : null;
}

/**
 * What a would-be result (the target exported after the planned requests) may say that the
 * intended content (parsed MEBDF) did not, paragraph by paragraph.
 */
export const SERVER_ASSIGNED: readonly ServerAssigned[] = [
  {
    // Only headings (and titles) read back with a leading anchor; a proposed `{^}` at the start of
    // a plain paragraph is the next rule's.
    why: 'a new heading (written without `{^ id}`) reads back with the heading id Docs gave it',
    apply: (result, intended) =>
      intended.style.namedStyle !== 'NORMAL_TEXT' &&
      leadingAnchor(result) !== null &&
      leadingAnchor(intended.inlines) === null
        ? result.slice(1)
        : result,
  },
  {
    // Such a heading is read with an ordinal over the tab (`h.synthetic-3`), which a write keeps
    // only while no heading before it gets or loses one.
    why: 'a heading Docs gave no heading id reads back with the one Docs gives it when its style changes, or with another ordinal',
    apply: (result, intended) => {
      const want = leadingAnchor(intended.inlines);
      const got = leadingAnchor(result);
      const synthetic = (id: string | null) => id?.startsWith('h.synthetic-') === true;
      return synthetic(want) && got !== null && (synthetic(got) || !ORDINAL_ID.test(got))
        ? [intended.inlines[0]!, ...result.slice(1)]
        : result;
    },
  },
  {
    why: 'a proposed anchor `{^}` reads back with the id of the named range created for it',
    apply: (result, { inlines }) => {
      if (!inlines.some((x) => x.type === 'anchor' && x.id === null)) return result;
      const known = new Set(inlines.flatMap((x) => (x.type === 'anchor' && x.id ? [x.id] : [])));
      return result.map((x) =>
        x.type === 'anchor' && x.id && !known.has(x.id) ? { type: 'anchor', id: null } : x,
      );
    },
  },
  {
    why: 'an inserted image `![alt](url)` reads back as a placeholder `{^= id image}` with the id Docs gave it',
    apply: (result, { inlines }) => {
      const images = inlines.filter((x) => x.type === 'image');
      if (images.length === 0) return result;
      const known = new Set(inlines.flatMap((x) => (x.type === 'embed' ? [x.id] : [])));
      let k = 0;
      return result.map((x) =>
        x.type === 'embed' && x.kind === 'image' && !known.has(x.id) && k < images.length ? images[k++]! : x,
      );
    },
  },
  {
    // An id-less placeholder left in resolved content is a chip to create (import/new-chips.ts);
    // Google derives what the chip shows (a rich link's title is the linked file's).
    why: 'a new chip `{^= person "…"}` reads back with the id Docs gave it and the caption Docs shows',
    apply: (result, { inlines }) => {
      const made = inlines.filter((x): x is EmbedInline => x.type === 'embed' && x.id === '');
      if (made.length === 0) return result;
      const known = new Set(inlines.flatMap((x) => (x.type === 'embed' ? [x.id] : [])));
      let k = 0;
      return result.map((x) =>
        x.type === 'embed' && !known.has(x.id) && k < made.length && made[k]!.kind === x.kind
          ? made[k++]!
          : x,
      );
    },
  },
];

/**
 * The result's blocks with what the server assigns (SERVER_ASSIGNED) put back as the intended
 * blocks said it, so that the two compare equal exactly when the write does what was meant. Paired
 * by position (in table cells too); lists of different lengths are left as they are: they differ.
 */
export function asIntended<B extends Block>(result: readonly B[], intended: readonly Block[]): B[] {
  if (result.length !== intended.length) return [...result];
  return result.map((rb, i): B => {
    const ib = intended[i]!;
    if (rb.type === 'table' && ib.type === 'table') {
      if (rb.rows.length !== ib.rows.length) return rb;
      const rows = rb.rows.map((row, r) =>
        row.map((cell, c) => {
          const icell = ib.rows[r]?.[c];
          return icell ? { ...cell, blocks: asIntended<ParagraphBlock>(cell.blocks, icell.blocks) } : cell;
        }),
      );
      return { ...rb, rows };
    }
    if (rb.type !== 'paragraph' || ib.type !== 'paragraph') return rb;
    const inlines = SERVER_ASSIGNED.reduce((acc, rule) => rule.apply(acc, ib), rb.inlines);
    return { ...rb, inlines };
  });
}

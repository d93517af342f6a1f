/**
 * The style fields the style requests share: canonical key order (as Google writes styles), field
 * masks, the parent (named) text style a run inherits and the named heading types.
 */
import type { DocsTextStyle, DocumentTab, Paragraph } from '../../ground/docs-json.js';
import { RequestError } from './context.js';
import { deepEqual } from './json.js';
import { REQUEST_SCHEMA } from './schema.js';

export const TEXT_STYLE_ORDER = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'smallCaps',
  'backgroundColor',
  'foregroundColor',
  'fontSize',
  'weightedFontFamily',
  'baselineOffset',
  'link',
];

export const PARAGRAPH_STYLE_ORDER = [
  'headingId',
  'namedStyleType',
  'alignment',
  'lineSpacing',
  'direction',
  'spacingMode',
  'spaceAbove',
  'spaceBelow',
  'borderBetween',
  'borderTop',
  'borderBottom',
  'borderLeft',
  'borderRight',
  'indentFirstLine',
  'indentStart',
  'indentEnd',
  'tabStops',
  'keepLinesTogether',
  'keepWithNext',
  'avoidWidowAndOrphan',
  'shading',
  'pageBreakBefore',
];

/** Reorder an object's keys in place to a canonical order (unknown keys keep their relative place at the end). */
export function orderKeys<T extends object>(obj: T, order: string[]): T {
  const o = obj as Record<string, unknown>;
  const entries = Object.entries(o);
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i === -1 ? order.length : i;
  };
  entries.sort((a, b) => rank(a[0]) - rank(b[0]));
  for (const [k] of entries) delete o[k];
  for (const [k, v] of entries) o[k] = v;
  return obj;
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * The top-level fields named by a field mask over `schema` ('*' = all). A nested path such as
 * `weightedFontFamily.fontFamily` names its top-level field. Unknown names are Google's 400.
 */
export function parseMask(fields: unknown, schema: string, what: string): string[] {
  if (typeof fields !== 'string' || fields.trim() === '') {
    throw new RequestError(`At least one field must be specified in the fields mask for ${what}.`);
  }
  const known = Object.keys(REQUEST_SCHEMA[schema] ?? {});
  const out = new Set<string>();
  for (const raw of fields.split(',')) {
    const f = raw.trim();
    if (f === '*') {
      for (const k of known) out.add(k);
      continue;
    }
    const top = camel(f.split('.')[0]!);
    if (!known.includes(top)) throw new RequestError(`Invalid field mask: the field "${f}" does not exist.`);
    out.add(top);
  }
  return [...out];
}

/** The named style of a type in a tab. */
function namedStyle(dt: DocumentTab, type: string | null | undefined) {
  return (dt.namedStyles?.styles ?? []).find((s) => s.namedStyleType === (type ?? 'NORMAL_TEXT'));
}

/** The text style a paragraph's runs inherit: NORMAL_TEXT overlaid by the paragraph's named style. */
export function parentTextStyle(dt: DocumentTab, para: Paragraph): DocsTextStyle {
  const base = namedStyle(dt, 'NORMAL_TEXT')?.textStyle ?? {};
  const own = namedStyle(dt, para.paragraphStyle?.namedStyleType)?.textStyle ?? {};
  return { ...base, ...own };
}

/** True when a style value equals the inherited one (then Google stores it unset). */
export function equalsParent(value: unknown, parent: unknown): boolean {
  return parent !== undefined && deepEqual(value, parent);
}

export const HEADING_TYPES = new Set([
  'HEADING_1',
  'HEADING_2',
  'HEADING_3',
  'HEADING_4',
  'HEADING_5',
  'HEADING_6',
  'TITLE',
  'SUBTITLE',
]);

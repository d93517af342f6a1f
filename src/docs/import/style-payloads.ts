/**
 * Model styles -> Docs request payloads with exact field masks.
 *
 * The model keeps only *direct* overrides relative to the paragraph's named style (see
 * export/style-overrides.ts), so "absent" means "whatever the named style gives". Writing a model style is
 * therefore: set the fields the model has, and reset (field in the mask, no value) the ones it
 * lacks. A mask names only what must change, so untouched properties keep their exact Docs value.
 */

import type { DocsParagraphStyle, DocsTextStyle } from '../../ground/docs-json.js';
import type { Alignment, ParagraphStyle, TextStyle } from '../../mebdf/model.js';
import type { NamedStyleBase } from '../export/style-overrides.js';

/** Docs text style fields the model can express, in a stable order. */
export const TEXT_FIELDS = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'smallCaps',
  'baselineOffset',
  'weightedFontFamily',
  'fontSize',
  'foregroundColor',
  'backgroundColor',
  'link',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Which Docs fields carry each model property. */
const FIELD_OF: Record<keyof TextStyle, TextField | null> = {
  bold: 'bold',
  italic: 'italic',
  underline: 'underline',
  strikethrough: 'strikethrough',
  smallcaps: 'smallCaps',
  sup: 'baselineOffset',
  sub: 'baselineOffset',
  font: 'weightedFontFamily',
  weight: 'weightedFontFamily',
  size: 'fontSize',
  color: 'foregroundColor',
  highlight: 'backgroundColor',
  link: 'link',
  suggestion: null,
  comment: null,
  // Raw HTML is a named range over the text, not a text style (context.ts markHtml).
  html: null,
};

function rgb(hex: string): { color: { rgbColor: { red: number; green: number; blue: number } } } {
  const n = Number.parseInt(hex.slice(1), 16);
  return {
    color: {
      rgbColor: { red: ((n >> 16) & 255) / 255, green: ((n >> 8) & 255) / 255, blue: (n & 255) / 255 },
    },
  };
}

/**
 * A model link target -> a Docs `Link`. `#^h.…` is a heading, `#^t.…` a tab, any other `#^id` a
 * bookmark; everything else is a URL.
 */
export function docsLink(link: string, tabId: string): NonNullable<DocsTextStyle['link']> {
  if (link.startsWith('#^')) {
    let id = link.slice(2);
    // `#^t.abc:h.xyz` is a heading or bookmark in another tab.
    const colon = id.indexOf(':');
    if (colon > 0 && id.startsWith('t.')) {
      tabId = id.slice(0, colon);
      id = id.slice(colon + 1);
    }
    if (id.startsWith('h.')) return { heading: { id, tabId } };
    if (id.startsWith('t.')) return { tabId: id };
    return { bookmark: { id, tabId } };
  }
  return { url: link };
}

/** The Docs fields whose model value differs between `a` and `b`. */
export function textFieldsDiffering(a: TextStyle, b: TextStyle): Set<TextField> {
  const out = new Set<TextField>();
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof TextStyle>;
  for (const k of keys) {
    if (a[k] === b[k]) continue;
    const f = FIELD_OF[k];
    if (f) out.add(f);
  }
  return out;
}

/** The on/off text fields, with the model property that says each. */
const SWITCHES = {
  bold: 'bold',
  italic: 'italic',
  underline: 'underline',
  strikethrough: 'strikethrough',
  smallCaps: 'smallcaps',
} as const satisfies Partial<Record<TextField, keyof TextStyle>>;

function isSwitch(f: TextField): f is keyof typeof SWITCHES {
  return f in SWITCHES;
}

/**
 * The `updateTextStyle` payload that gives a run the model style `style` for the given fields.
 * `base` supplies the named style's font/weight when only one of the pair is set (Docs writes
 * them together as `weightedFontFamily`).
 */
export function textStylePayload(
  style: TextStyle,
  fields: Set<TextField>,
  base: NamedStyleBase,
  tabId: string,
): { textStyle: DocsTextStyle; fields: string } {
  const ts: DocsTextStyle = {};
  const mask = new Set(fields);
  // Removing a link: Google's link chrome (underline, #1155cc) would stay behind, so reset it too.
  if (mask.has('link') && style.link === undefined) {
    mask.add('underline');
    mask.add('foregroundColor');
  }
  // Setting a link also sets Google's chrome unless the same request says otherwise: keep an
  // explicit colour or underline of the run.
  if (mask.has('link') && style.link !== undefined) {
    if (style.color !== undefined) mask.add('foregroundColor');
    if (style.underline !== undefined) mask.add('underline');
  }
  // A linked run's underline and blue are Google's chrome (the model does not show them): never
  // reset them on a link, or the link would stop looking like one.
  if (style.link !== undefined) {
    if (style.color === undefined) mask.delete('foregroundColor');
    if (style.underline === undefined) mask.delete('underline');
  }
  for (const f of mask) {
    if (isSwitch(f)) {
      const on = style[SWITCHES[f]];
      if (on !== undefined) ts[f] = on;
      continue;
    }
    switch (f) {
      case 'baselineOffset':
        if (style.sup) ts.baselineOffset = 'SUPERSCRIPT';
        else if (style.sub) ts.baselineOffset = 'SUBSCRIPT';
        break;
      case 'weightedFontFamily':
        if (style.font !== undefined || style.weight !== undefined) {
          ts.weightedFontFamily = {
            fontFamily: style.font ?? base.text.font,
            weight: style.weight ?? base.text.weight,
          };
        }
        break;
      case 'fontSize':
        if (style.size !== undefined) ts.fontSize = { magnitude: style.size, unit: 'PT' };
        break;
      case 'foregroundColor':
        if (style.color !== undefined) ts.foregroundColor = rgb(style.color);
        break;
      case 'backgroundColor':
        if (style.highlight !== undefined) ts.backgroundColor = rgb(style.highlight);
        break;
      case 'link':
        if (style.link !== undefined) ts.link = docsLink(style.link, tabId);
        break;
    }
  }
  return { textStyle: ts, fields: TEXT_FIELDS.filter((f) => mask.has(f)).join(',') };
}

const ALIGN: Record<Alignment, string> = {
  left: 'START',
  center: 'CENTER',
  right: 'END',
  justify: 'JUSTIFIED',
};

/** The indents (pt) a list level gives its items. */
export interface LevelIndents {
  start: number;
  first: number;
}

/** A named style's value of a model paragraph property (undefined for those it has none of). */
function resolved(base: NamedStyleBase, k: keyof ParagraphStyle): unknown {
  const p = base.paragraph;
  switch (k) {
    case 'align':
      return p.align;
    case 'indentLeft':
      return p.indentLeft;
    case 'firstLineIndent':
      return p.indentFirstLine - p.indentLeft;
    case 'indentRight':
      return p.indentRight;
    case 'lineSpacing':
      return p.lineSpacing;
    case 'spaceBefore':
      return p.spaceBefore;
    case 'spaceAfter':
      return p.spaceAfter;
    default:
      return undefined;
  }
}

/** What else a paragraph style payload depends on. */
export interface PayloadContext {
  /** The indents of the list level of a list item `to`, which its indents are relative to. */
  level?: LevelIndents | undefined;
  /** The named style `from` was under, when the paragraph changes named style. */
  fromBase?: NamedStyleBase | undefined;
}

/**
 * The `updateParagraphStyle` payload turning paragraph style `from` into `to` (null when nothing
 * differs). `forceAll` writes every expressible property (used for paragraphs whose inherited
 * direct properties are unknown, e.g. right after removing a bullet).
 */
export function paragraphStylePayload(
  from: ParagraphStyle | null,
  to: ParagraphStyle,
  base: NamedStyleBase,
  forceAll = false,
  extra: PayloadContext = {},
): { paragraphStyle: DocsParagraphStyle; fields: string } | null {
  const { level, fromBase } = extra;
  const ps: DocsParagraphStyle = {};
  const fields: string[] = [];
  // Under a new named style, a property `from` leaves unsaid may be set in Docs to the old named
  // style's value (the model cannot tell): where the two named styles differ, it is written.
  const rebased = from !== null && fromBase !== undefined && from.namedStyle !== to.namedStyle;
  const baseDiffers = (k: keyof ParagraphStyle): boolean =>
    rebased && from![k] === undefined && resolved(fromBase!, k) !== resolved(base, k);
  const changed = <K extends keyof ParagraphStyle>(k: K): boolean =>
    forceAll || from === null || from[k] !== to[k] || baseDiffers(k);
  if (from === null || from.namedStyle !== to.namedStyle) {
    ps.namedStyleType = to.namedStyle;
    fields.push('namedStyleType');
  }
  if (changed('align')) {
    if (to.align) ps.alignment = ALIGN[to.align];
    fields.push('alignment');
  }
  if (changed('indentLeft') || changed('firstLineIndent')) {
    // A list item's indents are relative to its level's, which the paragraph holds as explicit
    // values (createParagraphBullets writes them): going back to them writes them, clearing would
    // fall back to the named style's.
    const baseLeft = level ? level.start : base.paragraph.indentLeft;
    const baseFirst = level ? level.first : base.paragraph.indentFirstLine;
    if (to.indentLeft !== undefined || level)
      ps.indentStart = { magnitude: to.indentLeft ?? baseLeft, unit: 'PT' };
    fields.push('indentStart');
    if (to.firstLineIndent !== undefined || to.indentLeft !== undefined || level) {
      const left = to.indentLeft ?? baseLeft;
      const rel = to.firstLineIndent ?? baseFirst - baseLeft;
      ps.indentFirstLine = { magnitude: Math.round((left + rel) * 100) / 100, unit: 'PT' };
    }
    fields.push('indentFirstLine');
  }
  if (changed('indentRight')) {
    if (to.indentRight !== undefined) ps.indentEnd = { magnitude: to.indentRight, unit: 'PT' };
    fields.push('indentEnd');
  }
  if (changed('lineSpacing')) {
    if (to.lineSpacing !== undefined) ps.lineSpacing = to.lineSpacing;
    // In a cell the default is not what clearing the field gives (the named style's): write it.
    else if (base.cell) ps.lineSpacing = base.paragraph.lineSpacing;
    fields.push('lineSpacing');
  }
  if (changed('spaceBefore')) {
    if (to.spaceBefore !== undefined) ps.spaceAbove = { magnitude: to.spaceBefore, unit: 'PT' };
    fields.push('spaceAbove');
  }
  if (changed('spaceAfter')) {
    if (to.spaceAfter !== undefined) ps.spaceBelow = { magnitude: to.spaceAfter, unit: 'PT' };
    fields.push('spaceBelow');
  }
  if (fields.length === 0) return null;
  return { paragraphStyle: ps, fields: fields.join(',') };
}

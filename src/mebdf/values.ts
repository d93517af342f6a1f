/**
 * Value syntax of MEBDF properties: colours, lengths, font weights, line spacing. Each parser
 * returns the model value or an error message; each formatter writes the canonical spelling, so
 * that `parse(format(v)) === v` for every model value.
 */

import { excerpt } from '../errors.js';
import { closest } from './suggest.js';

/**
 * Named colours accepted for `color` and `highlight` (lowercase). CSS values, except `green`:
 * MEBDF's first definition made it `#00ff00`, and models write it with that meaning.
 */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#00ff00',
  lime: '#00ff00',
  blue: '#0000ff',
  yellow: '#ffff00',
  cyan: '#00ffff',
  aqua: '#00ffff',
  magenta: '#ff00ff',
  fuchsia: '#ff00ff',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  maroon: '#800000',
  olive: '#808000',
  navy: '#000080',
  purple: '#800080',
  teal: '#008080',
  orange: '#ffa500',
  pink: '#ffc0cb',
  brown: '#a52a2a',
  gold: '#ffd700',
  violet: '#ee82ee',
  indigo: '#4b0082',
  lightgray: '#d3d3d3',
  darkgray: '#a9a9a9',
};

/**
 * A parsed value, or why not: `fix` is a valid spelling the writer probably meant (shown as "did
 * you mean …?"), `advice` an instruction (shown as it is).
 */
export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; fix?: string; advice?: string };

/** `#rgb`, `#rrggbb` (any case) or a named colour -> lowercase `#rrggbb`. */
export function parseColor(text: string): Parsed<string> {
  const value = text.trim().toLowerCase();
  const named = NAMED_COLORS[value];
  if (named) return { ok: true, value: named };
  if (/^#[0-9a-f]{6}$/.test(value)) return { ok: true, value };
  if (/^#[0-9a-f]{3}$/.test(value)) {
    return { ok: true, value: `#${value[1]}${value[1]}${value[2]}${value[2]}${value[3]}${value[3]}` };
  }
  return {
    ok: false,
    message: `${excerpt(text, '`')} is not a colour`,
    advice: 'Write `#rrggbb`, `#rgb` or a colour name such as `red`.',
  };
}

const POINTS_PER_UNIT: Readonly<Record<string, number>> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4 };

/**
 * `12pt`, `0.5in`, `1.27cm`, `5mm` -> points (rounded to 1/10000 pt for the metric units). A bare
 * number is points (`size:18`), as MEBDF's first definition has it.
 */
export function parseLength(text: string, allowNegative: boolean): Parsed<number> {
  const match = /^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(pt|in|cm|mm)?\s*$/i.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `${excerpt(text, '`')} is not a length`,
      advice: 'Write a number of points (`12` or `12pt`), or a number with a unit: `0.5in`, `1cm`, `5mm`.',
    };
  }
  const number = Number(match[1]);
  const unit = (match[2] ?? 'pt').toLowerCase();
  if (number < 0 && !allowNegative)
    return { ok: false, message: `${excerpt(text, '`')}: a negative length is not allowed here` };
  const points = unit === 'pt' ? number : Math.round(number * POINTS_PER_UNIT[unit]! * 10000) / 10000;
  return { ok: true, value: points + 0 };
}

export function formatLength(points: number): string {
  return `${points + 0}pt`;
}

/** Font weights by name, as the Docs UI names them. */
export const WEIGHT_NAMES: Readonly<Record<string, number>> = {
  Thin: 100,
  'Extra Light': 200,
  Light: 300,
  Normal: 400,
  Medium: 500,
  'Semi Bold': 600,
  Bold: 700,
  'Extra Bold': 800,
  Black: 900,
};

/**
 * Every accepted weight name, folded (lowercase, no spaces, `-` or `_`): the Docs UI's names and
 * the other names type foundries and MEBDF's first definition use.
 */
const WEIGHT_ALIASES: Readonly<Record<string, number>> = {
  ...Object.fromEntries(Object.entries(WEIGHT_NAMES).map(([name, weight]) => [foldWeight(name), weight])),
  hairline: 100,
  ultralight: 200,
  regular: 400,
  book: 400,
  demibold: 600,
  ultrabold: 800,
  heavy: 900,
};

function foldWeight(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

export function parseWeight(text: string): Parsed<number> {
  const value = text.trim();
  const named = WEIGHT_ALIASES[foldWeight(value)];
  if (named !== undefined) return { ok: true, value: named };
  if (/^[1-9]00$/.test(value)) return { ok: true, value: Number(value) };
  return {
    ok: false,
    message: `${excerpt(text, '`')} is not a font weight`,
    advice: `Use 100, 200, … 900 or one of ${Object.keys(WEIGHT_NAMES).join(', ')}.`,
  };
}

const ALIGNMENTS: Readonly<Record<string, 'left' | 'center' | 'right' | 'justify'>> = {
  left: 'left',
  start: 'left',
  center: 'center',
  centre: 'center',
  right: 'right',
  end: 'right',
  justify: 'justify',
  justified: 'justify',
};

/**
 * `left`, `center`, `right`, `justify`, and the spellings `start`, `end`, `justified`, `centre`.
 * `start`/`end` are left/right as in left-to-right text (Docs' own START/END flip in
 * right-to-left paragraphs; MEBDF has no direction, so it keeps the common meaning).
 */
export function parseAlignment(text: string): Parsed<'left' | 'center' | 'right' | 'justify'> {
  const value = ALIGNMENTS[text.trim().toLowerCase()];
  if (value !== undefined) return { ok: true, value };
  const fix = closest(text, Object.keys(ALIGNMENTS));
  const refused: Parsed<never> = {
    ok: false,
    message: `${excerpt(text, '`')} is not left, center, right or justify`,
  };
  return fix === undefined ? refused : { ...refused, fix };
}

export function formatWeight(weight: number): string {
  for (const [name, value] of Object.entries(WEIGHT_NAMES)) if (value === weight) return name;
  return String(weight);
}

const SPACING_NAMES: Readonly<Record<string, number>> = { single: 100, double: 200 };

/** `single`, `double`, a multiplier (`1.15`, `1.5`, `2`) or a percentage (`130%`) -> percent. */
export function parseLineSpacing(text: string): Parsed<number> {
  const value = text.trim().toLowerCase();
  const named = SPACING_NAMES[value];
  if (named !== undefined) return { ok: true, value: named };
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value);
  if (percent) return { ok: true, value: Number(percent[1]) };
  if (/^\d+(?:\.\d+)?$/.test(value) && Number(value) > 0) {
    return { ok: true, value: Math.round(Number(value) * 100 * 10000) / 10000 };
  }
  return {
    ok: false,
    message: `${excerpt(text, '`')} is not a line spacing`,
    advice: 'Write `single`, `1.15`, `1.5`, `double`, another multiplier, or a percentage such as `130%`.',
  };
}

export function formatLineSpacing(percent: number): string {
  if (percent === 100) return 'single';
  if (percent === 200) return 'double';
  if (percent === 115 || percent === 150) return String(percent / 100);
  return `${percent}%`;
}

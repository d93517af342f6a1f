/**
 * Value syntax of MEBDF properties: colours, lengths, font weights, line spacing. Each parser
 * returns the model value or an error message; each formatter writes the canonical spelling, so
 * that `parse(format(v)) === v` for every model value.
 */

import { excerpt } from '../errors.js';

/** Named colours accepted for `color` and `highlight` (CSS names; lowercase). */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
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

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; suggestion?: string };

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
    suggestion: 'write `#rrggbb`, `#rgb` or a colour name such as `red`',
  };
}

const POINTS_PER_UNIT: Readonly<Record<string, number>> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4 };

/** `12pt`, `0.5in`, `1.27cm`, `5mm` -> points (rounded to 1/10000 pt for the metric units). */
export function parseLength(text: string, allowNegative: boolean): Parsed<number> {
  const match = /^\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(pt|in|cm|mm)\s*$/i.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `${excerpt(text, '`')} is not a length`,
      suggestion: 'write a number with a unit: `12pt`, `0.5in`, `1cm` or `5mm`',
    };
  }
  const number = Number(match[1]);
  const unit = match[2]!.toLowerCase();
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

export function parseWeight(text: string): Parsed<number> {
  const value = text.trim();
  for (const [name, weight] of Object.entries(WEIGHT_NAMES)) {
    if (name.toLowerCase() === value.toLowerCase()) return { ok: true, value: weight };
  }
  if (/^[1-9]00$/.test(value)) return { ok: true, value: Number(value) };
  return {
    ok: false,
    message: `${excerpt(text, '`')} is not a font weight`,
    suggestion: `use 100, 200, … 900 or one of ${Object.keys(WEIGHT_NAMES).join(', ')}`,
  };
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
    suggestion: 'write `single`, `1.15`, `1.5`, `double`, another multiplier, or a percentage such as `130%`',
  };
}

export function formatLineSpacing(percent: number): string {
  if (percent === 100) return 'single';
  if (percent === 200) return 'double';
  if (percent === 115 || percent === 150) return String(percent / 100);
  return `${percent}%`;
}

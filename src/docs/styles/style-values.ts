/**
 * The value forms of the formatting tools: parsing what a person or a model types ('11pt',
 * '#1a2b3c', 'bold', '1.15', 'double') into Docs units, and formatting Docs values back into the
 * canonical strings `extract_styles` reports. Every bad value is a ValidationError that lists the
 * accepted forms, so the caller can fix the call in one go.
 */
import { ValidationError } from '../../errors.js';
import type { DocsTextStyle } from '../../ground/docs-json.js';

type DocsColor = NonNullable<DocsTextStyle['foregroundColor']>;

/** Font sizes the Docs editor accepts, in points. */
const MIN_FONT_PT = 1;
const MAX_FONT_PT = 400;
/** Paragraph spacing above/below, in points (the editor's own ceiling is far below this). */
const MAX_SPACE_PT = 1000;
/** Line spacing as a multiple of single spacing. */
const MIN_LINE_MULTIPLE = 0.5;
const MAX_LINE_MULTIPLE = 10;

const WEIGHT_NAMES: Record<string, number> = {
  thin: 100,
  extralight: 200,
  'extra-light': 200,
  light: 300,
  normal: 400,
  regular: 400,
  medium: 500,
  semibold: 600,
  'semi-bold': 600,
  bold: 700,
  extrabold: 800,
  'extra-bold': 800,
  black: 900,
  heavy: 900,
};

function bad(what: string, value: unknown, accepted: string): ValidationError {
  return new ValidationError(`Invalid ${what}: ${JSON.stringify(value)}.`, `Accepted forms: ${accepted}.`);
}

/** Trims and returns a float with at most 2 decimals, as points are stored. */
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** `'11pt'`, `'11 pt'`, `'11'`, `'10.5pt'` → 11 / 10.5 (points). */
function parsePoints(what: string, value: string, min: number, max: number, example: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(pt)?\s*$/i.exec(value);
  const accepted = `a size in points such as "${example}" or "${example.replace('pt', '')}" (${min}–${max}pt)`;
  if (!match) throw bad(what, value, accepted);
  const n = Number(match[1]);
  if (!Number.isFinite(n) || n < min || n > max) throw bad(what, value, accepted);
  return round2(n);
}

export function parseFontSize(value: string, what = 'font size'): number {
  return parsePoints(what, value, MIN_FONT_PT, MAX_FONT_PT, '11pt');
}

export function parseSpace(value: string, what = 'paragraph spacing'): number {
  return parsePoints(what, value, 0, MAX_SPACE_PT, '6pt');
}

/** A font family name as Docs stores it; any name is accepted (unknown ones render as Arial). */
export function parseFontFamily(value: string, what = 'font family'): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '' || name.length > 100 || /[\u0000-\u001f{}<>]/.test(name)) {
    throw bad(what, value, 'a font family name such as "Arial", "Times New Roman" or "Roboto"');
  }
  return name;
}

/** `'400'`, `'700'`, `'bold'`, `'normal'`, `'light'` … → 100–900. */
export function parseFontWeight(value: string, what = 'font weight'): number {
  const text = String(value).trim().toLowerCase();
  const named = WEIGHT_NAMES[text];
  if (named !== undefined) return named;
  const n = Number(text);
  if (/^\d{3}$/.test(text) && n >= 100 && n <= 900 && n % 100 === 0) return n;
  throw bad(
    what,
    value,
    `a multiple of 100 from "100" to "900" ("400" normal, "700" bold), or a name: ${Object.keys(WEIGHT_NAMES).join(', ')}`,
  );
}

/** `'#1a2b3c'`, `'#abc'` (case-insensitive) → `'#1a2b3c'`. */
export function parseColor(value: string, what = 'text color'): string {
  const text = String(value).trim().toLowerCase();
  const long = /^#([0-9a-f]{6})$/.exec(text);
  if (long) return `#${long[1]}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  throw bad(what, value, 'a hex colour "#rrggbb" (e.g. "#000000", "#434343") or "#rgb"');
}

/**
 * Line spacing as Docs stores it: a percentage of single spacing. `'single'` = 100, `'double'` =
 * 200, `'1.15'` = 115, `'1.5'` = 150, `'115%'` = 115.
 */
export function parseLineSpacing(value: string, what = 'line spacing'): number {
  const text = String(value).trim().toLowerCase();
  const accepted = `"single", "double", a multiple such as "1.15" or "1.5" (${MIN_LINE_MULTIPLE}–${MAX_LINE_MULTIPLE}), or a percentage such as "115%"`;
  if (text === 'single') return 100;
  if (text === 'double') return 200;
  const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  const multiple = /^(\d+(?:\.\d+)?|\.\d+)$/.exec(text);
  let pct: number;
  if (percent) pct = Number(percent[1]);
  else if (multiple) pct = Number(multiple[1]) * 100;
  else throw bad(what, value, accepted);
  pct = round2(pct);
  if (!Number.isFinite(pct) || pct < MIN_LINE_MULTIPLE * 100 || pct > MAX_LINE_MULTIPLE * 100) {
    throw bad(what, value, accepted);
  }
  return pct;
}

// ---- Docs values -> canonical strings -------------------------------------------------------

function trimNumber(n: number): string {
  return String(round2(n));
}

export function formatPoints(pt: number): string {
  return `${trimNumber(pt)}pt`;
}

export function formatWeight(weight: number): string {
  return String(weight);
}

export function formatLineSpacing(percent: number): string {
  if (percent === 100) return 'single';
  if (percent === 200) return 'double';
  return trimNumber(percent / 100);
}

// ---- Docs colour objects <-> hex -------------------------------------------------------------

function channel(x: number | null | undefined): string {
  const v = Math.max(0, Math.min(255, Math.round((x ?? 0) * 255)));
  return v.toString(16).padStart(2, '0');
}

/**
 * `{color:{rgbColor:{red,green,blue}}}` → `'#rrggbb'` (absent channels are 0, so `rgbColor:{}` is
 * black). A colour with no `color` (`{}`) means "unset/transparent": undefined.
 */
export function optionalColorToHex(color: DocsColor | null | undefined): string | undefined {
  const rgb = color?.color?.rgbColor;
  if (!color?.color || !rgb) return undefined;
  return `#${channel(rgb.red)}${channel(rgb.green)}${channel(rgb.blue)}`;
}

export function hexToOptionalColor(hex: string): DocsColor {
  const n = (i: number): number => Number.parseInt(hex.slice(i, i + 2), 16) / 255;
  const rgbColor: { red?: number; green?: number; blue?: number } = {};
  // Zero channels are left out, as Google writes them.
  if (n(1) !== 0) rgbColor.red = n(1);
  if (n(3) !== 0) rgbColor.green = n(3);
  if (n(5) !== 0) rgbColor.blue = n(5);
  return { color: { rgbColor } };
}

/** `{magnitude, unit:'PT'}` → points; a dimension without magnitude is 0 (proto3 zero). */
export function dimensionToPoints(
  dim: { magnitude?: number | null; unit?: string | null } | null | undefined,
): number | undefined {
  if (!dim) return undefined;
  return round2(dim.magnitude ?? 0);
}

export function pointsToDimension(pt: number): { magnitude: number; unit: string } {
  return { magnitude: pt, unit: 'PT' };
}

/**
 * The weight a reader sees, from the font weight and the resolved `bold` (Google's rule, from the
 * WeightedFontFamily reference): bold lifts weights below 700 to 700 (and below 400 to 400).
 */
export function renderedWeight(weight: number, bold: boolean): number {
  if (!bold) return weight;
  if (weight < 400) return 400;
  if (weight < 700) return 700;
  return weight;
}

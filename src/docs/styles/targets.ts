/**
 * What a formatting call asks for, in Docs units, per named style: built from `apply_styles`'
 * StyleDefinitions or from `normalize_formatting`'s parameters, validated here so that a bad value
 * is rejected before anything is read or written.
 */
import { ValidationError } from '../../errors.js';
import type { NormalizeValues, StyleDefinition } from './definitions.js';
import { ELEMENT_TYPES, NAMED_STYLE_TYPES, type NamedStyleType } from './resolve.js';
import {
  parseColor,
  parseFontFamily,
  parseFontSize,
  parseFontWeight,
  parseLineSpacing,
  parseSpace,
} from './style-values.js';

/** Target values for one named style; an absent property is left as it is. */
export interface StyleTarget {
  fontFamily?: string;
  /** Points. */
  fontSize?: number;
  /** The rendered weight of the style's text (100–900). */
  fontWeight?: number;
  /** `#rrggbb`. */
  color?: string;
  /** Percent of single spacing. */
  lineSpacing?: number;
  spaceAbove?: number;
  spaceBelow?: number;
}

export type StyleTargets = Partial<Record<NamedStyleType, StyleTarget>>;

export const TARGET_KEYS = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'color',
  'lineSpacing',
  'spaceAbove',
  'spaceBelow',
] as const satisfies ReadonlyArray<keyof StyleTarget>;
export type TargetKey = (typeof TARGET_KEYS)[number];

/** Human names of the properties, for change summaries and warnings. */
export const TARGET_LABELS: Record<TargetKey, string> = {
  fontFamily: 'font family',
  fontSize: 'font size',
  fontWeight: 'font weight',
  color: 'text colour',
  lineSpacing: 'line spacing',
  spaceAbove: 'space before',
  spaceBelow: 'space after',
};

/** Every named style but body text: what `heading_font` covers. */
const HEADING_TYPES: NamedStyleType[] = NAMED_STYLE_TYPES.filter((t) => t !== 'NORMAL_TEXT');

const ELEMENT_NAMES = ELEMENT_TYPES.map((e) => e.element);

export function elementToNamed(element: string): NamedStyleType | undefined {
  return ELEMENT_TYPES.find((e) => e.element === element)?.named;
}

export function namedToElement(named: NamedStyleType): string {
  return ELEMENT_TYPES.find((e) => e.named === named)?.element ?? named.toLowerCase();
}

function optional<T>(
  value: unknown,
  field: string,
  element: string,
  parse: (v: string, what: string) => T,
): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new ValidationError(
      `Invalid ${field} for "${element}": expected a string or null, got ${JSON.stringify(value)}.`,
      'Pass the StyleDefinitions extract_styles returned (every value a string or null).',
    );
  }
  return parse(value, `${field} for "${element}"`);
}

/** StyleDefinitions (as extract_styles returns them) → targets; nulls mean "leave as it is". */
export function targetsFromDefinitions(definitions: unknown): StyleTargets {
  if (!Array.isArray(definitions) || definitions.length === 0) {
    throw new ValidationError(
      'styles must be a non-empty list of style definitions.',
      'Pass the `styles` array extract_styles returned, or a hand-written list of {element_type, font_family, …}.',
    );
  }
  const targets: StyleTargets = {};
  for (const raw of definitions) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new ValidationError(
        `Each style definition must be an object, got ${JSON.stringify(raw)}.`,
        'Pass the `styles` array extract_styles returned.',
      );
    }
    const def = raw as Partial<Record<keyof StyleDefinition, unknown>>;
    const element = typeof def.element_type === 'string' ? def.element_type.trim().toLowerCase() : '';
    const named = elementToNamed(element);
    if (!named) {
      throw new ValidationError(
        `Unknown element_type ${JSON.stringify(def.element_type)}.`,
        `Use one of: ${ELEMENT_NAMES.join(', ')}.`,
      );
    }
    if (targets[named]) {
      throw new ValidationError(
        `element_type "${element}" appears more than once.`,
        'Give each element type at most one definition.',
      );
    }
    const target: StyleTarget = {};
    const set = <K extends keyof StyleTarget>(key: K, value: StyleTarget[K] | undefined): void => {
      if (value !== undefined) target[key] = value;
    };
    set('fontFamily', optional(def.font_family, 'font_family', element, parseFontFamily));
    set('fontSize', optional(def.font_size, 'font_size', element, parseFontSize));
    set('fontWeight', optional(def.font_weight, 'font_weight', element, parseFontWeight));
    set('color', optional(def.text_color, 'text_color', element, parseColor));
    set('lineSpacing', optional(def.line_spacing, 'line_spacing', element, parseLineSpacing));
    set('spaceAbove', optional(def.space_before, 'space_before', element, parseSpace));
    set('spaceBelow', optional(def.space_after, 'space_after', element, parseSpace));
    targets[named] = target;
  }
  return targets;
}

/** The normalize parameters that change something (at least one is required). */
export const NORMALIZE_PARAMETERS = [
  'body_font',
  'body_size',
  'heading_font',
  'line_spacing',
  'space_after',
] as const;

/**
 * normalize_formatting's parameters → targets. `body_*`, `line_spacing` and `space_after` set the
 * body text (NORMAL_TEXT); `heading_font` sets the title, subtitle and the six heading levels.
 */
export function targetsFromNormalize(params: NormalizeValues): StyleTargets {
  const given = NORMALIZE_PARAMETERS.filter((name) => params[name] !== undefined && params[name] !== null);
  if (given.length === 0) {
    throw new ValidationError(
      'Nothing to normalize: no formatting parameter was given.',
      `Pass at least one of ${NORMALIZE_PARAMETERS.join(', ')} (e.g. body_font "Arial", body_size "11pt", line_spacing "1.15", space_after "6pt").`,
    );
  }
  const str = (name: (typeof NORMALIZE_PARAMETERS)[number]): string | undefined => {
    const value = params[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      throw new ValidationError(
        `Invalid ${name}: expected a string, got ${JSON.stringify(value)}.`,
        'Pass a string.',
      );
    }
    return value;
  };
  const body: StyleTarget = {};
  const bodyFont = str('body_font');
  if (bodyFont !== undefined) body.fontFamily = parseFontFamily(bodyFont, 'body_font');
  const bodySize = str('body_size');
  if (bodySize !== undefined) body.fontSize = parseFontSize(bodySize, 'body_size');
  const lineSpacing = str('line_spacing');
  if (lineSpacing !== undefined) body.lineSpacing = parseLineSpacing(lineSpacing, 'line_spacing');
  const spaceAfter = str('space_after');
  if (spaceAfter !== undefined) body.spaceBelow = parseSpace(spaceAfter, 'space_after');
  const targets: StyleTargets = {};
  if (Object.keys(body).length > 0) targets.NORMAL_TEXT = body;
  const headingFont = str('heading_font');
  if (headingFont !== undefined) {
    const family = parseFontFamily(headingFont, 'heading_font');
    for (const type of HEADING_TYPES) targets[type] = { fontFamily: family };
  }
  return targets;
}

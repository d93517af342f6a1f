/**
 * Docs lists -> model list kinds. Docs sets the glyph per nesting level of a list:
 * - `glyphSymbol` (●, ○, ■, …) is a bulleted level;
 * - a numbering `glyphType` (DECIMAL, ALPHA, ROMAN, …) is an ordered level;
 * - `GLYPH_TYPE_UNSPECIFIED` with no symbol is a checkbox level (what BULLET_CHECKBOX creates; the
 *   API exposes no checked state);
 * - `NONE` is a level without a glyph: shown as a bullet, with a warning.
 */

import type { DocumentTab, NestingLevel } from '../../ground/docs-json.js';
import type { ListKind } from '../../mebdf/model.js';
import { pointsOf } from './style-overrides.js';

const NUMBERED = new Set(['DECIMAL', 'ZERO_DECIMAL', 'UPPER_ALPHA', 'ALPHA', 'UPPER_ROMAN', 'ROMAN']);
/** The glyph patterns of Google's default presets: these numbering styles need no warning. */
const DEFAULT_NUMBERING = ['DECIMAL', 'ALPHA', 'ROMAN'];
const DEFAULT_BULLETS = ['●', '○', '■'];

export interface ListLevelInfo {
  kind: ListKind;
  /** The level's own indents (points) that every item of the level carries. */
  indentStart: number | null;
  indentFirstLine: number | null;
  /** Why this level cannot be shown as it is, if it cannot. */
  loss?: string;
}

export function listLevel(tab: DocumentTab, listId: string, level: number): ListLevelInfo {
  return nestingLevelInfo(tab.lists?.[listId]?.listProperties?.nestingLevels?.[level], level);
}

/** What nesting level `nl` (the `level`th of its list) shows: its kind, indents and any loss. */
export function nestingLevelInfo(nl: NestingLevel | undefined, level: number): ListLevelInfo {
  if (!nl) return { kind: 'bullet', indentStart: null, indentFirstLine: null, loss: 'its list is missing' };
  const base = { indentStart: pointsOf(nl.indentStart), indentFirstLine: pointsOf(nl.indentFirstLine) };
  const glyphType = nl.glyphType ?? '';
  if (nl.glyphSymbol) {
    const expected = DEFAULT_BULLETS[level % 3];
    return nl.glyphSymbol === expected
      ? { kind: 'bullet', ...base }
      : { kind: 'bullet', ...base, loss: `bullet glyph "${nl.glyphSymbol}" is shown as a plain bullet` };
  }
  if (NUMBERED.has(glyphType)) {
    const losses: string[] = [];
    if (glyphType !== DEFAULT_NUMBERING[level % 3]) losses.push(`numbering style ${glyphType}`);
    if ((nl.startNumber ?? 1) !== 1) losses.push(`start number ${nl.startNumber}`);
    const format = nl.glyphFormat ?? '';
    if (format && !/^%\d[.)]?$/.test(format) && !/^\(?%\d\)$/.test(format))
      losses.push(`number format "${format}"`);
    return losses.length
      ? { kind: 'ordered', ...base, loss: `${losses.join(', ')} is shown as plain numbering` }
      : { kind: 'ordered', ...base };
  }
  if (glyphType === 'GLYPH_TYPE_UNSPECIFIED' || glyphType === '') return { kind: 'checkbox', ...base };
  return { kind: 'bullet', ...base, loss: `a level without glyph (${glyphType}) is shown as a bullet` };
}

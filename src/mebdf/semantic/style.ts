/**
 * Small helpers on model styles: equality (for merging adjacent runs), applying a property change.
 */
import type { TextStyle } from '../model.js';
import { MONO_FONT, type TextDelta } from '../props.js';

const TEXT_KEYS: readonly (keyof TextStyle)[] = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'smallcaps',
  'sup',
  'sub',
  'font',
  'weight',
  'size',
  'color',
  'highlight',
  'link',
  'suggestion',
  'comment',
  'html',
];

export function sameTextStyle(a: TextStyle, b: TextStyle): boolean {
  for (const key of TEXT_KEYS) if (a[key] !== b[key]) return false;
  return true;
}

/** `base` with `delta` applied (a new object; `base` is not changed). */
export function applyTextDelta(base: TextStyle, delta: TextDelta): TextStyle {
  const result: TextStyle = { ...base };
  if (delta.monoOff && result.font === MONO_FONT) delete result.font;
  for (const key of delta.unset) delete result[key];
  Object.assign(result, delta.set);
  if (delta.set.sup === true) delete result.sub;
  if (delta.set.sub === true) delete result.sup;
  return result;
}

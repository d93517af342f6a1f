/**
 * Suggested style changes as the discovery document shapes them: `SuggestedTextStyle`
 * `{textStyle, textStyleSuggestionState}`, `SuggestedParagraphStyle` `{paragraphStyle,
 * paragraphStyleSuggestionState}` and `SuggestedBullet` `{bullet, bulletSuggestionState}`, keyed by
 * suggestion id. The style holds only the changed fields' new values; the state marks every changed
 * field `<field>Suggested: true` (`shadingSuggestionState` for `shading`). A changed field with no
 * value in the style means the suggestion unsets it.
 */
import { deepEqual } from './json.js';
import { orderKeys } from './style-fields.js';

type Style = Record<string, unknown>;

/** The state key that marks `field` (`bold` → `boldSuggested`, `shading` → `shadingSuggestionState`). */
function stateKey(field: string): string {
  return field === 'shading' ? 'shadingSuggestionState' : `${field}Suggested`;
}

function fieldOfStateKey(key: string): string | undefined {
  if (key === 'shadingSuggestionState') return 'shading';
  return key.endsWith('Suggested') ? key.slice(0, -'Suggested'.length) : undefined;
}

/** The fields whose values differ between two styles (absent = unset). */
export function changedFields(before: Style | undefined, after: Style | undefined): string[] {
  const a = before ?? {};
  const b = after ?? {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !deepEqual(a[k], b[k]));
}

/** A suggested change from `before` to `after` over `fields`: `{style, state}` in the discovery's shape. */
export function styleChange(after: Style | undefined, fields: string[]): { style: Style; state: Style } {
  const style: Style = {};
  const state: Style = {};
  for (const f of fields) {
    if (after?.[f] !== undefined && after[f] !== null) style[f] = structuredClone(after[f]);
    state[stateKey(f)] = f === 'shading' ? { backgroundColorSuggested: true } : true;
  }
  return { style, state };
}

/** Apply a suggested change to a base style in place (accepting it). */
export function applyStyleChange(
  base: Style,
  style: Style | undefined,
  state: Style | undefined,
  order: string[],
): void {
  for (const key of Object.keys(state ?? {})) {
    const f = fieldOfStateKey(key);
    if (!f) continue;
    const v = style?.[f];
    if (v === undefined || v === null) delete base[f];
    else base[f] = structuredClone(v);
  }
  orderKeys(base, order);
}

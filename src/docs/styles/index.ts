/**
 * The formatting core behind extract_styles, apply_styles and normalize_formatting: effective
 * styles, extraction, request planning and the verification of a planned result. Pure: Docs JSON
 * in, requests and reports out.
 */

import type { Document } from '../../ground/docs-json.js';
import { resolveTab } from '../export/tabs.js';
import type { NormalizeValues, StyleDefinition } from './definitions.js';
import { extractTabStyles } from './extract.js';
import { planStyleChanges, type StylePlan } from './plan.js';
import { type StyleTargets, targetsFromDefinitions, targetsFromNormalize } from './targets.js';

export type { NormalizeValues, StyleDefinition } from './definitions.js';
export { type EffectiveTypeStyle, effectiveTypeStyle, extractTabStyles } from './extract.js';
export { planStyleChanges, type StylePlan } from './plan.js';
export {
  EDITOR_DEFAULTS,
  ELEMENT_TYPES,
  isCodeRun,
  isMonospaceFamily,
  isSymbolFamily,
  NAMED_STYLE_TYPES,
  type NamedStyleType,
  type ParagraphLook,
  resolveTabStyles,
  type StyledParagraph,
  type StyledRun,
  type StyledTab,
  type StyleLook,
  type TextLook,
} from './resolve.js';
export {
  formatLineSpacing,
  formatPoints,
  parseColor,
  parseFontFamily,
  parseFontSize,
  parseFontWeight,
  parseLineSpacing,
  parseSpace,
  renderedWeight,
} from './style-values.js';
export {
  elementToNamed,
  NORMALIZE_PARAMETERS,
  namedToElement,
  type StyleTarget,
  type StyleTargets,
  targetsFromDefinitions,
  targetsFromNormalize,
} from './targets.js';
export { fingerprint, verifyStyleResult } from './verify.js';

/** A plan for one tab, with the tab it is for and the targets it was made from. */
export interface TabStylePlan extends StylePlan {
  tabId: string;
  targets: StyleTargets;
}

/** extract_styles over a document (either shape): the definitions of one tab. */
export function extractStyles(doc: Document, tabId?: string): StyleDefinition[] {
  return extractTabStyles(resolveTab(doc, tabId).content);
}

/** apply_styles: validates the definitions (ValidationError), then plans the change of one tab. */
export function planApplyStyles(doc: Document, tabId: string | undefined, styles: unknown): TabStylePlan {
  const targets = targetsFromDefinitions(styles);
  const tab = resolveTab(doc, tabId);
  return { ...planStyleChanges(tab.content, tab.tabId, targets), tabId: tab.tabId, targets };
}

/** normalize_formatting: validates the parameters (ValidationError), then plans the change. */
export function planNormalize(
  doc: Document,
  tabId: string | undefined,
  params: NormalizeValues,
): TabStylePlan {
  const targets = targetsFromNormalize(params);
  const tab = resolveTab(doc, tabId);
  return { ...planStyleChanges(tab.content, tab.tabId, targets), tabId: tab.tabId, targets };
}

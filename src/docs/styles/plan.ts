/**
 * Planning a style change: the requests that make a tab's named styles carry the target values and
 * remove the direct formatting that would hide them, without touching character-level meaning.
 *
 * - Named styles: one `updateNamedStyle` per style type that changes. A property a style inherits
 *   from NORMAL_TEXT is pinned to its current value when NORMAL_TEXT changes and the call did not
 *   ask to change that style too (changing the body font must not restyle headings).
 * - Paragraphs: line spacing / space before / space after set on a paragraph and different from the
 *   target are reset to inherit (`fields` names them, no value).
 * - Runs: font family/weight, size and colour overrides that differ from the target are reset (or,
 *   where a run's weight must be kept, rewritten). Kept on purpose: code runs' monospace font, link
 *   colours, and colours that mark part of a paragraph; bold, italic, underline, strikethrough,
 *   highlights, links and super/subscript are never in a mask at all.
 *
 * Only real changes produce requests and count in `changes`: a value that already equals the
 * target is not a change, so planning a second time over the result plans nothing.
 */
import type { DocumentTab, Request } from '../../ground/docs-json.js';
import {
  isCodeRun,
  NAMED_STYLE_TYPES,
  type NamedStyleType,
  resolveNamedLooks,
  resolveOtherSegments,
  resolveTabStyles,
  type StyledParagraph,
  type StyledRun,
  type StyleLook,
  visibleLength,
} from './resolve.js';
import {
  formatLineSpacing,
  formatPoints,
  formatWeight,
  hexToOptionalColor,
  pointsToDimension,
  renderedWeight,
} from './style-values.js';
import { namedToElement, type StyleTargets, TARGET_LABELS, type TargetKey } from './targets.js';

export interface StylePlan {
  requests: Request[];
  /** Real formatting changes (a named-style property, a paragraph's or a run's property). */
  changes: number;
  /** One readable line per kind of change, for dry runs and the CLI. */
  summary: string[];
  warnings: string[];
}

type Layers = Record<NamedStyleType, Partial<StyleLook>>;

/** The value of a target property in a resolved look (font weight: the rendered weight). */
export function lookValue(look: StyleLook, key: TargetKey): string | number {
  if (key === 'fontWeight') return renderedWeight(look.fontWeight, look.bold);
  return look[key];
}

function describe(key: TargetKey, value: string | number): string {
  switch (key) {
    case 'fontSize':
    case 'spaceAbove':
    case 'spaceBelow':
      return formatPoints(value as number);
    case 'lineSpacing':
      return formatLineSpacing(value as number);
    case 'fontWeight':
      return formatWeight(value as number);
    default:
      return String(value);
  }
}

/** Writes a target value into a named-style layer (weight: bold plus the font's weight). */
function setLayer(layer: Partial<StyleLook>, key: TargetKey, value: string | number): void {
  if (key === 'fontWeight') {
    const weight = value as number;
    // 700 is what the editor's Bold gives: bold on a 400 font. Other weights are the font's own.
    layer.bold = weight === 700;
    layer.fontWeight = weight === 700 ? 400 : weight;
    return;
  }
  (layer as Record<string, unknown>)[key] = value;
}

interface NamedChange {
  type: NamedStyleType;
  keys: Set<TargetKey>;
}

export function planStyleChanges(tab: DocumentTab, tabId: string, targets: StyleTargets): StylePlan {
  const before = resolveTabStyles(tab);
  const summary: string[] = [];
  const warnings: string[] = [];
  let changes = 0;

  // ---- 1. Named styles ----------------------------------------------------------------------
  const layers = structuredClone(before.namedLayers) as Layers;
  const namedChanges: NamedChange[] = [];
  // NORMAL_TEXT first: the others inherit from it, so their pins depend on its new values.
  for (const type of NAMED_STYLE_TYPES) {
    const target = targets[type] ?? {};
    const old = before.named[type];
    const change: NamedChange = { type, keys: new Set() };
    for (const key of Object.keys(TARGET_LABELS) as TargetKey[]) {
      const desired = target[key] ?? lookValue(old, key);
      const current = lookValue(resolveNamedLooks(layers)[type], key);
      if (current === desired) continue;
      setLayer(layers[type], key, desired);
      change.keys.add(key);
      if (desired !== lookValue(old, key)) {
        changes += 1;
        summary.push(
          `${namedToElement(type)}: ${TARGET_LABELS[key]} ${describe(key, lookValue(old, key))} → ${describe(key, desired)} (named style)`,
        );
      }
    }
    if (change.keys.size > 0) namedChanges.push(change);
  }
  const after = resolveNamedLooks(layers);
  const requests: Request[] = namedChanges.map((c) =>
    namedStyleRequest(c, after[c.type], layers[c.type], tabId),
  );

  // ---- 2. Paragraph and run overrides -------------------------------------------------------
  const counters = new Counters();
  const textEdits: TextEdit[] = [];
  const paragraphEdits: ParagraphEdit[] = [];
  for (const paragraph of before.paragraphs) {
    const target = targets[paragraph.namedStyleType];
    if (!target) continue;
    const base = after[paragraph.namedStyleType];
    const oldBase = before.named[paragraph.namedStyleType];
    const element = namedToElement(paragraph.namedStyleType);

    const resetParagraph: string[] = [];
    for (const key of ['lineSpacing', 'spaceAbove', 'spaceBelow'] as const) {
      if (target[key] === undefined || paragraph.direct[key] === undefined) continue;
      if (paragraph.look[key] === target[key]) continue;
      resetParagraph.push(key);
      counters.add(`${element}: ${TARGET_LABELS[key]} overrides removed`, 1);
    }
    if (resetParagraph.length > 0) {
      paragraphEdits.push({
        startIndex: paragraph.startIndex,
        endIndex: paragraph.endIndex,
        fields: resetParagraph,
      });
    }

    const baseColor = target.color !== undefined ? paragraphBaseColor(paragraph) : undefined;
    for (const run of paragraph.runs) {
      if (!run.isText) continue;
      const edit = planRun(run, target, base, oldBase, baseColor, element, counters);
      if (edit) textEdits.push(edit);
    }
  }
  changes += counters.changes;
  summary.push(...counters.lines());
  requests.push(...mergeParagraphEdits(paragraphEdits, tabId), ...mergeTextEdits(textEdits, tabId));

  warnings.push(...counters.warningLines());
  const ownFormatting = otherSegmentOverrides(tab, after, targets);
  if (ownFormatting > 0) {
    warnings.push(
      `Headers, footers and footnotes were not edited directly: ${ownFormatting} of their runs keep their own font or size.`,
    );
  }
  if (before.skippedTocParagraphs > 0 && Object.keys(targets).length > 0) {
    warnings.push(
      `The table of contents (${before.skippedTocParagraphs} paragraphs) was left as it is: Google regenerates it.`,
    );
  }
  return { requests, changes, summary, warnings };
}

/** Runs in headers, footers and footnotes whose own font or size differs from the asked one. */
function otherSegmentOverrides(
  tab: DocumentTab,
  after: Record<NamedStyleType, StyleLook>,
  targets: StyleTargets,
): number {
  let count = 0;
  for (const paragraph of resolveOtherSegments(tab, after)) {
    const target = targets[paragraph.namedStyleType];
    if (!target) continue;
    for (const run of paragraph.runs) {
      if (visibleLength(run) === 0) continue;
      const family =
        target.fontFamily !== undefined &&
        run.direct.fontFamily !== undefined &&
        run.look.fontFamily !== target.fontFamily &&
        !isCodeRun(run, after[paragraph.namedStyleType].fontFamily);
      const size =
        target.fontSize !== undefined &&
        run.direct.fontSize !== undefined &&
        run.look.fontSize !== target.fontSize;
      if (family || size) count += 1;
    }
  }
  return count;
}

// ---- named style request ----------------------------------------------------------------------

function namedStyleRequest(
  change: NamedChange,
  look: StyleLook,
  layer: Partial<StyleLook>,
  tabId: string,
): Request {
  const textStyle: Record<string, unknown> = {};
  const paragraphStyle: Record<string, unknown> = {};
  const fields = new Set<string>(['namedStyleType']);
  for (const key of change.keys) {
    switch (key) {
      case 'fontFamily':
      case 'fontWeight':
        // One field holds both: write the family and the font's weight together.
        textStyle.weightedFontFamily = { fontFamily: look.fontFamily, weight: look.fontWeight };
        fields.add('textStyle.weightedFontFamily');
        if (key === 'fontWeight') {
          textStyle.bold = layer.bold ?? look.bold;
          fields.add('textStyle.bold');
        }
        break;
      case 'fontSize':
        textStyle.fontSize = pointsToDimension(look.fontSize);
        fields.add('textStyle.fontSize');
        break;
      case 'color':
        textStyle.foregroundColor = hexToOptionalColor(look.color);
        fields.add('textStyle.foregroundColor');
        break;
      case 'lineSpacing':
        paragraphStyle.lineSpacing = look.lineSpacing;
        fields.add('paragraphStyle.lineSpacing');
        break;
      case 'spaceAbove':
        paragraphStyle.spaceAbove = pointsToDimension(look.spaceAbove);
        fields.add('paragraphStyle.spaceAbove');
        break;
      case 'spaceBelow':
        paragraphStyle.spaceBelow = pointsToDimension(look.spaceBelow);
        fields.add('paragraphStyle.spaceBelow');
        break;
    }
  }
  const namedStyle: Record<string, unknown> = { namedStyleType: change.type };
  if (Object.keys(textStyle).length > 0) namedStyle.textStyle = textStyle;
  if (Object.keys(paragraphStyle).length > 0) namedStyle.paragraphStyle = paragraphStyle;
  return { updateNamedStyle: { namedStyle, fields: [...fields].join(','), tabId } } as Request;
}

// ---- runs ---------------------------------------------------------------------------------------

interface TextEdit {
  startIndex: number;
  endIndex: number;
  /** Fields in the mask; those without a value in `textStyle` are reset to inherit. */
  fields: string[];
  textStyle: Record<string, unknown>;
}

interface ParagraphEdit {
  startIndex: number;
  endIndex: number;
  fields: string[];
}

/**
 * The colour most of a paragraph's (non-link) text has: runs in it are the paragraph's colour,
 * runs in another colour mark something and are kept.
 */
function paragraphBaseColor(paragraph: StyledParagraph): string | undefined {
  const counts = new Map<string, number>();
  for (const run of paragraph.runs) {
    if (!run.isText || run.isLink) continue;
    counts.set(run.look.color, (counts.get(run.look.color) ?? 0) + visibleLength(run));
  }
  let best: string | undefined;
  let bestCount = -1;
  for (const [color, count] of counts) {
    if (count > bestCount) {
      best = color;
      bestCount = count;
    }
  }
  return best;
}

function planRun(
  run: StyledRun,
  target: NonNullable<StyleTargets[NamedStyleType]>,
  base: StyleLook,
  oldBase: StyleLook,
  baseColor: string | undefined,
  element: string,
  counters: Counters,
): TextEdit | undefined {
  const fields: string[] = [];
  const textStyle: Record<string, unknown> = {};
  const visible = visibleLength(run);

  // Font family and the font's weight live in one field, weightedFontFamily.
  const hasDirectFont = run.direct.fontFamily !== undefined || run.direct.fontWeight !== undefined;
  if ((target.fontFamily !== undefined || target.fontWeight !== undefined) && hasDirectFont) {
    const code = isCodeRun(run, oldBase.fontFamily);
    if (code && target.fontFamily !== undefined && run.look.fontFamily !== base.fontFamily && visible > 0) {
      counters.warn(`${element}: runs in a monospace (code) or symbol font kept their font`, 1);
    }
    const family = target.fontFamily !== undefined && !code ? base.fontFamily : run.look.fontFamily;
    const weight = target.fontWeight !== undefined ? base.fontWeight : run.look.fontWeight;
    const familyChanges = family !== run.look.fontFamily;
    const weightChanges = weight !== run.look.fontWeight;
    if (familyChanges || weightChanges) {
      fields.push('weightedFontFamily');
      if (family !== base.fontFamily || weight !== base.fontWeight) {
        textStyle.weightedFontFamily = { fontFamily: family, weight };
      }
      if (familyChanges) counters.add(`${element}: font family overrides removed`, 1);
      if (weightChanges) counters.add(`${element}: font weight overrides removed`, 1);
    }
  }

  if (
    target.fontSize !== undefined &&
    run.direct.fontSize !== undefined &&
    run.look.fontSize !== target.fontSize
  ) {
    fields.push('fontSize');
    counters.add(`${element}: font size overrides removed`, 1);
  }

  if (target.color !== undefined && run.direct.color !== undefined && run.look.color !== target.color) {
    if (run.isLink) {
      if (visible > 0) counters.warn(`${element}: links kept their colour`, 1);
    } else if (run.look.color !== baseColor && visible > 0) {
      counters.warn(`${element}: coloured runs inside a paragraph (character-level) kept their colour`, 1);
    } else {
      fields.push('foregroundColor');
      counters.add(`${element}: text colour overrides removed`, 1);
    }
  }

  if (fields.length === 0) return undefined;
  return { startIndex: run.startIndex, endIndex: run.endIndex, fields, textStyle };
}

/** Joins adjacent edits with the same mask and values into one range: fewer, larger requests. */
function mergeTextEdits(edits: TextEdit[], tabId: string): Request[] {
  const sorted = [...edits].sort((a, b) => a.startIndex - b.startIndex);
  const merged: TextEdit[] = [];
  for (const edit of sorted) {
    const last = merged[merged.length - 1];
    if (
      last &&
      last.endIndex === edit.startIndex &&
      last.fields.join() === edit.fields.join() &&
      JSON.stringify(last.textStyle) === JSON.stringify(edit.textStyle)
    ) {
      last.endIndex = edit.endIndex;
    } else {
      merged.push({ ...edit, fields: [...edit.fields] });
    }
  }
  return merged.map((e) => ({
    updateTextStyle: {
      range: { startIndex: e.startIndex, endIndex: e.endIndex, tabId },
      textStyle: e.textStyle,
      fields: e.fields.join(','),
    },
  }));
}

function mergeParagraphEdits(edits: ParagraphEdit[], tabId: string): Request[] {
  const sorted = [...edits].sort((a, b) => a.startIndex - b.startIndex);
  const merged: ParagraphEdit[] = [];
  for (const edit of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.endIndex === edit.startIndex && last.fields.join() === edit.fields.join()) {
      last.endIndex = edit.endIndex;
    } else {
      merged.push({ ...edit, fields: [...edit.fields] });
    }
  }
  return merged.map((e) => ({
    updateParagraphStyle: {
      range: { startIndex: e.startIndex, endIndex: e.endIndex, tabId },
      paragraphStyle: {},
      fields: e.fields.join(','),
    },
  }));
}

/** Counts changes and kept formatting by readable label, in first-seen order. */
class Counters {
  changes = 0;
  private readonly changed = new Map<string, number>();
  private readonly kept = new Map<string, number>();

  add(label: string, n: number): void {
    this.changes += n;
    this.changed.set(label, (this.changed.get(label) ?? 0) + n);
  }

  warn(label: string, n: number): void {
    this.kept.set(label, (this.kept.get(label) ?? 0) + n);
  }

  lines(): string[] {
    return [...this.changed].map(([label, n]) => `${label}: ${n}`);
  }

  warningLines(): string[] {
    return [...this.kept].map(([label, n]) => `${label} (${n} ${n === 1 ? 'run' : 'runs'})`);
  }
}

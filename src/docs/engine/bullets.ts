/**
 * createParagraphBullets / deleteParagraphBullets. Leading tabs set the nesting level relative to
 * the least-tabbed paragraph of the set and are removed (text shifts); a new list joins the list
 * of the paragraph just before only when its preset matches; every list has 9 levels; bulleted
 * paragraphs get explicit indents copied from their level. Lists are never garbage-collected.
 *
 * Assumptions the import planner builds on (import/lower-lists.ts), to confirm on Google: "the
 * preset matches" is read as the previous list's level 0 having the preset's glyph (symbol, type,
 * format), so a list the Docs editor made with ● on level 0 and letters on level 1 is joined by
 * BULLET_DISC_CIRCLE_SQUARE and keeps its own level 1; a paragraph already in a list is simply
 * re-bulleted (its old bullet replaced, tabs counted as for any other).
 */
import type { Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import type { Segment } from './document.js';
import { tabMap } from './document.js';
import { resolveRange } from './locations.js';
import { cutNamedRanges } from './named-ranges.js';
import { cutElements, type ParagraphRef, paragraphsInRange } from './paragraphs.js';
import { orderKeys, PARAGRAPH_STYLE_ORDER } from './style-fields.js';

type Level = Record<string, unknown>;

const pt = (n: number) => (n === 0 ? { unit: 'PT' } : { magnitude: n, unit: 'PT' });

/** Per-level glyph description of a preset: a symbol, or a glyph type with its format. */
type Glyph = { symbol: string } | { type: string; format: (n: number) => string; end?: boolean };

const sym = (...s: string[]): Glyph[] => s.map((symbol) => ({ symbol }));
const dot = (type: string, end = false): Glyph => ({ type, format: (n) => `%${n}.`, end });
const par = (type: string, end = false): Glyph => ({ type, format: (n) => `%${n})`, end });

const PRESETS: Record<string, Glyph[]> = {
  BULLET_DISC_CIRCLE_SQUARE: sym('\u25cf', '\u25cb', '\u25a0'),
  BULLET_DIAMONDX_ARROW3D_SQUARE: sym('\u2756', '\u27a2', '\u25a0'),
  BULLET_CHECKBOX: [{ type: 'GLYPH_TYPE_UNSPECIFIED', format: () => '' }],
  BULLET_ARROW_DIAMOND_DISC: sym('\u2794', '\u25c6', '\u25cf'),
  BULLET_STAR_CIRCLE_SQUARE: sym('\u2605', '\u25cb', '\u25a0'),
  BULLET_ARROW3D_CIRCLE_SQUARE: sym('\u27a2', '\u25cb', '\u25a0'),
  BULLET_LEFTTRIANGLE_DIAMOND_DISC: sym('\u25c4', '\u25c6', '\u25cf'),
  BULLET_DIAMONDX_HOLLOWDIAMOND_SQUARE: sym('\u2756', '\u25c7', '\u25a0'),
  BULLET_DIAMOND_CIRCLE_SQUARE: sym('\u25c6', '\u25cb', '\u25a0'),
  NUMBERED_DECIMAL_ALPHA_ROMAN: [dot('DECIMAL'), dot('ALPHA'), dot('ROMAN', true)],
  NUMBERED_DECIMAL_ALPHA_ROMAN_PARENS: [par('DECIMAL'), par('ALPHA'), par('ROMAN', true)],
  NUMBERED_DECIMAL_NESTED: [
    {
      type: 'DECIMAL',
      format: (n) => Array.from({ length: n + 1 }, (_, i) => `%${i}.`).join(''),
      end: true,
    },
  ],
  NUMBERED_UPPERALPHA_ALPHA_ROMAN: [dot('UPPER_ALPHA'), dot('ALPHA'), dot('ROMAN', true)],
  NUMBERED_UPPERROMAN_UPPERALPHA_DECIMAL: [dot('UPPER_ROMAN', true), dot('UPPER_ALPHA'), dot('DECIMAL')],
  NUMBERED_ZERODECIMAL_ALPHA_ROMAN: [dot('ZERO_DECIMAL'), dot('ALPHA'), dot('ROMAN', true)],
};

/** The 9 nesting levels of a list made from a preset. */
export function presetLevels(preset: string): Level[] {
  const glyphs = PRESETS[preset];
  if (!glyphs) throw new RequestError(`Invalid bullet preset: ${preset}.`);
  return Array.from({ length: 9 }, (_, n) => {
    const g = glyphs[n % glyphs.length]!;
    const level: Level = { bulletAlignment: 'symbol' in g || !g.end ? 'START' : 'END' };
    if ('symbol' in g) {
      level.glyphSymbol = g.symbol;
      level.glyphFormat = `%${n}`;
    } else {
      level.glyphType = g.type;
      const f = g.format(n);
      if (f) level.glyphFormat = f;
    }
    level.indentFirstLine = pt(18 + 36 * n);
    level.indentStart = pt(36 + 36 * n);
    level.textStyle = { underline: false };
    level.startNumber = 1;
    return level;
  });
}

/**
 * The presets a createParagraphBullets joins the list whose outer level is `level` with (the list
 * right before the set): those whose outer level has its glyph.
 */
export function presetsJoining(level: Level | undefined): string[] {
  const want = signature(level);
  return want ? Object.keys(PRESETS).filter((p) => OUTER_SIGNATURES.get(p) === want) : [];
}

/** Each preset's level-0 signature, made once. */
const OUTER_SIGNATURES = new Map(Object.keys(PRESETS).map((p) => [p, signature(presetLevels(p)[0])]));

/** Level-0 signature, to tell whether an existing list was made from the same preset. */
function signature(level: Level | undefined): string {
  if (!level) return '';
  return JSON.stringify([level.glyphSymbol ?? null, level.glyphType ?? null, level.glyphFormat ?? null]);
}

function leadingTabs(ref: ParagraphRef): number {
  let n = 0;
  for (const el of ref.para.elements ?? []) {
    const text = el.textRun?.content;
    if (text === undefined || text === null) break;
    let i = 0;
    while (i < text.length && text[i] === '\t') i++;
    n += i;
    if (i < text.length) break;
  }
  return n;
}

/** The paragraph just before `ref` in its content list, when it is one. */
export function previousParagraph(ref: ParagraphRef) {
  const i = ref.container.indexOf(ref.se);
  return i > 0 ? ref.container[i - 1]?.paragraph : undefined;
}

/** createParagraphBullets `{range, bulletPreset}`. */
export function createParagraphBullets(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const { tab, seg, start: s, end: e } = resolveRange(ctx, req.range);
  const preset = typeof req.bulletPreset === 'string' ? req.bulletPreset : '';
  const levels = presetLevels(preset);
  const refs = paragraphsInRange(seg.content, s, e);
  if (refs.length === 0) return {};
  const tabs = refs.map(leadingTabs);
  const base = Math.min(...tabs);
  const dt = tab.documentTab!;
  tabMap(dt, 'lists');
  // Join the list right before the first paragraph only when it was made from the same preset.
  const prev = previousParagraph(refs[0]!);
  const prevList = prev?.bullet?.listId ? dt.lists![prev.bullet.listId] : undefined;
  let listId: string;
  if (
    prev?.bullet?.listId &&
    signature(prevList?.listProperties?.nestingLevels?.[0] as Level) === signature(levels[0])
  ) {
    listId = prev.bullet.listId;
  } else {
    listId = ctx.ids.kix();
    dt.lists![listId] = { listProperties: { nestingLevels: levels } };
  }
  const listLevels = (dt.lists![listId]?.listProperties?.nestingLevels ?? levels) as Level[];
  refs.forEach((ref, k) => {
    const nesting = Math.min(8, tabs[k]! - base);
    const level = listLevels[nesting] ?? levels[nesting]!;
    ref.para.bullet =
      nesting > 0
        ? { listId, nestingLevel: nesting, textStyle: { underline: false } }
        : { listId, textStyle: { underline: false } };
    ref.para.paragraphStyle ??= {};
    const ps = ref.para.paragraphStyle as Record<string, unknown>;
    ps.indentFirstLine = structuredClone(level.indentFirstLine);
    ps.indentStart = structuredClone(level.indentStart);
    orderKeys(ps, PARAGRAPH_STYLE_ORDER);
    reorderParagraph(ref);
  });
  // Remove the consumed leading tabs, last paragraph first so earlier indices stay valid.
  for (let k = refs.length - 1; k >= 0; k--) {
    const n = tabs[k]!;
    if (n === 0) continue;
    removeText(ctx, tab, seg, refs[k]!, n);
  }
  ctx.touch(seg);
  return {};
}

/** Google writes a paragraph's keys as elements, paragraphStyle, bullet (then the rest). */
function reorderParagraph(ref: ParagraphRef): void {
  orderKeys(ref.para, ['elements', 'paragraphStyle', 'bullet']);
}

function removeText(ctx: EngineContext, tab: Tab, seg: Segment, ref: ParagraphRef, n: number): void {
  const a = ref.se.startIndex ?? 0;
  cutElements(ref.para, a, a + n);
  ctx.dirty.add(ref.para);
  cutNamedRanges(tab, seg, a, a + n);
  ctx.reindex(seg);
}

/** deleteParagraphBullets `{range}`: the bullet goes, its nesting indentation stays as indent. */
export function deleteParagraphBullets(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const { seg, start: s, end: e } = resolveRange(ctx, req.range);
  for (const ref of paragraphsInRange(seg.content, s, e)) {
    const bullet = ref.para.bullet;
    if (!bullet) continue;
    const nesting = bullet.nestingLevel ?? 0;
    delete ref.para.bullet;
    ref.para.paragraphStyle ??= {};
    const ps = ref.para.paragraphStyle as Record<string, unknown>;
    ps.indentFirstLine = pt(36 * nesting);
    ps.indentStart = pt(36 * nesting);
    orderKeys(ps, PARAGRAPH_STYLE_ORDER);
  }
  ctx.touch(seg);
  return {};
}

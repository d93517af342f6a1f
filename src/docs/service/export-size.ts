/**
 * The size policy of every read a client gets whole in one reply (export_tab, export_section, the
 * tab and section resources): a target whose export is estimated above a ceiling (20,000 tokens
 * unless `GDOC_MAX_EXPORT_TOKENS` or the caller sets another) is handed out as numbered parts,
 * each labelled as a part, with the target's outline and how to read the rest. Never a text cut
 * short that looks whole: a client that truncated a long text and imported it back would delete
 * the rest. A part's base token names its blocks, so an import of it replaces only them.
 * Pure: the cutting and the labels; export.ts applies them to a read.
 */
import { ContentTooLargeError } from '../../errors.js';
import { estimateTokens } from '../export/index.js';
import type { PartRange } from './base-token.js';
import { definitionBlock, joinBlocks, leadingNames, splitBlocks } from './text-blocks.js';

/** The default ceiling for one read, in estimated tokens; `GDOC_MAX_EXPORT_TOKENS` overrides it. */
export const DEFAULT_MAX_EXPORT_TOKENS = 20_000;

/** The ceiling an environment asks for: `GDOC_MAX_EXPORT_TOKENS` when a positive number, else the default. */
export function maxExportTokensFrom(env: Record<string, string | undefined>): number {
  const fromEnv = Number(env.GDOC_MAX_EXPORT_TOKENS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_MAX_EXPORT_TOKENS;
}

/** How a part's label starts where it travels with the text (the resources: `> gdoc: ` + the notice). */
export const PART_LABEL = '> gdoc: PART ';

/** What a part's reply may spend on the outline; as much again is left for the label and fields. */
export function outlineBudget(maxTokens: number): number {
  return Math.floor(maxTokens / 5);
}

/** What a part's reply may spend on content. */
export function contentBudget(maxTokens: number): number {
  return maxTokens - 2 * outlineBudget(maxTokens);
}

/** One part: its blocks and its text. */
export interface Part extends PartRange {
  content: string;
}

/**
 * The target's text cut at block boundaries into parts of at most `budget` estimated tokens. A
 * single block above the budget (a giant table) cannot be cut without changing what it says, and
 * is refused.
 */
export function cutParts(content: string, budget: number): Part[] {
  const blocks = splitBlocks(content);
  const parts: Part[] = [];
  let from = 0;
  let size = 0;
  for (let i = 0; i < blocks.length; i++) {
    const cost = estimateTokens(blocks[i]!) + 1;
    if (cost > budget) {
      throw new ContentTooLargeError(
        `Block ${i + 1} alone is about ${cost} tokens, above this server's read limit of ${budget} for content; nothing was returned rather than a cut block.`,
        'Read the document with the gdoc CLI (gdoc export -o FILE), which has no limit.',
      );
    }
    if (size + cost > budget && i > from) {
      parts.push(part(blocks, from, i));
      from = i;
      size = 0;
    }
    size += cost;
  }
  parts.push(part(blocks, from, blocks.length));
  return withNames(parts, blocks);
}

/**
 * The style names the text defines at its top (grammar §2) are in the first part only; every
 * later part starts with the definitions of the names its blocks use, so it reads on its own.
 * Put back among the blocks it was cut from (import-base.ts), such a part defines its names again
 * where it starts, to the same lists: the text means what it meant.
 */
function withNames(parts: Part[], blocks: string[]): Part[] {
  const { names } = leadingNames(blocks[0] ?? '');
  if (names.size === 0) return parts;
  return parts.map((p, i) => {
    if (i === 0) return p;
    const used = [...names].filter(([name]) => new RegExp(`(?:\\{!|,)\\s*${name}\\s*[,}]`).test(p.content));
    if (used.length === 0) return p;
    return { ...p, content: `${definitionBlock(used)}\n\n${p.content}` };
  });
}

function part(blocks: string[], from: number, to: number): Part {
  return { from, to, content: joinBlocks(blocks.slice(from, to)) };
}

/** A heading of the target, found in its text, with the part that holds it. */
interface OutlineEntry {
  level: number;
  anchor: string;
  text: string;
  part: number;
}

const HEADING = /^(#{1,6}) \{\^ ?([^\s}]*)\s*\}(.*)$/;

/**
 * The target's headings as a Markdown list, each with its anchor_id (as `{^ id}`) and part, within
 * `budget` estimated tokens: deeper levels are left out first, with a note saying so. `anchored`:
 * the target's text with every heading anchor shown, when the parts' text shows only some.
 */
export function partOutline(parts: Part[], budget: number, anchored?: string): string {
  const entries: OutlineEntry[] = [];
  // The export shows only the anchors links need: the headings' ids are read from the same text
  // with every anchor shown, block for block.
  const all = anchored === undefined ? undefined : splitBlocks(anchored);
  parts.forEach((p, index) => {
    splitBlocks(p.content).forEach((block, k) => {
      const line = (all?.[p.from + k] ?? block).split('\n', 1)[0] ?? '';
      const m = HEADING.exec(line);
      if (m) entries.push({ level: m[1]!.length, anchor: m[2]!, text: m[3]!.trim(), part: index + 1 });
    });
  });
  for (let depth = 6; depth >= 1; depth--) {
    const shown = entries.filter((e) => e.level <= depth);
    const lines = shown.map(
      (e) => `${'  '.repeat(e.level - 1)}- ${e.text.slice(0, 60)} {^ ${e.anchor}} part ${e.part}`,
    );
    const hidden = entries.length - shown.length;
    if (hidden) lines.push(`- … ${hidden} headings below level ${depth} not shown`);
    const text = lines.join('\n');
    if (estimateTokens(text) <= budget) return text;
  }
  return `(${entries.length} headings; too many to list here: call get_hierarchy)`;
}

/** An outline cut to a budget: the headings kept (their lines alike) and what was left out. */
export interface BoundedOutline<T> {
  headings: T[];
  lines: string[];
  /** Present when headings were left out: how many, and how to see them. */
  note?: string;
}

/**
 * A heading outline within `budget` estimated tokens (its headings as JSON plus its lines):
 * deeper levels are left out first, then the last headings of the top level, with a note saying
 * so — a long document's outline must not be the reply that floods the client.
 */
export function boundOutline<T extends { level: number }>(
  headings: T[],
  lines: string[],
  budget: number,
): BoundedOutline<T> {
  const cost = (hs: T[], ls: string[]) => estimateTokens(JSON.stringify(hs)) + estimateTokens(ls.join('\n'));
  if (cost(headings, lines) <= budget) return { headings, lines };
  const way = 'export_section of a heading lists the headings inside it (in its part outline when long).';
  for (let depth = 5; depth >= 1; depth--) {
    const keep = headings.map((h) => h.level <= depth);
    const hs = headings.filter((_, i) => keep[i]);
    const ls = lines.filter((_, i) => keep[i]);
    if (cost(hs, ls) <= budget) {
      return {
        headings: hs,
        lines: ls,
        note: `${headings.length - hs.length} headings below level ${depth} are not shown: the whole outline is above this server's read limit. ${way}`,
      };
    }
  }
  const top = headings.map((h, i) => ({ h, line: lines[i]! })).filter((x) => x.h.level <= 1);
  let n = top.length;
  while (
    n > 0 &&
    cost(
      top.slice(0, n).map((x) => x.h),
      top.slice(0, n).map((x) => x.line),
    ) > budget
  ) {
    n = Math.floor(n * 0.9);
  }
  return {
    headings: top.slice(0, n).map((x) => x.h),
    lines: top.slice(0, n).map((x) => x.line),
    note: `Only the first ${n} of ${headings.length} headings are shown (top level): the outline is above this server's read limit. ${way}`,
  };
}

/**
 * The guards of an import, checked before any request is planned: the section rules (what a
 * section's content may hold), objects (placeholders name objects of the target, once; a missing
 * one would delete its object), footnotes (only existing ones), and suggested text (never
 * rewritten).
 */

import { FidelityGuardError, ValidationError } from '../../errors.js';
import type { Block, Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { paragraphsOf } from '../export/model-utils.js';
import { headingAnchorOf } from '../export/shown-anchors.js';
import { headingLevel } from '../export/style-overrides.js';
import { notFound } from './context.js';
import { isNewChip } from './new-chips.js';
import { changesSuggestedText } from './suggested-text.js';

/**
 * The inlines of `blocks` the checks look at, in order: every inline but plain text (anchors,
 * objects, footnote references, breaks), and text that links, stands for an image or is suggested.
 * A tab is mostly plain text, and the checks run over the whole target and the whole content of
 * every import: each paragraph's are found once and kept with its inlines (which never change once
 * made), so a block an import read and hands on unchanged is not walked again.
 */
export function markedInlinesOf(blocks: readonly Block[]): Inline[] {
  const out: Inline[] = [];
  for (const b of blocks) {
    if (b.type === 'paragraph') pushAll(out, markedOf(b.inlines));
    else for (const row of b.rows) for (const cell of row) pushAll(out, markedInlinesOf(cell.blocks));
  }
  return out;
}

/** `markedInlinesOf` the blocks, then of each footnote. */
export function markedInlines(doc: MebdfDocument): Inline[] {
  const out = markedInlinesOf(doc.blocks);
  for (const blocks of Object.values(doc.footnotes)) pushAll(out, markedInlinesOf(blocks));
  return out;
}

const marked = new WeakMap<readonly Inline[], readonly Inline[]>();
const NONE: readonly Inline[] = [];

function markedOf(inlines: readonly Inline[]): readonly Inline[] {
  let found = marked.get(inlines);
  if (found === undefined) {
    const some = inlines.filter(
      (i) => i.type !== 'text' || i.style.link || i.style.image || i.style.suggestion,
    );
    found = some.length === 0 ? NONE : some;
    marked.set(inlines, found);
  }
  return found;
}

function pushAll(out: Inline[], items: readonly Inline[]): void {
  for (const item of items) out.push(item);
}

export function isHeading(b: Block): b is ParagraphBlock {
  return b.type === 'paragraph' && headingLevel(b.style.namedStyle) > 0;
}

export function headingAnchorId(b: ParagraphBlock): string | null {
  const first = b.inlines[0];
  return first?.type === 'anchor' ? first.id : null;
}

/** Section rules: what the content of a section (or the preamble) may hold. */
export function checkSection(
  old: MebdfDocument,
  next: MebdfDocument,
  anchorId: string,
  /** Level of the heading right after the section in the tab (0 when the section ends the tab). */
  followingLevel = 0,
): void {
  // A heading in the preamble, or one at the section's level or above, adds a section: the text
  // after it belongs to that section (verify.ts reads the written target back that way).
  if (anchorId === '') return;
  const first = next.blocks[0];
  const oldFirst = old.blocks[0];
  if (!first || !isHeading(first)) {
    throw new ValidationError(
      'The section content must start with the section heading line.',
      `Start the content with the heading exactly as exported (e.g. \`## {^ ${anchorId}}Title\`), then its body.`,
    );
  }
  const id = headingAnchorId(first);
  if (id !== null && id !== anchorId) {
    throw new ValidationError(
      `The content starts with the heading {^ ${id}}, but the section being imported is {^ ${anchorId}}.`,
      `Keep the section heading's anchor {^ ${anchorId}} on the first line.`,
    );
  }
  const level = headingLevel(first.style.namedStyle);
  const oldLevel =
    oldFirst && oldFirst.type === 'paragraph' ? headingLevel(oldFirst.style.namedStyle) : level;
  if (level < oldLevel && followingLevel > level) {
    throw new ValidationError(
      `Raising the section heading to level ${level} would take in the level-${followingLevel} section that follows it.`,
      'Keep the heading level, or import the enclosing section (or the whole tab) to restructure.',
    );
  }
}

/**
 * A heading's id `{^ h.x}` kept on a paragraph that is no heading: Docs keeps a heading id on
 * headings only, so that paragraph would lose it and the links to it would lead nowhere.
 */
export function checkHeadingIds(old: MebdfDocument, next: MebdfDocument): void {
  const headings = new Map<string, string>();
  for (const b of paragraphsOf(old)) {
    const id = headingAnchorOf(b);
    if (id) headings.set(id, textOf(b));
  }
  if (headings.size === 0) return;
  for (const b of paragraphsOf(next)) {
    // (A title or subtitle has a heading id too.)
    if (b.style.namedStyle !== 'NORMAL_TEXT') continue;
    for (const i of b.inlines) {
      if (i.type !== 'anchor' || !i.id || !headings.has(i.id)) continue;
      const text = JSON.stringify(textOf(b).trim().slice(0, 40) || headings.get(i.id));
      throw new ValidationError(
        `{^ ${i.id}} is the id of a heading, and Docs keeps a heading's id on headings only: as a paragraph of text, ${text} would lose it and links to it would lead nowhere.`,
        `Keep ${text} a heading, or drop {^ ${i.id}} from it (a link to it is then reported as left dangling).`,
      );
    }
  }
}

/** A paragraph's text runs, as they stand (a heading's text, to name it). */
export function textOf(b: ParagraphBlock): string {
  let s = '';
  for (const i of b.inlines) if (i.type === 'text') s += i.text;
  return s;
}

export function checkNoSuggestions(blocks: Block[]): void {
  for (const i of markedInlinesOf(blocks)) {
    if (i.type === 'text' && i.style.suggestion) throw changesSuggestedText();
  }
}

export interface ObjectCheck {
  /** The target's embeds by id. */
  oldEmbeds: Map<string, { kind: string; caption?: string }>;
  /** Embed ids the new content keeps. */
  seen: Set<string>;
  /** Embeds the new content leaves out (deleted by the import, with allow_deletions only). */
  missing: [string, { kind: string; caption?: string }][];
}

/** Placeholders: known, once each; leaving one out is refused unless deletions are allowed. */
export function checkObjects(
  old: MebdfDocument,
  next: MebdfDocument,
  tabEmbedIds: Pick<ReadonlySet<string>, 'has'> | undefined,
  allowDeletions: boolean,
): ObjectCheck {
  const oldEmbeds = new Map<string, { kind: string; caption?: string }>();
  for (const i of markedInlines(old)) {
    if (i.type === 'embed')
      oldEmbeds.set(i.id, i.caption === undefined ? { kind: i.kind } : { kind: i.kind, caption: i.caption });
  }
  const seen = new Set<string>();
  for (const i of markedInlines(next)) {
    if (i.type !== 'embed' || (i.id === '' && isNewChip(i))) continue;
    if (seen.has(i.id)) {
      throw new ValidationError(
        `The placeholder {^= ${i.id}} appears twice; an object exists once.`,
        'Keep each placeholder once, where it was exported.',
      );
    }
    seen.add(i.id);
    if (!oldEmbeds.has(i.id)) {
      if (tabEmbedIds?.has(i.id)) {
        throw new ValidationError(
          `The ${i.kind} ${i.id} belongs to another part of the document; moving it here would need re-creating it, which the Docs API cannot do.`,
          'Leave the placeholder where it was exported.',
        );
      }
      throw notFound(i.id, i.kind);
    }
  }
  const missing = [...oldEmbeds.entries()].filter(([id]) => !seen.has(id));
  if (missing.length > 0 && !allowDeletions) {
    // An element the Docs API leaves out of the document it returns (it still takes an index)
    // is exported as an `unknown` placeholder: say so, not its made-up kind.
    const list = missing.map(([id, m]) =>
      m.kind === 'unknown'
        ? `${id} (an element the Docs API does not show)`
        : `${id} (${m.kind}${m.caption ? ` "${m.caption}"` : ''})`,
    );
    throw new FidelityGuardError(
      `The new content leaves out ${missing.length} object${missing.length > 1 ? 's' : ''} that the import would delete: ${list.join(', ')}.`,
      missing.map(([id]) => id),
      'Put the {^= …} placeholders back where they were, or pass allow_deletions to delete them.',
    );
  }
  return { oldEmbeds, seen, missing };
}

/**
 * Footnotes: existing ones are edited in their own segments; a new one (a label the target lacks)
 * is created where it is referenced, in the body only and once (Docs: one reference per footnote,
 * "footnote references can only be inserted in the body"). Returns the labels to create.
 */
export function checkFootnotes(old: MebdfDocument, next: MebdfDocument): Set<string> {
  const created = new Set(Object.keys(next.footnotes).filter((label) => !(label in old.footnotes)));
  if (created.size === 0) return created;
  const refs = new Map<string, number>();
  for (const i of markedInlinesOf(next.blocks)) {
    if (i.type === 'footnoteRef') refs.set(i.label, (refs.get(i.label) ?? 0) + 1);
  }
  for (const blocks of Object.values(next.footnotes)) {
    for (const i of markedInlinesOf(blocks)) {
      if (i.type === 'footnoteRef' && created.has(i.label)) {
        throw new ValidationError(
          `The new footnote [^${i.label}] is referenced from inside a footnote; Docs creates footnote references in the body only.`,
          `Reference [^${i.label}] from the body text.`,
        );
      }
    }
  }
  for (const label of created) {
    if ((refs.get(label) ?? 0) > 1) {
      throw new ValidationError(
        `The new footnote [^${label}] is referenced ${refs.get(label)} times; in Docs every footnote has exactly one reference.`,
        `Reference [^${label}] once, or give each place a footnote of its own ([^${label}-2]: …).`,
      );
    }
  }
  return created;
}

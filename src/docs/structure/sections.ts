/**
 * Where a section starts and ends in a tab's block model, where a new one goes, and what a moved
 * one carries. Pure: the section use cases (src/docs/service/sections.ts) read and write around it.
 */
import { ValidationError } from '../../errors.js';
import { parseMebdf, stringifyMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument } from '../../mebdf/model.js';
import type { BuiltTab } from '../export/exporter.js';
import { findSection, type SectionSpan, sectionHeading, sectionSpans } from '../export/sections.js';
import { headingLevel } from '../export/style-overrides.js';
import { runModel } from './splice.js';

/** Where a new section goes: before or after a section (its subsections included), or at the end. */
export type Placement = { where: 'before' | 'after'; anchorId: string } | { where: 'end' };

/** The block index a placement names in the tab's model. */
export function insertionPoint(built: BuiltTab, placement: Placement): number {
  if (placement.where === 'end') return built.model.blocks.length;
  const span = findSection(built.model, placement.anchorId, built.tab.tabId);
  if (placement.where === 'after') return span.endBlock;
  if (span.anchorId === '') {
    throw new ValidationError(
      'Nothing can go before the preamble: it is the start of the tab.',
      'Pass position "after" with anchor_id "" to put the new section right after the preamble.',
    );
  }
  return span.firstBlock;
}

/** The section named by `anchorId` (not the preamble: it has no heading to delete or move). */
export function headedSection(built: BuiltTab, anchorId: string): SectionSpan {
  if (anchorId === '') {
    throw new ValidationError(
      'The preamble is not a section with a heading; it cannot be deleted or moved this way.',
      'Rewrite it with import_section and anchor_id "" instead.',
    );
  }
  return findSection(built.model, anchorId, built.tab.tabId);
}

/**
 * Checks new section content: a heading line first (its level is returned), and no `{^ id}` of a
 * heading the tab already has (a new heading gets its id from Docs).
 */
export function checkNewSection(content: string, built: BuiltTab): number {
  const model = parseMebdf(content);
  const first = model.blocks[0];
  const level = first ? levelOf(first) : 0;
  if (level === 0) {
    throw new ValidationError(
      'A new section must start with its heading line (e.g. `## Title`), then its body.',
      'Start the content with a heading line without {^ id}: Docs gives the new heading its id.',
    );
  }
  const existing = new Set(sectionSpans(built.model).map((s) => s.anchorId));
  for (const block of model.blocks) {
    const h = sectionHeading(block);
    if (h && existing.has(h.anchorId)) {
      throw new ValidationError(
        `The heading {^ ${h.anchorId}} already exists in the tab; a new section cannot reuse its anchor.`,
        `Remove {^ ${h.anchorId}} from the heading line: Docs gives the new heading its own id.`,
      );
    }
  }
  return level;
}

/**
 * The MEBDF of a section to be written elsewhere: its heading anchors dropped (Docs gives the
 * copies new ids). Objects and footnotes cannot be recreated from MEBDF, so a section holding any
 * is refused rather than moved without them.
 */
export function movableContent(built: BuiltTab, span: SectionSpan): string {
  const model = runModel(built, span.firstBlock, span.endBlock);
  const kept = objectsIn(model);
  if (kept.length > 0) {
    throw new ValidationError(
      `The section holds ${kept.slice(0, 5).join(', ')}${kept.length > 5 ? ', …' : ''}, which cannot be recreated elsewhere from MEBDF; nothing was changed.`,
      'Move this section in Google Docs itself (drag it in the outline), or remove those objects first.',
    );
  }
  const blocks = model.blocks.map((b) => {
    if (b.type !== 'paragraph' || !sectionHeading(b)) return b;
    return { ...b, inlines: b.inlines.slice(1) };
  });
  return stringifyMebdf({ ...model, blocks });
}

/** The headings (with their anchors) among blocks `[first, end)` of a tab. */
export function headingsIn(
  built: BuiltTab,
  first: number,
  end: number,
): Array<{ anchor_id: string; level: number; text: string }> {
  const spans = new Map(sectionSpans(built.model).map((s) => [s.firstBlock, s]));
  const out: Array<{ anchor_id: string; level: number; text: string }> = [];
  for (let i = first; i < end; i++) {
    const s = spans.get(i);
    if (s && s.anchorId !== '') out.push({ anchor_id: s.anchorId, level: s.level, text: s.text });
  }
  return out;
}

function levelOf(block: Block): number {
  return block.type === 'paragraph' ? headingLevel(block.style.namedStyle) : 0;
}

/** `image img.1`, `footnote 3`: what a section holds that MEBDF cannot create. */
function objectsIn(model: MebdfDocument): string[] {
  const out: string[] = [];
  const visit = (blocks: Block[]): void => {
    for (const b of blocks) {
      if (b.type === 'table') for (const row of b.rows) for (const cell of row) visit(cell.blocks);
      else
        for (const x of b.inlines) {
          if (x.type === 'embed') out.push(`${x.kind} ${x.id}`);
          else if (x.type === 'footnoteRef') out.push(`footnote ${x.label}`);
        }
    }
  };
  visit(model.blocks);
  return out;
}

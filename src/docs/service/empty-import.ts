/**
 * What an import of nothing means (an empty text, or one holding only block directives): the
 * target's content goes, as far as Docs allows.
 *
 * - A tab: Docs keeps one paragraph in every tab, so one empty paragraph stays, and the result's
 *   warnings say so.
 * - A section (or the preamble): the section goes, heading included (a text that keeps only the
 *   heading line removes the body and keeps the heading; that is an ordinary import). It is planned
 *   as an import of the whole tab without the section, so the paragraph before it can take the
 *   end of the body when the section is the last one.
 */
import type { Document } from '../../ground/docs-json.js';
import { stringifyMebdf } from '../../mebdf/index.js';
import type { Block, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { exportSection, exportTab } from '../export/index.js';

/** An import of nothing: no block at all (block directives alone make none). */
export function importsNothing(model: MebdfDocument): boolean {
  return model.blocks.length === 0;
}

export interface EmptyImport {
  /** The content of the whole tab that the empty import stands for. */
  tabContent: string;
  warnings: string[];
}

const ONE_PARAGRAPH = 'A tab always holds one paragraph in Google Docs: the import left one empty paragraph.';

/** The whole tab's content after an empty import of `anchorId` (null: the tab itself). */
export function emptyImport(doc: Document, tabId: string, anchorId: string | null): EmptyImport {
  if (anchorId === null) return { tabContent: '{!}\n', warnings: [ONE_PARAGRAPH] };
  const tab = exportTab(doc, tabId).model;
  const section = exportSection(doc, tabId, anchorId);
  const blocks = [...tab.blocks.slice(0, section.firstBlock), ...tab.blocks.slice(section.endBlock)];
  const warnings = [
    anchorId === ''
      ? 'The import was empty: the preamble was removed.'
      : `The import was empty: the section {^ ${anchorId}} was removed, heading included. To keep the heading, import its heading line alone.`,
  ];
  if (blocks.length === 0) return { tabContent: '{!}\n', warnings: [...warnings, ONE_PARAGRAPH] };
  return { tabContent: stringifyMebdf({ blocks, footnotes: referenced(tab.footnotes, blocks) }), warnings };
}

/** The footnotes that `blocks` still reference. */
function referenced(
  footnotes: Record<string, ParagraphBlock[]>,
  blocks: Block[],
): Record<string, ParagraphBlock[]> {
  const labels = new Set<string>();
  const visit = (bs: Block[]): void => {
    for (const b of bs) {
      if (b.type === 'table') for (const row of b.rows) for (const cell of row) visit(cell.blocks);
      else for (const x of b.inlines) if (x.type === 'footnoteRef') labels.add(x.label);
    }
  };
  visit(blocks);
  return Object.fromEntries(Object.entries(footnotes).filter(([label]) => labels.has(label)));
}

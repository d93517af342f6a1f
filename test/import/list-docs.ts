/**
 * Builders for the list tests: a list item as the Docs editor and the presets lay one out (its
 * level's indents), a Docs editor's list of two presets' glyphs, the Docs list a paragraph of a
 * document is in, found by its text, and a section edited by replacing text in its export.
 */
import { expect } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document, List, NestingLevel } from '../../src/ground/docs-json.js';
import { type BlockSpec, makeDoc, para } from '../export/builder.js';
import type { MemoryBackend } from './memory-backend.js';

/** An item of Docs list `listId` at `level`, indented as a preset's level is (36pt a level, hanging 18pt). */
export function listItem(text: string, listId = 'L', level = 0) {
  return para(
    text,
    {
      indentStart: { magnitude: 36 * (level + 1), unit: 'PT' },
      indentFirstLine: { magnitude: 36 * (level + 1) - 18, unit: 'PT' },
    },
    { bullet: { listId, textStyle: {}, ...(level ? { nestingLevel: level } : {}) } },
  );
}

/** A document of one section, `h.a` ("Head"): `blocks` (items of `lists`, say), then a paragraph. */
export function listSection(blocks: BlockSpec[], lists: Record<string, List>, last = 'End.'): Document {
  return makeDoc({
    blocks: [para('Head', { namedStyleType: 'HEADING_1', headingId: 'h.a' }), ...blocks, para(last)],
    lists,
  }) as Document;
}

/**
 * The levels of a list of the Docs editor's, no preset's: `outer`'s glyphs but at the second level,
 * which has `second`'s (bullets outside and numbers inside, as the editor makes them).
 */
export function editorLevels(outer: string, second: string): NestingLevel[] {
  return presetLevels(outer).map((l, n) => (n === 1 ? presetLevels(second)[1]! : l));
}

/** The Docs list of the body paragraph of the first tab that says `text` (its first run). */
export function listIdOf(doc: Document, text: string): string | null | undefined {
  return doc.tabs![0]!.documentTab!.body!.content!.find(
    (se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`,
  )?.paragraph?.bullet?.listId;
}

/**
 * Section `anchorId` of the first tab exported, `from` replaced by `to` (which must change it),
 * imported, and read back as written; returns the text imported.
 */
export async function editSection(
  be: MemoryBackend,
  anchorId: string,
  from: string,
  to: string,
): Promise<string> {
  const section = exportSection(be.doc, undefined, anchorId).content;
  const edited = section.replace(from, to);
  expect(edited).not.toBe(section);
  await importSectionService(be, { document_id: 'doc', anchor_id: anchorId }, edited);
  expect(exportSection(be.doc, undefined, anchorId).content).toBe(edited);
  return edited;
}

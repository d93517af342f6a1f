/** The request handlers by request type: each validates its request and applies it in place. */
import { createParagraphBullets, deleteParagraphBullets } from './bullets.js';
import type { EngineContext } from './context.js';
import { deleteContentRange } from './delete-range.js';
import { updateDocumentStyle, updateNamedStyle } from './doc-styles.js';
import { insertText } from './insert-text.js';
import { createNamedRange, deleteNamedRange } from './named-ranges.js';
import {
  createFootnote,
  deletePositionedObject,
  insertDate,
  insertInlineImage,
  insertPageBreak,
  insertPerson,
  insertRichLink,
  insertSectionBreak,
} from './objects.js';
import { updateParagraphStyle } from './paragraph-style.js';
import { replaceAllText } from './replace-all.js';
import {
  deleteTableColumn,
  deleteTableRow,
  insertTable,
  insertTableColumn,
  insertTableRow,
} from './tables.js';
import { addDocumentTab, deleteTab, updateDocumentTabProperties } from './tabs.js';
import { updateTextStyle } from './text-style.js';

export type Handler = (ctx: EngineContext, req: Record<string, unknown>) => Record<string, unknown>;

export const HANDLERS: Record<string, Handler> = {
  insertText,
  deleteContentRange,
  updateTextStyle,
  updateParagraphStyle,
  createParagraphBullets,
  deleteParagraphBullets,
  insertTable,
  insertTableRow,
  insertTableColumn,
  deleteTableRow,
  deleteTableColumn,
  insertInlineImage,
  deletePositionedObject,
  createNamedRange,
  deleteNamedRange,
  replaceAllText,
  insertPageBreak,
  insertSectionBreak,
  createFootnote,
  insertPerson,
  insertRichLink,
  insertDate,
  updateNamedStyle,
  updateDocumentStyle,
  addDocumentTab,
  deleteTab,
  updateDocumentTabProperties,
};

/** The request handlers by request type: each validates its request and applies it in place. */
import { createParagraphBullets, deleteParagraphBullets } from './bullets.js';
import { insertDate, insertPerson, insertRichLink } from './chips.js';
import { COMMENT_HANDLERS } from './comments.js';
import type { EngineContext } from './context.js';
import { deleteContentRange } from './delete-range.js';
import { updateDocumentStyle, updateNamedStyle } from './doc-styles.js';
import { createFooter, createHeader, deleteFooter, deleteHeader, updateSectionStyle } from './headers.js';
import { insertText } from './insert-text.js';
import { replaceNamedRangeContent } from './named-range-content.js';
import { createNamedRange, deleteNamedRange } from './named-ranges.js';
import {
  createFootnote,
  deletePositionedObject,
  insertInlineImage,
  insertPageBreak,
  insertSectionBreak,
  replaceImage,
} from './objects.js';
import { updateParagraphStyle } from './paragraph-style.js';
import { replaceAllText } from './replace-all.js';
import { acceptSuggestion, deleteSuggestion, rejectSuggestion } from './suggestion-requests.js';
import {
  mergeTableCells,
  pinTableHeaderRows,
  unmergeTableCells,
  updateTableCellStyle,
  updateTableColumnProperties,
  updateTableRowStyle,
} from './table-styles.js';
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
  replaceImage,
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
  createHeader,
  createFooter,
  deleteHeader,
  deleteFooter,
  updateSectionStyle,
  replaceNamedRangeContent,
  mergeTableCells,
  unmergeTableCells,
  updateTableCellStyle,
  updateTableRowStyle,
  updateTableColumnProperties,
  pinTableHeaderRows,
  acceptSuggestion,
  rejectSuggestion,
  deleteSuggestion,
  ...COMMENT_HANDLERS,
};

/**
 * Developer Preview requests the engine does not model: a project that is not enrolled gets
 * `No request set.`, and the engine behaves like such a project for these. Today it models them
 * all (comments.ts, suggestion-requests.ts).
 */
export const PREVIEW_REQUESTS = new Set<string>();

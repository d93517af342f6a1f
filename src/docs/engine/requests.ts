/** The request handlers by request type: each validates its request and applies it in place. */
import type { EngineContext } from './context.js';
import { deleteContentRange } from './delete-range.js';
import { insertText } from './insert-text.js';
import { createNamedRange, deleteNamedRange } from './named-ranges.js';

export type Handler = (ctx: EngineContext, req: Record<string, unknown>) => Record<string, unknown>;

export const HANDLERS: Record<string, Handler> = {
  insertText,
  deleteContentRange,
  createNamedRange,
  deleteNamedRange,
};

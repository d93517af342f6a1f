/** Fields shared by list_suggestions, accept_suggestions and reject_suggestions. */
import { z } from 'zod';
import { revisionIdField } from './schemas.js';

export const suggestionInfoField = z.object({
  suggestion_id: z
    .string()
    .describe('The suggestion id (`suggest.…`), as accept_suggestions / reject_suggestions take it.'),
  tab_id: z.string().describe('The tab holding it.'),
  anchor_id: z
    .string()
    .describe(
      'The innermost section it starts in ("" = the preamble; a header/footer/footnote id when segment is not body).',
    ),
  heading_text: z.string().describe('That section’s heading text.'),
  segment: z.string().describe('`body`, or the header, footer or footnote id it is in.'),
  inserted_text: z.string().describe('Text it adds (¶ = paragraph break; … where cut), "" when none.'),
  deleted_text: z.string().describe('Text it removes, "" when none.'),
  text_style_changes: z.array(z.string()).describe('Text style fields it changes (bold, link, …).'),
  paragraph_style_changes: z
    .array(z.string())
    .describe('Paragraph style fields it changes (namedStyleType, alignment, …).'),
  bullet_change: z.boolean().describe('True when it adds, removes or re-levels bullets.'),
  start_index: z.number().int().describe('Where it starts in its segment (indices with suggestions inline).'),
  end_index: z.number().int().describe('Where it ends.'),
});

/** Which suggestions accept_suggestions / reject_suggestions act on. */
export const selectionFields = {
  suggestion_ids: z
    .array(z.string())
    .optional()
    .describe("These suggestions (ids from list_suggestions or export_section's {!suggest:…} marks)."),
  anchor_id: z
    .string()
    .optional()
    .describe('Or every suggestion in this section, subsections included ("" = the preamble).'),
  all: z
    .boolean()
    .optional()
    .describe('Or every suggestion (of tab_id when given, else of the whole document).'),
  dry_run: z.boolean().optional().describe('Say which suggestions would be resolved; nothing is written.'),
};

export const resolveOutputFields = {
  success: z.literal(true).describe('Always true on success.'),
  suggestion_ids: z
    .array(z.string())
    .describe('The suggestions resolved by this call (or, for a dry run, that would be).'),
  resolved_with: z
    .array(z.string())
    .describe(
      'Selected suggestions that went with another one resolved here (text suggested inside a suggested table).',
    ),
  revision_id: revisionIdField,
  dry_run: z.boolean().describe('True when nothing was written.'),
};

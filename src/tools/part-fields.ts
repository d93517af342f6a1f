/** The size policy's fields on export_tab and export_section: which part to read, and what a part is. */
import { z } from 'zod';

export const partField = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe(
    'Only for a target too large for one read: which part to read (from 1), as the previous part said.',
  );

export const partInfoField = z
  .object({
    index: z.number().int().describe('This part, from 1.'),
    count: z.number().int().describe('How many parts the target has.'),
    from_block: z.number().int().describe('The first block of the target this part holds (from 0).'),
    to_block: z.number().int().describe('The block after the last one it holds.'),
    total_estimated_tokens: z.number().int().describe('The size of the whole target.'),
    notice: z.string().describe('That this is not the whole target, and how to read the rest.'),
    outline: z.string().describe('The target’s headings with their anchor_id and part.'),
  })
  .optional()
  .describe(
    'Present only when the target is above the read limit: content is then this part alone, and an import with its base replaces only this part.',
  );

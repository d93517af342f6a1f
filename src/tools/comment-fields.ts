/** Field schemas shared by the comment tools and the export tools' `comments` and `anchors` flags. */
import { z } from 'zod';

export const commentsField = z
  .boolean()
  .optional()
  .describe(
    'Show the text under each open comment as {!comment:ID}…{/!} (ID = comment_id of list_comments). Default false. The markers are read-only: an import removes them and never creates, moves or deletes a comment.',
  );

export const commentIdField = z.string().min(1).describe('The comment_id from list_comments or add_comment.');

export const anchorPlaceField = z
  .object({
    tab_id: z.string().describe('The tab the comment is in.'),
    section_anchor_id: z
      .string()
      .optional()
      .describe(
        'The innermost section holding it ("" = the preamble); absent in a header, footer or footnote.',
      ),
    section_heading: z.string().optional().describe('That section’s heading text.'),
    start_index: z.number().int().describe('Where the commented text starts (Docs index).'),
    end_index: z.number().int().describe('Where it ends (exclusive).'),
    segment_id: z
      .string()
      .optional()
      .describe('The header, footer or footnote holding it; absent for the body.'),
  })
  .describe('Where the comment is anchored.');

const postField = z.object({
  post_id: z.string(),
  author: z.string().describe('The author’s display name.'),
  content: z.string(),
  created: z.string().describe('ISO 8601.'),
  action: z
    .enum(['resolve', 'reopen'])
    .optional()
    .describe('Set when this post resolved or reopened the thread.'),
});

export const commentField = z.object({
  comment_id: z.string(),
  status: z.enum(['open', 'resolved']),
  quote: z.string().describe('The text the comment is on now ("" when that text was deleted).'),
  original_quote: z.string().describe('The text quoted when the comment was made.'),
  anchor: anchorPlaceField.optional(),
  author: z.string(),
  content: z.string().describe('The comment itself (the thread’s first post).'),
  created: z.string().describe('ISO 8601.'),
  replies: z.array(postField),
});

export const replyResultFields = {
  success: z.literal(true).describe('Always true on success.'),
  comment_id: z.string().describe('The thread replied to.'),
  post_id: z
    .string()
    .describe('The new post ("" when nothing was written: the thread was already in that state).'),
  status: z.enum(['open', 'resolved']).describe('The thread’s state after the post.'),
};

/** The export tools' `anchors`: which heading lines show their `{^ id}`. */
export const anchorsField = z
  .enum(['linked', 'all'])
  .optional()
  .describe(
    'Which headings show their anchor {^ h.…}: "linked" (default) only those a link points to; "all" every heading, to link to one ([text](#^h.…)). Headings keep their ids either way: write a heading line with or without its anchor.',
  );

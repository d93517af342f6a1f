/**
 * What an import needs of comments before it loads its pipeline: whether a text may carry comment
 * markers (`{!comment:ID}…{/!}`, comment-import.ts strips them), and the read that includes
 * comments where the backend can read them. Kept apart so that import.ts stays light.
 */

/** A span property list naming `comment:`: the text may carry markers. */
export const COMMENT_MARKER = /\{![^}\n]*\bcomment\s*:/;

/** The read an import plans on: with comments where the backend can read them. */
export const IMPORT_READ = { comments: 'if-available' } as const;

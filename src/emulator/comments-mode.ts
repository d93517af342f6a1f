/**
 * `documents.get`'s `commentsViewMode` as the discovery document (rev 20260921) describes it:
 * any value needs the tabs content (`includeTabsContent=true` or a mask naming `tabs`);
 * COMMENTS_VIEW_MODE_INCLUDED needs `suggestionsViewMode=SUGGESTIONS_INLINE` set explicitly and
 * is refused (403) to a user with view access only; INCLUDED and DEFAULT_FOR_CURRENT_ACCESS never
 * go with a PREVIEW suggestions mode. Google's exact wording is not recorded: these messages are ours.
 */
export const COMMENT_MODES = new Set([
  'COMMENTS_VIEW_MODE_UNSPECIFIED',
  'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS',
  'COMMENTS_VIEW_MODE_OMITTED',
  'COMMENTS_VIEW_MODE_INCLUDED',
]);

export type CommentModeDecision =
  | { ok: true; include: boolean; applied: string | undefined }
  | { ok: false; status: 400 | 403; message: string };

export function decideCommentMode(input: {
  mode: string | null;
  includeTabs: boolean;
  suggestionsMode: string | null;
  canViewComments: boolean;
}): CommentModeDecision {
  const { mode, includeTabs, suggestionsMode, canViewComments } = input;
  if (mode === null) return { ok: true, include: false, applied: undefined };
  if (!COMMENT_MODES.has(mode)) {
    return {
      ok: false,
      status: 400,
      message: `Invalid value at 'comments_view_mode' (type.googleapis.com/google.apps.docs.v1.CommentsViewMode), "${mode}"`,
    };
  }
  if (!includeTabs) {
    return {
      ok: false,
      status: 400,
      message:
        'comments_view_mode requires include_tabs_content to be true or a field mask that references tabs.',
    };
  }
  const preview = suggestionsMode?.startsWith('PREVIEW_') === true;
  if (mode === 'COMMENTS_VIEW_MODE_INCLUDED') {
    if (suggestionsMode !== 'SUGGESTIONS_INLINE') {
      return {
        ok: false,
        status: 400,
        message:
          'comments_view_mode COMMENTS_VIEW_MODE_INCLUDED requires suggestions_view_mode SUGGESTIONS_INLINE.',
      };
    }
    if (!canViewComments) return { ok: false, status: 403, message: 'The caller does not have permission' };
    return { ok: true, include: true, applied: mode };
  }
  if (mode === 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS') {
    if (preview) {
      return {
        ok: false,
        status: 400,
        message: `comments_view_mode ${mode} cannot be combined with suggestions_view_mode ${suggestionsMode}.`,
      };
    }
    return {
      ok: true,
      include: canViewComments,
      applied: canViewComments ? 'COMMENTS_VIEW_MODE_INCLUDED' : 'COMMENTS_VIEW_MODE_OMITTED',
    };
  }
  return { ok: true, include: false, applied: 'COMMENTS_VIEW_MODE_OMITTED' };
}

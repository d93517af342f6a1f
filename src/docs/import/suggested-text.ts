/**
 * The refusals about suggested text (`{!suggest:insert|delete id}` spans): an import keeps a
 * suggestion exactly as exported, and edits next to it or around it; changing or removing the
 * suggested text itself is refused until the suggestion is accepted or rejected, because an edit
 * there would silently decide the suggestion for its author.
 */
import { ValidationError } from '../../errors.js';

const RESOLVE_FIRST =
  'Leave the {!suggest:…} span exactly as exported, or accept or reject the suggestion first (accept_suggestions / reject_suggestions), then edit the text.';

/** The edit changes or deletes text that is a pending suggestion. */
export function changesSuggestedText(): ValidationError {
  return new ValidationError(
    'The edit would change or delete text that is a pending suggestion.',
    RESOLVE_FIRST,
  );
}

/** The new content marks new text as a suggestion. */
export function writesSuggestedText(): ValidationError {
  return new ValidationError(
    'The new content marks new text with {!suggest:…}; suggestions are made by importing plain text with mode "suggest", not by writing the marks.',
    'Write the new text without {!suggest:…} and import with mode "suggest"; leave existing suggestions exactly as exported.',
  );
}

/**
 * The OAuth scopes gdoc asks for, and why these and no wider ones.
 *
 * - `documents`: read and batchUpdate any Doc the user can open (the whole point of the tool).
 * - `drive.metadata.readonly`: the narrowest Drive scope that can list *all* of the user's Docs
 *   (`files.list`) and read a file's `capabilities` and owners (`files.get`). It grants no access to
 *   file content through Drive; content goes through the Docs API under `documents`.
 *   `drive.file` would be narrower still, but it only sees files this app created or opened through
 *   a picker, so `gdoc ls` would come back empty for existing documents.
 */
export const DOCS_SCOPE = 'https://www.googleapis.com/auth/documents';
export const DRIVE_METADATA_SCOPE = 'https://www.googleapis.com/auth/drive.metadata.readonly';

export const GDOC_SCOPES: readonly string[] = [DOCS_SCOPE, DRIVE_METADATA_SCOPE];

/**
 * Opt-in (`gdoc login --scope drive.file`): per-file access to the files gdoc itself created, which
 * lets `npm run test:live` delete its scratch document. Non-sensitive; grants nothing over other files.
 */
export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** `drive.file` or a full URL -> the full scope URL. */
export function expandScope(scope: string): string {
  return /^https?:\/\//.test(scope) ? scope : `https://www.googleapis.com/auth/${scope}`;
}

/**
 * The Drive `q` expression for listing Google Docs. User text goes inside a single-quoted string
 * literal, where Drive treats `\` and `'` as special: both are escaped so a name can never close the
 * literal and add clauses of its own.
 */
export const GOOGLE_DOC_MIME = 'application/vnd.google-apps.document';

export function escapeDriveString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

export function buildListQuery(nameContains: string | undefined): string {
  const base = `mimeType='${GOOGLE_DOC_MIME}' and trashed=false`;
  if (nameContains === undefined || nameContains === '') return base;
  return `${base} and name contains '${escapeDriveString(nameContains)}'`;
}

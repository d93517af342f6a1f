/**
 * Live checks against the real Docs and Drive APIs, run by `npm run test:live` when credentials
 * are present (a `gdoc login`, GDOC_ACCESS_TOKEN, a service account or ADC) and skipped otherwise.
 * It creates a scratch document, edits it with guarded writes, verifies the result and the typed
 * errors, and deletes the document (which needs the drive.file scope: `gdoc login --scope drive.file`).
 */
import { drive, type drive_v3 } from '@googleapis/drive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVE_FILE_SCOPE, GDOC_SCOPES, type ResolvedAuth, resolveAuth } from '../../src/auth/index.js';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import { readGoogleConfig } from '../../src/docs/backends/google-config.js';
import { DocumentNotFoundError, RevisionConflictError, ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';

// Resolved before the suite is declared so that the skip decision is known; no network is used.
const auth: ResolvedAuth | undefined = await resolveAuth(process.env, {
  scopes: [...GDOC_SCOPES, DRIVE_FILE_SCOPE],
}).catch(() => undefined);

function bodyText(doc: Document): string {
  return (doc.tabs?.[0]?.documentTab?.body?.content ?? [])
    .flatMap((el) => el.paragraph?.elements ?? [])
    .map((e) => e.textRun?.content ?? '')
    .join('');
}

describe.skipIf(auth === undefined)('live Google Docs (credentials present)', () => {
  let backend: GoogleBackend;
  let documentId = '';
  const title = `gdoc live test ${new Date().toISOString()}`;

  beforeAll(async () => {
    backend = new GoogleBackend({
      auth: (auth as ResolvedAuth).client,
      config: readGoogleConfig(process.env),
      log: (line) => process.stderr.write(`live: ${line}\n`),
    });
    documentId = (await backend.create(title)).documentId ?? '';
    expect(documentId).not.toBe('');
  });

  afterAll(async () => {
    if (!documentId || !auth) return;
    const root = process.env.GDOC_API_ROOT;
    const api = drive({
      version: 'v3',
      auth: auth.client as unknown as drive_v3.Options['auth'],
      ...(root ? { rootUrl: root } : {}),
    });
    try {
      await api.files.delete({ fileId: documentId, supportsAllDrives: true });
    } catch (error) {
      process.stderr.write(
        `live: could not delete the scratch document https://docs.google.com/document/d/${documentId}/edit ` +
          `(${(error as Error).message}); delete it by hand, or log in with \`gdoc login --scope drive.file\`.\n`,
      );
    }
    await auth.flush();
  });

  it('reads the new document in the tabs shape and reports edit rights', async () => {
    const doc = await backend.get(documentId);
    expect(doc.title).toBe(title);
    expect(doc.tabs?.length).toBe(1);
    expect(doc.revisionId).toBeTruthy();
    const meta = await backend.metadata(documentId);
    expect(meta).toMatchObject({ document_id: documentId, title, can_edit: true });
  });

  it('applies a guarded edit with emoji and CJK at UTF-16 indices, then verifies it', async () => {
    const before = await backend.get(documentId);
    const tabId = before.tabs?.[0]?.tabProperties?.tabId ?? '';
    const heading = 'Plan 🚀 東京\n';
    const text = 'Body e\u0301clair ✅\n';
    const response = await backend.batchUpdate(documentId, {
      requests: [
        { insertText: { text: heading + text, location: { index: 1, tabId } } },
        {
          updateParagraphStyle: {
            range: { startIndex: 1, endIndex: 1 + heading.length, tabId },
            paragraphStyle: { namedStyleType: 'HEADING_1' },
            fields: 'namedStyleType',
          },
        },
      ],
      writeControl: { requiredRevisionId: before.revisionId ?? '' },
    });
    const after = await backend.get(documentId);
    expect(after.revisionId).toBe(response.writeControl?.requiredRevisionId);
    expect(bodyText(after)).toBe(`${heading}${text}\n`);
    const first = after.tabs?.[0]?.documentTab?.body?.content?.find((el) => el.paragraph);
    expect(first?.paragraph?.paragraphStyle?.namedStyleType).toBe('HEADING_1');
    expect(first?.paragraph?.paragraphStyle?.headingId).toMatch(/^h\./);

    // The same write against the old revision is refused and changes nothing.
    const stale = await backend
      .batchUpdate(documentId, {
        requests: [{ insertText: { text: 'never', location: { index: 1, tabId } } }],
        writeControl: { requiredRevisionId: before.revisionId ?? '' },
      })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(RevisionConflictError);
    expect(bodyText(await backend.get(documentId))).toBe(`${heading}${text}\n`);
  });

  it('maps Google errors: a bad request and a missing document', async () => {
    const doc = await backend.get(documentId);
    const bad = await backend
      .batchUpdate(documentId, {
        requests: [{ insertText: { text: 'x', location: { index: 100_000 } } }],
        writeControl: { requiredRevisionId: doc.revisionId ?? '' },
      })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    await expect(backend.get('1NoSuchDocumentxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).rejects.toBeInstanceOf(
      DocumentNotFoundError,
    );
  });

  it('finds the document by name through Drive', async () => {
    // Drive's index can lag a new file by a few seconds.
    for (let i = 0; i < 10; i++) {
      const listing = await backend.list(title, 5);
      if (listing.documents.some((d) => d.document_id === documentId)) return;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    throw new Error(`"${title}" did not show up in files.list`);
  });
});

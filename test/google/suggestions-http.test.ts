/**
 * GoogleBackend's suggestion fields against the emulator over real HTTP: `writeControl.writeMode`
 * reaches the server as named in the discovery document, `suggestionResponses[].createdSuggestionIds`
 * come back, `documents.get?suggestionsViewMode=` answers the three views, and acceptSuggestion /
 * rejectSuggestion go through.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import type { BatchUpdateRequest, Document } from '../../src/ground/docs-json.js';
import { createdSuggestionIds, suggestionResponsesOf, withWriteMode } from '../../src/ground/suggestions.js';
import { instantClock } from './fake-api.js';

const POEM = fileURLToPath(
  new URL('../fixtures/real/cedricdelpoux__gatsby-source-google-docs__poem.json', import.meta.url),
);

let dir: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-suggest-emu-'));
  await mkdir(join(dir, 'store'));
  await writeFile(join(dir, 'store', 'poem.json'), await readFile(POEM), { mode: 0o644 });
  emulator = await startEmulator({ storeDir: join(dir, 'store'), acceptedTokens: ['good-token'] });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

function backend(): GoogleBackend {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: 'good-token' });
  return new GoogleBackend({
    auth,
    config: { apiRoot: emulator.url, maxRetries: 0 },
    clock: instantClock(),
    random: () => 0,
  });
}

function text(doc: Document): string {
  return (doc.tabs?.[0]?.documentTab?.body?.content ?? [])
    .flatMap((el) => el.paragraph?.elements ?? [])
    .map((e) => e.textRun?.content ?? '')
    .join('');
}

describe('suggestions through GoogleBackend and the emulator', () => {
  it('writes in SUGGEST mode, reads the three views, accepts and rejects', async () => {
    const be = backend();
    const before = await be.get('poem');
    const body: BatchUpdateRequest = withWriteMode(
      { requests: [{ insertText: { location: { index: 1 }, text: 'PROPOSED ' } }] },
      'SUGGEST',
    );
    const reply = await be.batchUpdate('poem', body);
    const write = emulator.calls().find((c) => c.operation === 'batchUpdate');
    expect(write?.body).toMatchObject({ writeControl: { writeMode: 'SUGGEST' } });
    const ids = createdSuggestionIds(reply);
    expect(ids).toHaveLength(1);
    expect(suggestionResponsesOf(reply)).toEqual([{ createdSuggestionIds: ids }]);

    const inline = await be.get('poem');
    expect(inline.suggestionsViewMode).toBe('SUGGESTIONS_INLINE');
    expect(text(inline).startsWith('PROPOSED ')).toBe(true);
    const run = inline.tabs![0]!.documentTab!.body!.content!.find((se) => se.paragraph)!.paragraph!
      .elements![0]!;
    expect(run.textRun?.suggestedInsertionIds).toEqual(ids);
    const without = await be.get('poem', { suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS' });
    expect(without.suggestionsViewMode).toBe('PREVIEW_WITHOUT_SUGGESTIONS');
    expect(text(without)).toBe(text(before));
    const accepted = await be.get('poem', { suggestionsViewMode: 'PREVIEW_SUGGESTIONS_ACCEPTED' });
    expect(text(accepted)).toBe(`PROPOSED ${text(before)}`);
    expect(emulator.calls().some((c) => c.query.suggestionsViewMode === 'PREVIEW_WITHOUT_SUGGESTIONS')).toBe(
      true,
    );

    const rejected = await be.batchUpdate('poem', {
      requests: [{ rejectSuggestion: { suggestionId: ids[0] } }],
    } as unknown as BatchUpdateRequest);
    expect(suggestionResponsesOf(rejected)).toEqual([{ rejectedSuggestionIds: ids }]);
    expect(text(await be.get('poem'))).toBe(text(before));
  });

  it('imports a section as suggestions through the real client: the reply and a re-read show them', async () => {
    const be = backend();
    const doc = await be.get('poem');
    const content = exportSection(doc, 't.0', '').content.replace('may', 'might');
    const result = await importSectionService(
      be,
      { document_id: 'poem', tab_id: 't.0', anchor_id: '' },
      content,
      {
        mode: 'suggest',
      },
    );
    expect(result.suggestion_ids?.length).toBeGreaterThan(0);
    const write = emulator
      .calls()
      .filter((c) => c.operation === 'batchUpdate')
      .at(-1);
    expect(write?.body).toMatchObject({
      writeControl: { writeMode: 'SUGGEST', requiredRevisionId: doc.revisionId },
    });
    const accepted = await be.get('poem', { suggestionsViewMode: 'PREVIEW_SUGGESTIONS_ACCEPTED' });
    expect(exportSection(accepted, 't.0', '').content).toBe(content);
    expect(text(await be.get('poem', { suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS' }))).toBe(
      text(doc),
    );
  });
});

/**
 * New footnotes and chips through the real googleapis client against the loopback emulator: the
 * footnote's two writes (the second guarded by the revision the first returned, its segment the id
 * Google's reply carried) and a chip's insert request, then a re-export that reads as written.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleBackend } from '../../src/docs/backends/google.js';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import type { BatchUpdateRequest, Document } from '../../src/ground/docs-json.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { instantClock } from './fake-api.js';

let dir: string;
let emulator: RunningEmulator;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gdoc-google-new-objects-'));
  await mkdir(join(dir, 'store'));
  emulator = await startEmulator({ storeDir: join(dir, 'store'), acceptedTokens: ['good-token'] });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => emulator.clearCalls());

async function blankDocument(id: string): Promise<void> {
  const doc: Document = {
    documentId: id,
    title: id,
    revisionId: 'rev-0',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  };
  await writeFile(join(dir, 'store', `${id}.json`), JSON.stringify(doc), { mode: 0o644 });
}

function backend(): GoogleBackend {
  const auth = new OAuth2Client();
  auth.setCredentials({ access_token: 'good-token' });
  return new GoogleBackend({
    auth,
    config: { apiRoot: emulator.url, maxRetries: 2 },
    clock: instantClock(),
    random: () => 0,
  });
}

const writes = (): BatchUpdateRequest[] =>
  emulator
    .calls()
    .filter((c) => c.operation === 'batchUpdate')
    .map((c) => c.body as BatchUpdateRequest);

describe('new objects through the googleapis client and the emulator', () => {
  it('a new footnote: createFootnote, then its text in the id Google replied, guarded by the revision it returned', async () => {
    await blankDocument('footnote');
    const google = backend();
    const text = 'A claim[^a].\n\n[^a]: The *note*.\n';
    const result = await importTabService(google, { document_id: 'footnote' }, text);

    const [first, second] = writes();
    expect(writes()).toHaveLength(2);
    expect(first!.requests!.map((r) => Object.keys(r)[0])).toContain('createFootnote');
    expect(first!.writeControl).toEqual({ requiredRevisionId: 'rev-0' });
    const after = await google.get('footnote');
    const footnoteId = Object.keys(after.tabs![0]!.documentTab!.footnotes!)[0]!;
    const segmentIds = new Set(JSON.stringify(second!.requests).match(/"segmentId":"[^"]+"/g));
    expect(segmentIds).toEqual(new Set([`"segmentId":"${footnoteId}"`]));
    // Guarded by the first write's revision: neither the read's nor the final one.
    const guard = second!.writeControl!.requiredRevisionId;
    expect(guard).not.toBe('rev-0');
    expect(guard).not.toBe(after.revisionId);
    expect(result.revision_id).toBe(after.revisionId);
    expect(exportTab(after).content).toBe(formatMebdf(text.replaceAll('^a', '^1')));
  });

  it('a new chip: one insert request in one guarded write', async () => {
    await blankDocument('chip');
    const google = backend();
    const text = 'Owner {^= person "ada@example.com"}, due {^= date "2026-11-24"}.\n';
    await importTabService(google, { document_id: 'chip' }, text);
    expect(writes()).toHaveLength(1);
    const kinds = writes()[0]!.requests!.map((r) => Object.keys(r)[0]);
    expect(kinds.filter((k) => k === 'insertPerson' || k === 'insertDate')).toEqual([
      'insertPerson',
      'insertDate',
    ]);
    const exported = exportTab(await google.get('chip')).content;
    expect(exported.replace(/\{\^= kix\.[a-z0-9]+ /g, '{^= ')).toBe(formatMebdf(text));
  });
});

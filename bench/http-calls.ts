/**
 * The Google path's cost in HTTP calls: each use case run through the real googleapis client
 * (GoogleBackend) against the loopback emulator, counting the calls the emulator received.
 * An import must be exactly one documents.get and one documents.batchUpdate.
 */
import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OAuth2Client } from 'google-auth-library';
import { GoogleBackend } from '../src/docs/backends/google.js';
import { exportSection, getHierarchy } from '../src/docs/export/index.js';
import { exportSectionService, exportTabService, hierarchyService } from '../src/docs/service/export.js';
import { importSectionService } from '../src/docs/service/import.js';
import { listDocumentsService, metadataService } from '../src/docs/service/navigation.js';
import { startEmulator } from '../src/emulator/server.js';
import type { Figure } from './measure.js';

const SAMPLE = 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json';

export async function benchHttpCalls(): Promise<Figure[]> {
  const store = mkdtempSync(join(tmpdir(), 'gdoc-bench-'));
  copyFileSync(
    fileURLToPath(new URL(`../test/fixtures/real/${SAMPLE}`, import.meta.url)),
    join(store, 'doc.json'),
  );
  chmodSync(join(store, 'doc.json'), 0o644); // the fixtures are read-only; the store must be writable
  const emulator = await startEmulator({ storeDir: store });
  try {
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: 'bench-token' });
    const backend = new GoogleBackend({ auth, config: { apiRoot: emulator.url } });
    const target = { document_id: 'doc' };
    const doc = await backend.get('doc');
    const anchor = getHierarchy(doc).headings[1]!.anchor_id;
    const section = exportSection(doc, undefined, anchor);
    const edited = section.content.replace(/\n([A-Za-z]+) /, '\nEdited ');

    const cases: Array<[string, () => Promise<unknown>]> = [
      ['list_documents', () => listDocumentsService(backend, { limit: 20 })],
      ['get_metadata', () => metadataService(backend, 'doc')],
      ['get_hierarchy', () => hierarchyService(backend, target)],
      ['export_tab', () => exportTabService(backend, target)],
      ['export_section', () => exportSectionService(backend, { ...target, anchor_id: anchor })],
      [
        'import_section (one-word edit)',
        () => importSectionService(backend, { ...target, anchor_id: anchor }, edited),
      ],
      [
        'import_section (unchanged)',
        () => importSectionService(backend, { ...target, anchor_id: anchor }, edited),
      ],
    ];
    const figures: Figure[] = [];
    for (const [name, run] of cases) {
      emulator.clearCalls();
      await run();
      const calls = emulator.calls();
      const ops = calls.map((c) => c.operation ?? c.path).join(', ');
      const figure: Figure = { name: `HTTP calls: ${name}`, ms: 0, note: `${calls.length} (${ops})` };
      if (name.startsWith('import_section (one-word')) {
        figure.target = '1 get + 1 batchUpdate';
        figure.ok =
          calls.length === 2 && calls[0]?.operation === 'get' && calls[1]?.operation === 'batchUpdate';
      }
      figures.push(figure);
    }
    return figures;
  } finally {
    await emulator.close();
    rmSync(store, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of await benchHttpCalls()) console.log(f);
}

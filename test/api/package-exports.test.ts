/**
 * The package's entry points: every subpath in package.json `exports` has a source module that
 * loads and offers the names embedders build on, so an accidental export change fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, string> };

const expected: Record<string, string[]> = {
  '.': [
    'parseMebdf',
    'exportTab',
    'importSectionService',
    'LocalBackend',
    'GoogleBackend',
    'createServer',
    'GdocError',
  ],
  './mebdf': ['parseMebdf', 'stringifyMebdf', 'formatMebdf', 'lintMebdf', 'remarkMebdf', 'mebdfSyntax'],
  './docs': ['exportTab', 'exportSection', 'getHierarchy', 'planImport', 'planNormalize', 'extractStyles'],
  './engine': ['applyBatchUpdate', 'createDocument', 'toTabsShape', 'serializeDocument'],
  './errors': ['GdocError', 'MebdfParseError', 'RevisionConflictError', 'FidelityGuardError'],
  './server': ['createServer', 'createToolDeps'],
};

describe('package exports', () => {
  it('lists exactly the documented entry points', () => {
    expect(Object.keys(pkg.exports).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [entry, names] of Object.entries(expected)) {
    it(`${entry} loads and offers ${names.join(', ')}`, async () => {
      const built = pkg.exports[entry]!;
      const source = `${root}${built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')}`;
      expect(existsSync(source)).toBe(true);
      const module = (await import(source)) as Record<string, unknown>;
      for (const name of names) expect(module[name], `${entry} exports ${name}`).toBeDefined();
    });
  }

  // gdoc-mcp/docs is the pure compiler: the use cases over a Backend and the backends moved to
  // the package root, which composes them, so an embedder of the compiler loads no store or I/O.
  it('./docs offers no use case and no backend; the package root offers both', async () => {
    const docs = (await import(`${root}src/docs/index.ts`)) as Record<string, unknown>;
    const services = Object.keys(docs).filter((name) => name.endsWith('Service') || name.endsWith('Backend'));
    expect(services).toEqual([]);
    const main = (await import(`${root}src/index.ts`)) as Record<string, unknown>;
    for (const name of ['LocalBackend', 'GoogleBackend', 'importTabService', 'normalizeService']) {
      expect(main[name], `. exports ${name}`).toBeDefined();
    }
  });
});

/**
 * Differential proof for the fast serializer: on every input we have, `serializeMebdf(model)` is
 * byte-identical to the mdast-util-to-markdown path `stringifyTree(modelToTree(model))` (what
 * `stringifyMebdf` ran before the switch), and so is the text the exporter produced (it renders
 * with the fast serializer). Any difference fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTab, listTabs } from '../../src/docs/export/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { lintMebdf, parseMebdf } from '../../src/mebdf/index.js';
import type { MebdfDocument } from '../../src/mebdf/model.js';
import { modelToTree } from '../../src/mebdf/semantic/from-model.js';
import { serializeMebdf } from '../../src/mebdf/serialize/index.js';
import { stringifyTree } from '../../src/mebdf/tree.js';
import { generateDocument } from '../support/generate-document.js';

/** The mdast path (`stringifyMebdf` before the switch to the fast serializer). */
function reference(model: MebdfDocument): string {
  return stringifyTree(modelToTree(model));
}

const testRoot = join(import.meta.dirname, '..');

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

const goldenFiles = walk(join(testRoot, 'golden'));
const exportGoldens = goldenFiles.filter((path) => /[/\\](?:export[^/\\]*|section-[^/\\]*)\.md$/.test(path));
const languageGoldens = goldenFiles.filter(
  (path) => /[/\\]golden[/\\]mebdf[/\\]/.test(path) && /(?:input|output)\.md$/.test(path),
);

describe('serializeMebdf on golden exports', () => {
  it('finds the golden exports', () => {
    expect(exportGoldens.length).toBeGreaterThan(20);
  });
  for (const path of exportGoldens) {
    it(`is byte-identical to the mdast path on ${path.slice(testRoot.length + 1)}`, () => {
      const model = parseMebdf(readFileSync(path, 'utf8'));
      expect(serializeMebdf(model)).toBe(reference(model));
    });
  }
});

describe('serializeMebdf on the language goldens', () => {
  const valid = languageGoldens.filter((path) => lintMebdf(readFileSync(path, 'utf8')).length === 0);
  it('finds valid language goldens', () => {
    expect(valid.length).toBeGreaterThan(10);
  });
  it('is byte-identical to the mdast path on every valid input.md / output.md', () => {
    for (const path of valid) {
      const model = parseMebdf(readFileSync(path, 'utf8'));
      expect(serializeMebdf(model), path).toBe(reference(model));
    }
  });
});

describe('serializeMebdf on real documents', () => {
  const dir = join(testRoot, 'fixtures/real');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.includes('.requests.'))
    .sort();
  it('finds the real documents', () => {
    expect(files.length).toBeGreaterThan(10);
  });
  for (const name of files) {
    it(`matches the mdast path on the export of every tab of ${name}`, () => {
      const doc = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Document;
      const tabs = listTabs(doc);
      expect(tabs.length).toBeGreaterThan(0);
      for (const tab of tabs) {
        const exported = exportTab(doc, tab.tabId);
        const expected = reference(exported.model);
        expect(serializeMebdf(exported.model), `${name} tab ${tab.tabId}`).toBe(expected);
        // The exporter renders with the fast serializer: its text must be the mdast path's too.
        expect(exported.content, `${name} tab ${tab.tabId}`).toBe(expected);
      }
    });
  }
});

describe('serializeMebdf on generated documents', () => {
  for (const pages of [1, 10]) {
    for (const seed of [1, 2, 3]) {
      it(`matches the mdast path on the export of a ${pages}-page document (seed ${seed})`, () => {
        const exported = exportTab(generateDocument({ pages, seed }));
        const expected = reference(exported.model);
        expect(serializeMebdf(exported.model)).toBe(expected);
        expect(exported.content).toBe(expected);
      });
    }
  }
});

/**
 * The block models the exporter builds from real Google Docs (test/fixtures/real) are valid MEBDF
 * models: their canonical text reads back to the same model and is a fixed point of formatting.
 * This ties the language's guarantees to content Docs actually produces.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { formatMebdf, parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';

const dir = join(import.meta.dirname, '../fixtures/real');

interface TabLike {
  tabProperties?: { tabId?: string | null } | null;
  childTabs?: TabLike[] | null;
}

function tabIds(tabs: TabLike[] | null | undefined): string[] {
  return (tabs ?? [])
    .flatMap((tab) => [tab.tabProperties?.tabId ?? '', ...tabIds(tab.childTabs)])
    .filter(Boolean);
}

describe('MEBDF on real documents', () => {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    it(`should round-trip every tab of ${file}`, () => {
      const document = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Document;
      const ids = tabIds((document as { tabs?: TabLike[] }).tabs);
      for (const tabId of ids.length > 0 ? ids : [undefined]) {
        const { model } = exportTab(document, tabId);
        const text = stringifyMebdf(model);
        expect(parseMebdf(text)).toEqual(model);
        expect(formatMebdf(text)).toBe(text);
      }
    });
  }
});

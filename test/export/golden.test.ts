/**
 * The golden corpus: test/golden/<case>/document.json -> export.md (one tab) or export.<tabId>.md
 * (several tabs), plus section-<anchor>.md for chosen sections (`section-preamble.md` for `""`).
 * Cases are every real document (test/fixtures/real, linked) and the hand-made construct-* cases.
 * A missing expectation is created; `UPDATE=1` refreshes all (do so, and read the diff, after a
 * change to the exporter or to the canonical form of MEBDF). The round trip of these exports
 * through the parser is checked in roundtrip.test.ts.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab, listTabs } from '../../src/docs/export/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { realDocNames } from './real-docs.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');
const UPDATE = process.env.UPDATE === '1';

/** Sections worth pinning, per case (single-tab cases). */
const SECTIONS: Record<string, string[]> = {
  'construct-headings': ['', 'h.overview0001', 'h.goals0000001', 'h.synthetic-1'],
  'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab': ['', 'h.icaqa2kyyp4g'],
  'think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI': [''],
  'cedricdelpoux__gatsby-source-google-docs__footnotes': [''],
};

function cases(): string[] {
  const constructs = readdirSync(GOLDEN).filter((d) => d.startsWith('construct-'));
  return [...realDocNames(), ...constructs.sort()];
}

function expectGolden(path: string, actual: string): void {
  if (UPDATE || !existsSync(path)) {
    writeFileSync(path, actual);
    return;
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('golden exports', () => {
  for (const name of cases()) {
    const dir = join(GOLDEN, name);
    const doc = JSON.parse(readFileSync(join(dir, 'document.json'), 'utf8')) as Document;
    const tabs = listTabs(doc);
    for (const tab of tabs) {
      const file = tabs.length === 1 ? 'export.md' : `export.${tab.tabId}.md`;
      it(`${name}/${file}`, () => {
        const out = exportTab(doc, tab.tabId);
        expectGolden(join(dir, file), out.content);
      });
    }
    for (const anchor of SECTIONS[name] ?? []) {
      const file = `section-${anchor || 'preamble'}.md`;
      it(`${name}/${file}`, () => {
        const out = exportSection(doc, undefined, anchor);
        expectGolden(join(dir, file), out.content);
      });
    }
  }
});

/**
 * Golden import cases on real documents: test/golden/<case>/edited-<name>.md is imported (into a
 * section or the whole tab) and the requests sent and the content after the write must equal
 * requests-<name>.json and result-<name>.md. `UPDATE=1` rewrites the three files from the edit
 * specs below (an edit is a list of replacements on the current export).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { GdocError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import type { MebdfDocument, TableBlock } from '../../src/mebdf/model.js';
import { MemoryBackend } from './memory-backend.js';

interface GoldenEdit {
  name: string;
  /** A section anchor, or null for the whole tab. */
  section: string | null;
  replace: [string, string][];
  /** An edit easier said on the model (applied after the replacements). */
  model?: (doc: MebdfDocument) => void;
  allowDeletions?: boolean;
  /** What the import must report (a refusal), when it must not write. */
  error?: string;
}

const STENCILA = 'stencila__encoda__test-fixture-1';
const LISTS = 'cedricdelpoux__gatsby-source-google-docs__lists';
const TABLES = 'cedricdelpoux__gatsby-source-google-docs__tables';
const IMAGES = 'cedricdelpoux__gatsby-source-google-docs__images';

const CASES: Record<string, GoldenEdit[]> = {
  [STENCILA]: [
    { name: 'word-edit', section: 'h.gysf08ftgpa0', replace: [['2. Second', '2. Segundo']] },
    {
      name: 'heading-rename',
      section: 'h.9zq6k75p5agb',
      replace: [['## Unordered', '## Unordered lists']],
    },
    {
      name: 'add-subsection',
      section: 'h.gysf08ftgpa0',
      replace: [['3. Third\n', '3. Third\n\n### Notes on order\n\nSome *notes* with **bold** text.\n']],
    },
    {
      name: 'remove-subsection',
      section: 'h.sbn44txo4u75',
      replace: [['## Ordered\n\n1. First\n2. Second\n3. Third\n\n', '']],
    },
    {
      name: 'list-item-added',
      section: 'h.gysf08ftgpa0',
      replace: [['3. Third\n', '3. Third\n4. Fourth\n']],
    },
    { name: 'formatting', section: 'h.9y90oc4mbao9', replace: [['1. Fruit', '1. **Fruit** and _more_']] },
    {
      name: 'sibling-section-added',
      section: 'h.gysf08ftgpa0',
      replace: [['3. Third\n', '3. Third\n\nMore text.\n\n# A new section\n']],
    },
  ],
  [LISTS]: [
    {
      name: 'emoji-before-styled',
      section: null,
      replace: [['- List **item** 1', '- List 🎉 **item** 1 👍🏽']],
    },
    {
      name: 'image-kept',
      section: null,
      replace: [[' with {^= kix.5p6gdq3v63vb image}image', ' with a {^= kix.5p6gdq3v63vb image}kept image']],
    },
    {
      name: 'image-removed-refused',
      section: null,
      replace: [[' with {^= kix.5p6gdq3v63vb image}image', ' without']],
      error: 'FidelityGuardError',
    },
    {
      name: 'image-removed-allowed',
      section: null,
      replace: [[' with {^= kix.5p6gdq3v63vb image}image', ' without']],
      allowDeletions: true,
    },
    { name: 'list-item-removed', section: null, replace: [['- List item 4\n', '']] },
  ],
  [TABLES]: [
    { name: 'cell-edit', section: null, replace: [['Col 2 line 1', 'Col 2 — 漢字 edited']] },
    {
      name: 'row-removed',
      section: null,
      replace: [['| Col 1 line 1 | Col 2 line 1 | Col 3 line 1 |\n', '']],
    },
    {
      name: 'row-added',
      section: null,
      replace: [['| Col 1 line 2 |', '| New A | New **B** | New C |\n| Col 1 line 2 |']],
    },
    {
      name: 'column-removed',
      section: null,
      replace: [],
      model: (doc) => {
        for (const row of firstTable(doc).rows) row.splice(1, 1);
      },
    },
    {
      name: 'column-added',
      section: null,
      replace: [],
      model: (doc) => {
        firstTable(doc).rows.forEach((row, i) => {
          const inlines = i === 0 ? [] : [{ type: 'text' as const, text: `extra ${i}`, style: {} }];
          row.splice(3, 0, {
            blocks: [{ type: 'paragraph', style: { namedStyle: 'NORMAL_TEXT' }, inlines }],
          });
        });
      },
    },
    {
      name: 'column-removed-row-added',
      section: null,
      replace: [],
      model: (doc) => {
        const t = firstTable(doc);
        for (const row of t.rows) row.splice(1, 1);
        const cell = (text: string) => ({
          blocks: [
            {
              type: 'paragraph' as const,
              style: { namedStyle: 'NORMAL_TEXT' as const },
              inlines: [{ type: 'text' as const, text, style: {} }],
            },
          ],
        });
        t.rows.push([cell('Total 😀'), cell('42')]);
      },
    },
    {
      name: 'table-added',
      section: null,
      replace: [['Col 3 line 2 |\n', 'Col 3 line 2 |\n\nA new table:\n\n| a | b |\n| - | - |\n| 1 | 2 |\n']],
    },
  ],
  'construct-tables': [
    {
      name: 'merge-undone',
      section: null,
      replace: [
        [
          '{!cell, colspan:2}\nMerged across\n{!cell}\n{!empty}\n',
          '{!cell}\nMerged across\n{!cell}\nnow split\n',
        ],
      ],
    },
  ],
  'construct-named-ranges': [
    { name: 'anchor-dropped', section: null, replace: [['Alpha {^ kix.range00001}beta', 'Alpha beta']] },
    { name: 'anchor-proposed', section: null, replace: [['epsilon.', 'epsilon, {^}zeta.']] },
  ],
  'construct-footnotes': [
    { name: 'footnote-text', section: null, replace: [['Second note.', 'Second, longer note 😀.']] },
    {
      name: 'footnote-new',
      section: null,
      replace: [['another[^2].', 'another[^2], new[^9].\n\n[^9]: New.']],
    },
  ],
  'construct-suggestions': [
    { name: 'edit-beside-suggestion', section: null, replace: [['The plan', 'Our plan']] },
    {
      name: 'suggestion-changed-refused',
      section: null,
      replace: [['not {/!}', 'no {/!}']],
      error: 'ValidationError',
    },
  ],
  [IMAGES]: [
    {
      name: 'image-inserted',
      section: null,
      replace: [
        [
          '{^= kix.4dmdp8b4zkkv image}',
          '{^= kix.4dmdp8b4zkkv image}\n\nA chart: ![Chart](https://example.com/chart.png)',
        ],
      ],
    },
  ],
};

function firstTable(doc: MebdfDocument): TableBlock {
  return doc.blocks.find((b): b is TableBlock => b.type === 'table')!;
}

const ROOT = new URL('../golden/', import.meta.url);
const UPDATE = process.env.UPDATE === '1';

function file(dir: string, name: string): URL {
  return new URL(`${dir}/${name}`, ROOT);
}

function load(dir: string): Document {
  return JSON.parse(readFileSync(file(dir, 'document.json'), 'utf8')) as Document;
}

function current(doc: Document, section: string | null): string {
  return section === null ? exportTab(doc).content : exportSection(doc, undefined, section).content;
}

describe('golden imports', () => {
  for (const [dir, edits] of Object.entries(CASES)) {
    for (const edit of edits) {
      it(`${dir.slice(0, 50)}: ${edit.name}`, async () => {
        const be = new MemoryBackend(load(dir));
        const before = current(be.doc, edit.section);
        const editedFile = file(dir, `edited-${edit.name}.md`);
        if (UPDATE || !existsSync(editedFile)) {
          let text = before;
          for (const [from, to] of edit.replace) {
            expect(text, `replacement source for ${edit.name}`).toContain(from);
            text = text.replace(from, to);
          }
          if (edit.model) {
            const doc = parseMebdf(text);
            edit.model(doc);
            text = stringifyMebdf(doc);
          }
          writeFileSync(editedFile, text);
        }
        const edited = readFileSync(editedFile, 'utf8');
        const options = edit.allowDeletions ? { allow_deletions: true } : {};
        let outcome: unknown;
        try {
          const r =
            edit.section === null
              ? await importTabService(be, { document_id: 'doc' }, edited, options)
              : await importSectionService(
                  be,
                  { document_id: 'doc', anchor_id: edit.section },
                  edited,
                  options,
                );
          outcome = {
            requests: r.requests,
            new_headings: r.new_headings,
            preserved_objects: r.preserved_objects,
          };
        } catch (e) {
          if (!(e instanceof GdocError)) throw e;
          outcome = { error: e.type, message: e.message };
        }
        const result = current(be.doc, edit.section);
        const reqFile = file(dir, `requests-${edit.name}.json`);
        const resFile = file(dir, `result-${edit.name}.md`);
        if (UPDATE || !existsSync(reqFile) || !existsSync(resFile)) {
          writeFileSync(reqFile, `${JSON.stringify(outcome, null, 2)}\n`);
          writeFileSync(resFile, result);
        }
        if (edit.error) {
          expect(outcome).toMatchObject({ error: edit.error });
          expect(result).toBe(before);
        } else {
          expect(outcome).not.toHaveProperty('error');
          expect(result).not.toBe(before);
        }
        expect(outcome).toEqual(JSON.parse(readFileSync(reqFile, 'utf8')));
        expect(result).toBe(readFileSync(resFile, 'utf8'));
      });
    }
  }
});

/**
 * New smart chips (grammar §2, "Anchors and embeds"): a chip placeholder without an id whose
 * caption is the chip's value is a chip to create, written as an exported chip reads without its
 * id. Each spelling lints clean, parses to an id-less embed, formats as itself, imports into a new
 * document and into an existing section with exactly one insertPerson / insertDate /
 * insertRichLink, and re-exports as written plus the id Docs gave the chip.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { formatMebdf, lintMebdf, parseMebdf } from '../../src/mebdf/index.js';
import { MemoryBackend } from '../import/memory-backend.js';

interface ChipCase {
  written: string;
  /** The one request that inserts it, without its location. */
  request: Record<string, unknown>;
}

const CASES: Record<string, ChipCase> = {
  'a person by email': {
    written: '{^= person "ada@example.com"}',
    request: { insertPerson: { personProperties: { email: 'ada@example.com' } } },
  },
  'a date in ISO 8601': {
    written: '{^= date "2026-11-24"}',
    request: {
      insertDate: {
        dateElementProperties: { timestamp: '2026-11-24T00:00:00Z', dateFormat: 'DATE_FORMAT_ISO8601' },
      },
    },
  },
  'a date as Docs shows it by default': {
    written: '{^= date "Nov 24, 2026"}',
    request: {
      insertDate: {
        dateElementProperties: {
          timestamp: '2026-11-24T00:00:00Z',
          dateFormat: 'DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED',
        },
      },
    },
  },
  'a rich link': {
    written: '{^= richlink "https://docs.google.com/document/d/1abc/edit"}',
    request: {
      insertRichLink: { richLinkProperties: { uri: 'https://docs.google.com/document/d/1abc/edit' } },
    },
  },
};

/** An exported chip without its id: how the re-export of a new chip compares with what was written. */
const withoutIds = (text: string): string => text.replace(/\{\^= kix\.[a-z0-9]+ /g, '{^= ');
const inserts = (backend: MemoryBackend): Request[] =>
  backend.writes
    .flatMap((w) => w.requests ?? [])
    .filter((r) => /^insert(Person|Date|RichLink)$/.test(Object.keys(r)[0]!));

function newDocument(): MemoryBackend {
  return new MemoryBackend({
    title: 'New',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  } as Document);
}

const FIXTURE = 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json';
const SECTION = 'h.ryalwp7mpmhm';
function existingDocument(): MemoryBackend {
  const text = readFileSync(new URL(`../fixtures/real/${FIXTURE}`, import.meta.url), 'utf8');
  return new MemoryBackend(JSON.parse(text) as Document);
}

describe('a new chip', () => {
  for (const [name, c] of Object.entries(CASES)) {
    describe(name, () => {
      const line = `Ask ${c.written} today.`;

      it('lints clean, parses to an embed without an id, and formats as itself', () => {
        expect(lintMebdf(line)).toEqual([]);
        expect(formatMebdf(line)).toBe(`${line}\n`);
        const [kind, caption] = c.written.slice(4, -1).split(' "');
        expect(parseMebdf(line).blocks[0]).toMatchObject({
          inlines: [
            { type: 'text' },
            { type: 'embed', id: '', kind, caption: caption!.slice(0, -1) },
            { type: 'text' },
          ],
        });
      });

      it('imports into a new document with one insert, and re-exports as written with its id', async () => {
        const backend = newDocument();
        await importTabService(backend, { document_id: 'doc' }, `${line}\n`);
        expect(inserts(backend)).toEqual([
          {
            [Object.keys(c.request)[0]!]: {
              ...Object.values(c.request)[0]!,
              location: { index: 5, tabId: 't.0' },
            },
          },
        ]);
        const exported = exportTab(backend.doc).content;
        expect(exported).toMatch(/\{\^= kix\.[a-z0-9]+ /);
        expect(withoutIds(exported)).toBe(formatMebdf(line));
      });

      it('imports into an existing section, and re-exports as written with its id', async () => {
        const backend = existingDocument();
        const current = exportSection(backend.doc, undefined, SECTION).content;
        const edited = `${current}\n${line}\n`;
        const result = await importSectionService(
          backend,
          { document_id: 'doc', anchor_id: SECTION },
          edited,
        );
        expect(inserts(backend)).toHaveLength(1);
        expect(result.warnings).toEqual([]);
        expect(withoutIds(exportSection(backend.doc, undefined, SECTION).content)).toBe(formatMebdf(edited));
      });
    });
  }

  it('beside an existing chip, which keeps its id and place', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, 'Owner {^= person "ada@example.com"}.\n');
    const current = exportTab(backend.doc).content;
    const edited = current.replace('.\n', ', reviewer {^= person "Grace Hopper <grace@example.com>"}.\n');
    await importTabService(backend, { document_id: 'doc' }, edited);
    const after = exportTab(backend.doc).content;
    expect(after.startsWith(current.slice(0, -2))).toBe(true);
    expect(withoutIds(after)).toBe(
      'Owner {^= person "ada@example.com"}, reviewer {^= person "Grace Hopper"}.\n',
    );
    expect(inserts(backend).at(-1)).toMatchObject({
      insertPerson: { personProperties: { email: 'grace@example.com', name: 'Grace Hopper' } },
    });
  });

  it('a chip placeholder without an id whose caption is not a value is refused, saying how to create one', async () => {
    for (const written of [
      '{^= date "2026-02-30"}',
      '{^= person "Ada"}',
      '{^= richlink "http://example.com"}',
    ]) {
      const backend = newDocument();
      const attempt = importTabService(backend, { document_id: 'doc' }, `Ask ${written}.\n`);
      await expect(attempt).rejects.toThrow(ValidationError);
      await expect(attempt).rejects.toThrow(/no value to create/);
      expect(backend.writes).toEqual([]);
    }
  });
});

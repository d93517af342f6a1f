/**
 * Styled text inside links: the exporter and the importer agree, so a link's text keeps its
 * formatting across an import and a re-export, in body text, list items, headings and footnotes.
 * A link's underline and its blue (#1155cc) are Google's link chrome: Docs stores them on every
 * link, so `{!underline}` inside a link says what the link already does and reads back as the plain
 * link (grammar §3, values equal to what the text inherits), in footnotes too.
 */
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { MemoryBackend } from '../import/memory-backend.js';

const URL = 'https://example.com/a';

/** Styles inside a link that read back exactly as written. */
const STYLED = [
  '**bold**',
  '*italic*',
  '~~struck~~',
  '`mono`',
  '{!sup}sup{/!}',
  '{!sub}sub{/!}',
  '{!smallcaps}caps{/!}',
  '{!font:Roboto}font{/!}',
  '{!weight:Semi Bold}weight{/!}',
  '{!size:14pt}size{/!}',
  '{!color:#cc0000}red{/!}',
  '{!highlight:#ffff00}marked{/!}',
  '{!smallcaps, color:#cc0000}red caps{/!}',
];

/** Where a link can sit: the text written around `[…](url)`, and how it reads back. */
const PLACES: Array<[string, (link: string) => string]> = [
  ['a paragraph', (link) => `Before ${link} after.`],
  ['a list item', (link) => `- Item ${link}`],
  ['a footnote', (link) => `Claim[^1].\n\n[^1]: See ${link}.`],
];

function newDocument(): MemoryBackend {
  return new MemoryBackend({
    title: 'New',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  } as Document);
}

async function roundTrip(text: string): Promise<string> {
  const backend = newDocument();
  await importTabService(backend, { document_id: 'doc' }, `${text}\n`);
  return exportTab(backend.doc).content;
}

describe('styled text inside a link round-trips', () => {
  for (const [place, around] of PLACES) {
    it(`in ${place}`, async () => {
      for (const styled of STYLED) {
        const text = around(`[plain ${styled} plain](${URL})`);
        expect(await roundTrip(text), text).toBe(formatMebdf(text));
      }
    });
  }

  it('in a heading', async () => {
    const text = `## Heading [**bold** {!color:#cc0000}red{/!}](${URL})`;
    expect((await roundTrip(text)).replace(/\{\^ h\.[a-z0-9]+\}/, '')).toBe(formatMebdf(text));
  });
});

describe("a link's underline and blue are Google's link chrome", () => {
  for (const [place, around] of PLACES) {
    it(`\`{!underline}\` inside a link in ${place} reads back as the link`, async () => {
      for (const inner of ['{!underline}x{/!}', '{!underline}x{/!} y', '{!color:#1155cc}x{/!}']) {
        const text = around(`[${inner}](${URL})`);
        const plain = around(`[${inner.replace(/\{!(underline|color:#1155cc)\}|\{\/!\}/g, '')}](${URL})`);
        expect(await roundTrip(text), text).toBe(formatMebdf(plain));
      }
    });
  }

  it('Docs stores the chrome on the link: an unchanged re-import sends nothing', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, `A [link **bold**](${URL}).\n`);
    const runs = backend.doc.tabs![0]!.documentTab!.body!.content!.flatMap(
      (e) => e.paragraph?.elements ?? [],
    );
    const linked = runs.filter((r) => r.textRun?.textStyle?.link);
    expect(linked.length).toBeGreaterThan(0);
    for (const r of linked) expect(r.textRun!.textStyle!.underline).toBe(true);
    const again = await importTabService(backend, { document_id: 'doc' }, exportTab(backend.doc).content);
    expect(again.requests).toEqual([]);
  });
});

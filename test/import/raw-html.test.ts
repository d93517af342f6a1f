/**
 * Raw HTML through Docs (grammar §4): an HTML block becomes one paragraph of its source lines and
 * inline HTML its source text, each marked by a `mebdf-html` named range, and both come back as the
 * same HTML after an import, an edit around and inside them, and new paragraphs after them; text a
 * person edits into something that is no longer that HTML comes back as escaped text.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('HTML');

function bodyText(backend: MemoryBackend): string {
  const tab = backend.doc.tabs![0]!.documentTab!;
  return tab
    .body!.content!.map((se) => (se.paragraph?.elements ?? []).map((e) => e.textRun?.content ?? '').join(''))
    .join('');
}

/** The text under each named range, by name, in document order. */
function ranges(backend: MemoryBackend): Array<{ name: string; text: string }> {
  const tab = backend.doc.tabs![0]!.documentTab!;
  const text = bodyText(backend);
  const out: Array<{ name: string; text: string; start: number }> = [];
  for (const group of Object.values(tab.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      const r = nr.ranges![0]!;
      // Body indices start at 1 (the section break holds index 0).
      const start = r.startIndex ?? 0;
      out.push({ name: nr.name!, text: text.slice(start - 1, (r.endIndex ?? 0) - 1), start });
    }
  }
  return out.sort((a, b) => a.start - b.start).map(({ name, text }) => ({ name, text }));
}

/** The body index of the first occurrence of `needle` (body indices start at 1). */
function indexOf(backend: MemoryBackend, needle: string): number {
  return bodyText(backend).indexOf(needle) + 1;
}

const DOC = 'Intro with <b class="x">bold</b> text.\n\n<div>\n*not emphasis*\n</div>\n\nAfter.\n';

describe('raw HTML', () => {
  it('imports as its source text marked by mebdf-html ranges, says so, and exports as the same HTML', async () => {
    const backend = newDocument();
    const result = await importTabService(backend, { document_id: 'doc' }, DOC);
    expect(exportTab(backend.doc).content).toBe(DOC);
    expect(bodyText(backend)).toContain('<div>\u000b*not emphasis*\u000b</div>\n');
    expect(ranges(backend)).toEqual([
      { name: 'mebdf-html', text: '<b class="x">' },
      { name: 'mebdf-html', text: '</b>' },
      { name: 'mebdf-html', text: '<div>\u000b*not emphasis*\u000b</div>\n' },
    ]);
    expect(result.warnings.join(' ')).toMatch(/Raw HTML is kept as its source text: Google Docs has no HTML/);
  });

  it('keeps a line break `<br>` a break, a `\\<` literal text, and multi-line inline HTML one tag', async () => {
    const backend = newDocument();
    const text = 'a<br>b \\<i> c <a\nhref="x">d</a>\n';
    await importTabService(backend, { document_id: 'doc' }, text);
    expect(exportTab(backend.doc).content).toBe('a\\\nb \\<i> c <a\nhref="x">d</a>\n');
    expect(ranges(backend).map((r) => r.text)).toEqual(['<a\u000bhref="x">', '</a>']);
  });

  it('an edit of the HTML, of the text around it, and HTML written as text again, land exactly', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, DOC);
    const edited = DOC.replace('<b class="x">bold</b> text', '<i>bold</i> more text').replace(
      '*not emphasis*',
      '*still not*',
    );
    await importTabService(backend, { document_id: 'doc' }, edited);
    expect(exportTab(backend.doc).content).toBe(edited);
    expect(ranges(backend).map((r) => r.text)).toEqual([
      '<i>',
      '</i>',
      '<div>\u000b*still not*\u000b</div>\n',
    ]);

    const escaped = 'Intro with \\<i>bold\\</i> more text.\n\n\\<div> \\*still not\\* \\</div>\n\nAfter.\n';
    await importTabService(backend, { document_id: 'doc' }, escaped);
    expect(exportTab(backend.doc).content).toBe(escaped);
    expect(ranges(backend)).toEqual([]);
  });

  it('new paragraphs after an HTML block or a code block leave it one', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, 'A\n\n<div>\nx\n</div>\n');
    const more = 'A\n\n<div>\nx\n</div>\n\nB\n\n```\ncode\n```\n';
    await importTabService(backend, { document_id: 'doc' }, more);
    expect(exportTab(backend.doc).content).toBe(more);
    const most = `${more}\nC\n`;
    await importTabService(backend, { document_id: 'doc' }, most);
    expect(exportTab(backend.doc).content).toBe(most);
    // And the paragraphs after them deleted again.
    await importTabService(backend, { document_id: 'doc' }, 'A\n\n<div>\nx\n</div>\n');
    expect(exportTab(backend.doc).content).toBe('A\n\n<div>\nx\n</div>\n');
  });

  it('text a person types inside HTML is HTML while it reads as that HTML, and escaped text when not', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, DOC);
    const type = (text: string, index: number) =>
      backend.batchUpdate('doc', { requests: [{ insertText: { text, location: { index, tabId: 't.0' } } }] });
    // An attribute typed into the tag: still that tag.
    await type(' id="y"', indexOf(backend, ' class="x"'));
    expect(exportTab(backend.doc).content).toContain('Intro with <b id="y" class="x">bold</b> text.');
    // A quote typed into it that never closes: no tag any more, so plain text, nothing lost.
    await type('"', indexOf(backend, '</b>') + 2);
    const out = exportTab(backend.doc).content;
    expect(out).toContain('Intro with <b id="y" class="x">bold\\</"b> text.');
    // A blank line typed into a `<div>` block would end it: the paragraph is text again.
    await type('\u000b', indexOf(backend, '*not emphasis*'));
    const block = exportTab(backend.doc).content;
    expect(block).toContain('\\<div>\\\n\\\n\\*not emphasis\\*\\\n\\</div>');
    // The next import of what was exported writes nothing: the document says it already.
    const again = await importTabService(backend, { document_id: 'doc' }, block);
    expect(exportTab(backend.doc).content).toBe(block);
    expect(again.requests.length).toBe(0);
  });
});

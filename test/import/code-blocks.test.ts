/**
 * Code blocks through Docs (grammar §4): a fence becomes one mono paragraph marked by a
 * `mebdf-code` named range that carries its info string, and comes back as the same fence after an
 * import, an edit of its lines, a change of language, and when the marked paragraph stops being code.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('Code');

function codeRanges(backend: MemoryBackend): Array<{ name: string; text: string }> {
  const tab = backend.doc.tabs![0]!.documentTab!;
  const body = tab.body!.content!.map((se) =>
    (se.paragraph?.elements ?? []).map((e) => e.textRun?.content ?? '').join(''),
  );
  const text = body.join('');
  const out: Array<{ name: string; text: string }> = [];
  for (const group of Object.values(tab.namedRanges ?? {})) {
    for (const nr of group.namedRanges ?? []) {
      const r = nr.ranges![0]!;
      // Body indices start at 1 (the section break holds index 0).
      out.push({ name: nr.name!, text: text.slice((r.startIndex ?? 0) - 1, (r.endIndex ?? 0) - 1) });
    }
  }
  return out;
}

const DOC = 'Intro text.\n\n```python\ndef f():\n    return 1\n\nprint(f())\n```\n\nAfter the code.\n';

describe('code blocks', () => {
  it('import as one mono paragraph with soft breaks, marked with the language, and export as the same fence', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, DOC);
    expect(exportTab(backend.doc).content).toBe(DOC);
    expect(codeRanges(backend)).toEqual([
      { name: 'mebdf-code python', text: 'def f():\u000b    return 1\u000b\u000bprint(f())\n' },
    ]);
    const paragraph = backend.doc.tabs![0]!.documentTab!.body!.content!.find((se) =>
      se.paragraph?.elements?.[0]?.textRun?.content?.startsWith('def'),
    )!.paragraph!;
    const fonts = paragraph.elements!.filter((e) => /[^\n\u000b]/.test(e.textRun?.content ?? ''));
    expect(fonts.map((e) => e.textRun?.textStyle?.weightedFontFamily?.fontFamily)).toEqual([
      'Courier New',
      'Courier New',
      'Courier New',
    ]);
  });

  it('an edit of its lines, at its start, middle and end, keeps it a code block', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, DOC);
    const edited = DOC.replace('def f():', '# first\ndef f():')
      .replace('return 1', 'return 2')
      .replace('print(f())', 'print(f())\nprint("done")');
    const result = await importTabService(backend, { document_id: 'doc' }, edited);
    expect(exportTab(backend.doc).content).toBe(edited);
    expect(result.requests.length).toBeLessThanOrEqual(4);
    expect(codeRanges(backend)).toHaveLength(1);
  });

  it('a change of language replaces the mark, and a fence becomes a paragraph again without one', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, DOC);
    const js = DOC.replace('```python', '```js');
    await importTabService(backend, { document_id: 'doc' }, js);
    expect(exportTab(backend.doc).content).toBe(js);
    expect(codeRanges(backend).map((r) => r.name)).toEqual(['mebdf-code js']);

    const plain = 'Intro text.\n\n`def f():`\n\nAfter the code.\n';
    await importTabService(backend, { document_id: 'doc' }, plain);
    expect(exportTab(backend.doc).content).toBe(plain);
    expect(codeRanges(backend)).toEqual([]);
  });

  it('a mono paragraph becomes a code block in place', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, 'A\n\n`let x = 1;`\n\nB\n');
    const fenced = 'A\n\n```ts\nlet x = 1;\n```\n\nB\n';
    await importTabService(backend, { document_id: 'doc' }, fenced);
    expect(exportTab(backend.doc).content).toBe(fenced);
    expect(codeRanges(backend)).toEqual([{ name: 'mebdf-code ts', text: 'let x = 1;\n' }]);
  });

  it('a code block in a list item and an empty code block round-trip', async () => {
    const backend = newDocument();
    const text = '- step one\n- ```sh\n  npm test\n  ```\n\n```\n```\n';
    await importTabService(backend, { document_id: 'doc' }, text);
    expect(exportTab(backend.doc).content).toBe(text);
  });

  it('a paragraph someone styled inside the code reads as text again, with nothing lost', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, DOC);
    const tab = backend.doc.tabs![0]!.documentTab!;
    const range = Object.values(tab.namedRanges!)[0]!.namedRanges![0]!.ranges![0]!;
    await backend.batchUpdate('doc', {
      requests: [
        {
          updateTextStyle: {
            range: { startIndex: range.startIndex!, endIndex: range.startIndex! + 3, tabId: 't.0' },
            textStyle: { bold: true },
            fields: 'bold',
          },
        },
      ],
    });
    const out = exportTab(backend.doc).content;
    expect(out).not.toContain('```');
    expect(out).toContain('print(f())');
  });
});

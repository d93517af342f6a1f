/**
 * Block quotes and thematic breaks through Docs (grammar §4): a quoted paragraph is indented with a
 * bar on its left and marked `mebdf-quote <levels>`, a rule is an empty paragraph with a bottom
 * border marked `mebdf-rule`; both come back as the same Markdown after an import, after edits
 * around and inside them, and after what a person does in the editor.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Paragraph } from '../../src/ground/docs-json.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('Quotes');

function tab(backend: MemoryBackend) {
  return backend.doc.tabs![0]!.documentTab!;
}

/** The body's paragraphs with their text (soft breaks and newline dropped) and start index. */
function paragraphs(backend: MemoryBackend): Array<{ text: string; start: number; p: Paragraph }> {
  return tab(backend)
    .body!.content!.filter((se) => se.paragraph)
    .map((se) => ({
      text: (se.paragraph!.elements ?? [])
        .map((e) => e.textRun?.content ?? '')
        .join('')
        .replace(/\n$/, ''),
      start: se.startIndex ?? 0,
      p: se.paragraph!,
    }));
}

function paragraph(backend: MemoryBackend, text: string): Paragraph {
  const found = paragraphs(backend).find((x) => x.text === text);
  if (!found) throw new Error(`no paragraph ${text}`);
  return found.p;
}

function marks(backend: MemoryBackend): string[] {
  const names: string[] = [];
  for (const group of Object.values(tab(backend).namedRanges ?? {}))
    for (const nr of group.namedRanges ?? []) names.push(nr.name!);
  return names.filter((n) => n.startsWith('mebdf-quote') || n === 'mebdf-rule').sort();
}

async function write(backend: MemoryBackend, text: string) {
  const result = await importTabService(backend, { document_id: 'doc' }, text);
  expect(exportTab(backend.doc).content).toBe(text);
  return result;
}

const DOC = [
  'Intro.',
  '> A quote with **bold** text.\n>\n> > Nested once.\n>\n> - an item\n> - another\n>\n> ```js\n> let x = 1;\n> ```',
  '> A second quote.',
  '---',
  'After the rule.',
].join('\n\n');

describe('block quotes and thematic breaks', () => {
  it('import as indented, barred, marked paragraphs and bordered empty paragraphs, and export as the same Markdown', async () => {
    const backend = newDocument();
    await write(backend, `${DOC}\n`);
    expect(marks(backend)).toEqual([
      'mebdf-quote +',
      'mebdf-quote >',
      'mebdf-quote >',
      'mebdf-quote >',
      'mebdf-quote >',
      'mebdf-quote >>',
      'mebdf-rule',
    ]);
    const quoted = paragraph(backend, 'A quote with bold text.').paragraphStyle!;
    expect(quoted.indentStart?.magnitude).toBe(36);
    expect(quoted.borderLeft?.width?.magnitude).toBe(3);
    expect(paragraph(backend, 'Nested once.').paragraphStyle!.indentStart?.magnitude).toBe(72);
    // A list item in a quote: its level's indents, and the quote's on top.
    expect(paragraph(backend, 'an item').paragraphStyle!.indentStart?.magnitude).toBe(72);
    const intro = paragraph(backend, 'Intro.').paragraphStyle!;
    expect(intro.indentStart?.magnitude ?? 0).toBe(0);
    expect(intro.borderLeft?.width?.magnitude ?? 0).toBe(0);
    const rule = paragraph(backend, '').paragraphStyle!;
    expect(rule.borderBottom?.width?.magnitude).toBe(1);
    expect(exportTab(backend.doc).warnings).toEqual([]);
  });

  it('edits in and around quotes: a paragraph added, one taken out of its quote, a nesting changed', async () => {
    const backend = newDocument();
    await write(backend, '> a\n>\n> b\n\nc\n');
    await write(backend, '> a\n>\n> new\n>\n> b\n\nc\n\n> d\n');
    await write(backend, '> a\n\nnew\n\n> > b\n\nc\n\n> d\n');
    const taken = paragraph(backend, 'new').paragraphStyle!;
    expect(taken.indentStart?.magnitude ?? 0).toBe(0);
    expect(taken.borderLeft?.width?.magnitude ?? 0).toBe(0);
    await write(backend, 'a\n\nnew\n\nb\n\nc\n\nd\n');
    expect(marks(backend)).toEqual([]);
  });

  it('keeps a rule and an empty quoted paragraph where they are when text is added after them', async () => {
    const backend = newDocument();
    await write(backend, 'a\n\n---\n');
    await write(backend, 'a\n\n---\n\nb\n');
    expect(marks(backend)).toEqual(['mebdf-rule']);
    expect(paragraph(backend, 'b').paragraphStyle!.borderBottom?.width?.magnitude ?? 0).toBe(0);
    await write(backend, 'a\n\n> {!}\n');
    await write(backend, 'a\n\n> {!}\n\nb\n');
  });

  it('an indent inside a quote is said from the margin, as the paragraph shows it', async () => {
    const backend = newDocument();
    await write(backend, '> {!indent-left:90pt}a\n\nb\n');
    expect(paragraph(backend, 'a').paragraphStyle!.indentStart?.magnitude).toBe(90);
  });

  it('a paragraph split off a quote in the editor stays in the quote; text typed into a rule makes it text', async () => {
    const backend = newDocument();
    await write(backend, '> > one two\n\n---\n');
    const one = paragraphs(backend).find((x) => x.text === 'one two')!;
    await backend.batchUpdate('doc', {
      requests: [{ insertText: { text: '\n', location: { index: one.start + 3, tabId: 't.0' } } }],
    });
    expect(exportTab(backend.doc).content).toBe('> > one\n> >\n> > &#x20;two\n\n---\n');
    const rule = paragraphs(backend).find((x) => x.text === '')!;
    await backend.batchUpdate('doc', {
      requests: [{ insertText: { text: 'typed', location: { index: rule.start, tabId: 't.0' } } }],
    });
    const out = exportTab(backend.doc);
    expect(out.content).toBe('> > one\n> >\n> > &#x20;two\n\ntyped\n');
    expect(out.warnings.join(' ')).toMatch(/borders/);
  });
});

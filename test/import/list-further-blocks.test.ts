/**
 * Further blocks of a list item through Docs (grammar §4, "List items of several blocks"): each is
 * a paragraph without bullet indented to its item's text and marked `mebdf-item`, the items after
 * it staying in the item's list; they come back as the same Markdown after an import and after
 * edits, and an indented paragraph after an item without the mark stays an ordinary paragraph.
 */
import { describe, expect, it } from 'vitest';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Paragraph } from '../../src/ground/docs-json.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('Items');

function tab(backend: MemoryBackend) {
  return backend.doc.tabs![0]!.documentTab!;
}

function paragraph(backend: MemoryBackend, text: string): Paragraph {
  for (const se of tab(backend).body!.content!) {
    const content = (se.paragraph?.elements ?? []).map((e) => e.textRun?.content ?? '').join('');
    if (content.replace(/\n$/, '') === text) return se.paragraph!;
  }
  throw new Error(`no paragraph ${text}`);
}

function itemMarks(backend: MemoryBackend): number {
  let n = 0;
  for (const group of Object.values(tab(backend).namedRanges ?? {}))
    for (const nr of group.namedRanges ?? []) if (nr.name === 'mebdf-item') n++;
  return n;
}

async function write(backend: MemoryBackend, text: string) {
  const result = await importTabService(backend, { document_id: 'doc' }, text);
  expect(exportTab(backend.doc).content).toBe(text);
  return result;
}

const DOC = [
  'Intro.',
  '- first item\n\n  its second paragraph\n\n  - nested\n\n    ```\n    code under nested\n    ```\n\n  > quoted under first\n\n- second item',
  'After.',
].join('\n\n');

describe('list items of several blocks', () => {
  it('import as marked paragraphs without bullet indented to the item text, in one list, and export as the same Markdown', async () => {
    const backend = newDocument();
    await write(backend, `${DOC}\n`);
    expect(itemMarks(backend)).toBe(3);
    const further = paragraph(backend, 'its second paragraph');
    const first = paragraph(backend, 'first item');
    expect(further.bullet).toBeUndefined();
    const level0 = tab(backend).lists![first.bullet!.listId!]!.listProperties!.nestingLevels![0]!;
    expect(further.paragraphStyle?.indentStart?.magnitude).toBe(level0.indentStart?.magnitude);
    expect(further.paragraphStyle?.indentFirstLine?.magnitude).toBe(level0.indentStart?.magnitude);
    expect(paragraph(backend, 'second item').bullet?.listId).toBe(first.bullet!.listId);
    const nested = tab(backend).lists![first.bullet!.listId!]!.listProperties!.nestingLevels![1]!;
    const code = paragraph(backend, 'code under nested');
    expect(code.paragraphStyle?.indentStart?.magnitude).toBe(nested.indentStart?.magnitude);
    const quoted = paragraph(backend, 'quoted under first');
    expect(quoted.paragraphStyle?.indentStart?.magnitude).toBe((level0.indentStart?.magnitude ?? 0) + 36);
    expect(quoted.paragraphStyle?.borderLeft).toBeDefined();
  });

  it('send nothing when imported as exported', async () => {
    const backend = newDocument();
    await write(backend, `${DOC}\n`);
    const writes = backend.writes.length;
    await write(backend, exportTab(backend.doc).content);
    expect(backend.writes).toHaveLength(writes);
  });

  it('take edits: text changed inside one, one added after an existing item, one made an item', async () => {
    const backend = newDocument();
    await write(backend, '- a\n- b\n- c\n');
    await write(backend, '- a\n\n  more about a\n\n- b\n\n- c\n');
    await write(backend, '- a\n\n  more about a, edited\n\n- b\n\n- c\n');
    expect(itemMarks(backend)).toBe(1);
    await write(backend, '- a\n- more about a, edited\n- b\n- c\n');
    expect(itemMarks(backend)).toBe(0);
  });

  it('do not come from an indented paragraph after an item that has no mark', async () => {
    const backend = newDocument();
    await write(backend, '- a\n\n  b\n');
    const t = tab(backend);
    for (const key of Object.keys(t.namedRanges ?? {})) if (key === 'mebdf-item') delete t.namedRanges![key];
    const text = exportTab(backend.doc).content;
    expect(text).not.toContain('  b');
    expect(text).toMatch(/^- a\n\n\{!indent-left:/);
  });
});

/**
 * New blocks whose mark is a named range over their closing newline — a code block, an HTML
 * block, a rule, an empty quoted paragraph — followed by more new content at the end of a
 * section. What goes in after a paragraph is typed at its newline, so the mark of a block typed
 * first grew over what came after it, or went past a table inserted there: the block read back
 * as plain text ("code would be unset", a VerificationError). Now the rest goes in first and the
 * block before it, or the block is the paragraph insertTable makes before a table. Found by
 * chains of five and six edits on a real document (seeds 58 and 60).
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { formatMebdf } from '../../src/mebdf/index.js';
import { loadReal } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const STENCILA = loadReal('stencila__encoda__test-fixture-2');
const TARGET = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.gk1z57d113ai' };
const LAST = '*Figure 2. Code chunk caption.*\n{!}\n';
const TABLE = '| a | b |\n| - | - |\n| c | d |';

function marks(be: MemoryBackend): string[] {
  const names: string[] = [];
  for (const group of Object.values(be.doc.tabs![0]!.documentTab!.namedRanges ?? {}))
    for (const range of group.namedRanges ?? []) names.push(range.name!);
  return names.filter((n) => n.startsWith('mebdf-')).sort();
}

describe('a new block whose mark covers its newline, with new content after it', () => {
  const blocks = [
    ['mebdf-code js', '```js\nconst total = 1;\nreturn total;\n```'],
    ['mebdf-html', '<div>\nhtml\n</div>'],
    ['mebdf-rule', '---'],
    ['mebdf-quote >', '> {!}'],
  ] as const;
  for (const [mark, block] of blocks) {
    for (const [name, after] of [
      ['a table', ''],
      ['text, then a table', 'Text after it.\n\n'],
      ['an empty paragraph, then a table', '{!}\n\n'],
    ] as const) {
      it(`${mark}, then ${name}, keeps its mark`, async () => {
        const be = new MemoryBackend(STENCILA);
        const section = exportSection(be.doc, 't.0', TARGET.anchor_id).content;
        expect(section).toContain(LAST);
        const edited = section.replace(LAST, `${LAST.slice(0, -4)}\n\n${block}\n\n${after}${TABLE}\n\n{!}\n`);
        await importSectionService(be, TARGET, edited);
        expect(marks(be)).toEqual([mark]);
        // The empty paragraph after the table is the one Docs keeps last: the export leaves it out.
        expect(exportSection(be.doc, 't.0', TARGET.anchor_id).content).toBe(
          formatMebdf(edited).replace(/\n\{!\}\n$/, ''),
        );
      });
    }
  }
});

// The paragraph insertTable makes before a new table splits from the paragraph there, and copies
// its look: before a new quote, the quote's indent and bar ("indentLeft 36 instead of unset", a
// VerificationError). Found by a chain of six edits (seed 61).
describe('a new table right before a new quote', () => {
  it('leaves the paragraph Docs makes before it without the quote look', async () => {
    const doc = loadReal('think41__extrasuite__create_tab_named_range_footnote_write.base');
    const be = new MemoryBackend(doc);
    const target = { document_id: 'doc', tab_id: 't.0', anchor_id: '' };
    const section = exportSection(be.doc, 't.0', '').content;
    const edited = `${TABLE}\n\n> A quoted line.\n\n${section}`;
    await importSectionService(be, target, edited);
    expect(marks(be)).toEqual(['mebdf-quote >']);
    expect(exportSection(be.doc, 't.0', '').content).toBe(formatMebdf(edited));
  });
});

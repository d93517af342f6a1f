/**
 * Headings Docs gave no heading id (documents converted from other formats) are addressed by an
 * ordinal anchor, `{^ h.synthetic-N}`, which an export shows where something needs it. Changing
 * such a heading's level gives it a real id (Docs does so when a paragraph's style becomes a
 * heading), and the headings after it are numbered anew: the import lands either way.
 */
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

const heading = (text: string, level: number) => para(text, { namedStyleType: `HEADING_${level}` });
const doc = () =>
  makeDoc({
    blocks: [
      heading('Top', 1),
      para('Intro'),
      heading('Middle', 2),
      para('Body'),
      heading('End', 2),
      para(''),
    ],
  });

describe('headings without a Docs heading id', () => {
  for (const anchored of [false, true])
    it(`one made a level deeper${anchored ? ', written with its anchors' : ''}: lands`, async () => {
      const be = new MemoryBackend(doc());
      const content = exportSection(be.doc, 't.0', 'h.synthetic-1').content;
      const text = anchored
        ? content
            .replace('## Middle', '## {^ h.synthetic-2}Middle')
            .replace('## End', '## {^ h.synthetic-3}End')
        : content;
      const edited = text.replace(/## (\{\^ h\.synthetic-2\})?Middle/, '### $1Middle');
      expect(edited).not.toBe(text);
      await importSectionService(be, { document_id: 'doc', anchor_id: 'h.synthetic-1' }, edited);
      const after = exportTab(be.doc).content;
      expect(after).toContain('### Middle\n');
      expect(after).toContain('## End\n');
      const middle = be.doc.tabs![0]!.documentTab!.body!.content!.find(
        (se) => se.paragraph?.elements?.[0]?.textRun?.content === 'Middle\n',
      );
      expect(middle?.paragraph?.paragraphStyle?.headingId).toMatch(/^h\./);
    });
});

/**
 * A heading moved to another level (`##` made `###`): its named style changes, and its runs are
 * written only where what they read as under the new named style (their explicit Docs style kept)
 * differs from what the text says. A heading whose text is a pending suggestion is restyled
 * without touching that text (restyling it was refused as changing suggested text), and an
 * explicit value its new named style gives is left to it.
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

function doc(heading: ReturnType<typeof para>): Document {
  return makeDoc({
    blocks: [
      para('Top', { namedStyleType: 'HEADING_1', headingId: 'h.top' }),
      para('Intro.'),
      heading,
      para('Body.'),
    ],
  });
}

async function deeper(d: Document) {
  const be = new MemoryBackend(d);
  const section = exportSection(be.doc, undefined, 'h.top').content;
  const edited = section.replace('\n## ', '\n### ');
  expect(edited).not.toBe(section);
  await importSectionService(be, { document_id: 'doc', anchor_id: 'h.top' }, edited);
  return { be, edited };
}

describe('a heading moved to another level', () => {
  it('a suggested heading: its named style changes, its suggested text stays as it is', async () => {
    const { be, edited } = await deeper(
      doc(
        para([text('Proposed', {}, { suggestedInsertionIds: ['suggest.a'] })], {
          namedStyleType: 'HEADING_2',
          headingId: 'h.sub',
        }),
      ),
    );
    expect(exportSection(be.doc, undefined, 'h.top').content).toBe(edited);
    expect(be.writes[0]!.requests!.map((r) => Object.keys(r)[0])).toEqual(['updateParagraphStyle']);
  });

  it('a heading whose text has an explicit value: written only where it reads otherwise', async () => {
    const { be, edited } = await deeper(
      doc(para([text('Slanted', { italic: true })], { namedStyleType: 'HEADING_2', headingId: 'h.sub' })),
    );
    expect(exportSection(be.doc, undefined, 'h.top').content).toBe(edited);
    const kinds = be.writes[0]!.requests!.map((r) => Object.keys(r)[0]);
    expect(kinds).toEqual(['updateParagraphStyle']);
  });

  it("a value equal to the old named style's, unsaid, that the new one reads otherwise: cleared", async () => {
    // 16pt is Heading 2's size (the export leaves it unsaid); under Heading 3 (14pt) it would show.
    const { be, edited } = await deeper(
      doc(
        para([text('Sized', { fontSize: { magnitude: 16, unit: 'PT' } })], {
          namedStyleType: 'HEADING_2',
          headingId: 'h.sub',
        }),
      ),
    );
    expect(edited).toContain('### Sized\n');
    expect(exportSection(be.doc, undefined, 'h.top').content).toBe(edited);
    const restyle = be.writes[0]!.requests!.find((r) => r.updateTextStyle)?.updateTextStyle;
    expect(restyle?.fields).toBe('fontSize');
  });
});

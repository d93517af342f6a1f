/**
 * A new list whose outer item holds a numbered sub-item and then a bulleted one, with an outer
 * item after them. Bulleted set by set, the last set (the bulleted sub-item and the outer item)
 * made a list of its own: createParagraphBullets joins only the list right before it, the
 * numbered one, so the outer item read back as a new list (a verification error). The stretch is
 * bulleted as one set in the outer preset, and the numbered sub-item as a list of its own after.
 */
import { describe, expect, it } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

describe('sub-items of two kinds under one outer item', () => {
  it('the outer items stay one list, the numbered sub-item a list of its own nested in it', async () => {
    const be = new MemoryBackend(
      makeDoc({ blocks: [para('Top', { namedStyleType: 'HEADING_1', headingId: 'h.top' }), para('Intro.')] }),
    );
    const section = exportSection(be.doc, undefined, 'h.top').content;
    const list = '- First point.\n  1. A numbered sub-item.\n  - Second point.\n- Third point.\n';
    const edited = `${section.trimEnd()}\n\n${list}`;
    await importSectionService(be, { document_id: 'doc', anchor_id: 'h.top' }, edited);
    expect(exportSection(be.doc, undefined, 'h.top').content).toContain(list);
    // In Docs: the bulleted items in one list, the numbered one in another.
    const lists = new Map<string, string>();
    for (const se of be.doc.tabs![0]!.documentTab!.body!.content ?? []) {
      const text = se.paragraph?.elements
        ?.map((e) => e.textRun?.content ?? '')
        .join('')
        .trim();
      if (se.paragraph?.bullet?.listId && text) lists.set(text, se.paragraph.bullet.listId);
    }
    expect(lists.get('Third point.')).toBe(lists.get('First point.'));
    expect(lists.get('Second point.')).toBe(lists.get('First point.'));
    expect(lists.get('A numbered sub-item.')).not.toBe(lists.get('First point.'));
  });
});

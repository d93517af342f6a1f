/**
 * Nested items that are a Docs list of their own (the Docs editor makes them so when bullets are
 * started under numbered items): they read as nested in the outer item before them. A new outer
 * item typed right after them goes on the outer items' list, which is not the list right before
 * it: a plain bullet would join that nested list, or start one, and read back as another list.
 * So does one typed, or a paragraph made one, after a new sub-item under them (list-rebuild.ts
 * bullets the outer items anew as one set, the nested bullets as lists of their own).
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { makeDoc, para } from '../export/builder.js';
import { listIdOf } from './list-docs.js';
import { MemoryBackend } from './memory-backend.js';

const item = (t: string, listId: string, level = 0) =>
  para(
    t,
    {
      indentStart: { magnitude: 36 + 36 * level, unit: 'PT' },
      indentFirstLine: { magnitude: 18 + 36 * level, unit: 'PT' },
    },
    { bullet: { listId, ...(level ? { nestingLevel: level } : {}), textStyle: {} } },
  );

const doc = (): Document =>
  makeDoc({
    blocks: [
      item('One', 'E'),
      item('Two', 'E'),
      item('Sub a', 'K', 1),
      item('Sub b', 'K', 1),
      para('After'),
      para(''),
    ],
    lists: {
      E: { listProperties: { nestingLevels: presetLevels('NUMBERED_DECIMAL_ALPHA_ROMAN') } },
      K: { listProperties: { nestingLevels: presetLevels('BULLET_DISC_CIRCLE_SQUARE') } },
    },
  });

describe('a new outer item after nested items of a Docs list of their own', () => {
  it('is in the outer items’ list, and reads back as written', async () => {
    const be = new MemoryBackend(doc());
    const content = exportTab(be.doc).content;
    expect(content).toContain('2. Two\n   - Sub a\n   - Sub b\n');
    const edited = content.replace('   - Sub b\n', '   - Sub b\n3. Three\n');
    await importTabService(be, { document_id: 'doc' }, edited);
    expect(exportTab(be.doc).content).toBe(stringifyMebdf(parseMebdf(edited)));
    const listOf = (text: string) => listIdOf(be.doc, text);
    expect(listOf('Three')).toBe(listOf('One'));
  });

  it('and two of them, the second with an item nested under it', async () => {
    const be = new MemoryBackend(doc());
    const content = exportTab(be.doc).content;
    const edited = content.replace('   - Sub b\n', '   - Sub b\n3. Three\n4. Four\n   - Sub c\n');
    await importTabService(be, { document_id: 'doc' }, edited);
    expect(exportTab(be.doc).content).toBe(stringifyMebdf(parseMebdf(edited)));
  });

  // Found by a chain of six edits on 1arcBS (seed 21): the new sub-item was bulleted as a list of
  // its own when typed, and the outer item after it, joining nothing, was another list.
  const cases: [string, string, string, string][] = [
    [
      'a new numbered sub-item under the last, then a new outer item',
      '   - Sub b\n',
      '   - Sub b\n     1. Num\n3. Three\n',
      'Three',
    ],
    [
      'a new numbered sub-item under the last, then the paragraph after made an outer item',
      '   - Sub b\n\nAfter\n',
      '   - Sub b\n     1. Num\n3. After\n',
      'After',
    ],
  ];
  for (const [name, was, items, outer] of cases)
    it(name, async () => {
      const be = new MemoryBackend(doc());
      const content = exportTab(be.doc).content;
      const edited = content.replace(was, items);
      expect(edited).not.toBe(content);
      await importTabService(be, { document_id: 'doc' }, edited);
      expect(exportTab(be.doc).content).toBe(stringifyMebdf(parseMebdf(edited)));
      const listOf = (text: string) => listIdOf(be.doc, text);
      expect(listOf(outer)).toBeDefined();
      expect(listOf(outer)).toBe(listOf('One'));
    });
});

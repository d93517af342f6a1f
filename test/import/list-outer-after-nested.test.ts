/**
 * Nested items that are a Docs list of their own (the Docs editor makes them so when bullets are
 * started under numbered items): they read as nested in the outer item before them. A new outer
 * item typed right after them goes on the outer items' list, which is not the list right before
 * it: a plain bullet would join that nested list, or start one, and read back as another list.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';
import { makeDoc, para } from '../export/builder.js';
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
    const listOf = (text: string) =>
      be.doc.tabs![0]!.documentTab!.body!.content!.find(
        (se) => se.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`,
      )?.paragraph?.bullet?.listId;
    expect(listOf('Three')).toBe(listOf('One'));
  });

  it('and two of them, the second with an item nested under it', async () => {
    const be = new MemoryBackend(doc());
    const content = exportTab(be.doc).content;
    const edited = content.replace('   - Sub b\n', '   - Sub b\n3. Three\n4. Four\n   - Sub c\n');
    await importTabService(be, { document_id: 'doc' }, edited);
    expect(exportTab(be.doc).content).toBe(stringifyMebdf(parseMebdf(edited)));
  });
});

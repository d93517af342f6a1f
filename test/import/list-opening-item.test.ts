/**
 * A new item written before the first item of a list, after a paragraph that is no item: typed at
 * that item's start, the new paragraph copies its bullet and is an item of the same list (one
 * request). Typed after the paragraph before and bulleted, it would open a list of its own, and
 * the list key the text means would not hold.
 */
import { describe, expect, it } from 'vitest';
import { exportTab, resolveTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { listDef, makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

function load(kind: 'bullet' | 'ordered'): MemoryBackend {
  const item = (t: string) => para(t, {}, { bullet: { listId: 'kix.l' } });
  return new MemoryBackend(
    makeDoc({
      blocks: [para('Intro.'), item('First'), item('Second'), para('After.')],
      lists: { 'kix.l': listDef(kind) },
    }) as Document,
  );
}

const listIds = (be: MemoryBackend): (string | undefined)[] =>
  (resolveTab(be.doc, 't.0').content.body?.content ?? [])
    .filter((e) => e.paragraph?.bullet)
    .map((e) => e.paragraph?.bullet?.listId ?? undefined);

describe('a new item before the first item of a list', () => {
  for (const [kind, marker] of [
    ['bullet', '- '],
    ['ordered', '1. '],
  ] as const) {
    it(`joins that ${kind} list in one request`, async () => {
      const be = load(kind);
      const text = exportTab(be.doc).content;
      const at = text.indexOf(`${marker}First`);
      expect(at).toBeGreaterThan(0);
      const edited = `${text.slice(0, at)}${marker}New one\n${text.slice(at)}`;
      const result = await importTabService(be, { document_id: 'doc' }, edited);
      expect(result.requests).toHaveLength(1);
      expect(Object.keys(result.requests[0]!)).toEqual(['insertText']);
      expect(listIds(be)).toEqual(['kix.l', 'kix.l', 'kix.l']);
      expect(exportTab(be.doc).content).toBe(
        kind === 'bullet'
          ? edited
          : edited.replace(/^1\. First/m, '2. First').replace(/^2\. Second/m, '3. Second'),
      );
    });
  }
});

/**
 * Dry runs show the anchors a write will create as new (`{^}`, where the result shows a heading's
 * anchor at all), never an id the document will not have; a link to an anchor the tab does not have (and the import does not create) is a
 * ValidationError naming the closest existing one; links the section already had are left alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectLocal, errorOf, type Harness } from '../server/harness.js';

const SECTION = 'h.vfzix7fdzbxd';
let h: Harness;
afterEach(async () => await h?.close());

async function exportSection(anchors: 'linked' | 'all' = 'linked'): Promise<string> {
  const r = await h.client.callTool({
    name: 'export_section',
    arguments: { document_id: 'golden', anchor_id: SECTION, anchors },
  });
  return (r.structuredContent as { content: string }).content;
}

const importSection = async (content: string, dry_run = true) =>
  await h.client.callTool({
    name: 'import_section',
    arguments: { document_id: 'golden', anchor_id: SECTION, content, dry_run },
  });

describe('dry run and anchor links', () => {
  it('a dry run shows a new heading without an id and lists it as new; the write gives it a real id', async () => {
    h = await connectLocal();
    const content = `${await exportSection()}\n### New sub\n\nText.\n`;
    const dry = (await importSection(content)).structuredContent as {
      diff: string;
      new_headings: Array<{ anchor_id: string; text: string }>;
    };
    // No link points to it: shown as every such heading is, without an anchor (never a made-up id).
    expect(dry.diff).toContain('+### New sub');
    expect(dry.diff).not.toMatch(/\{\^ [^}]+\}New sub/);
    expect(dry.new_headings).toEqual([{ anchor_id: '', level: 3, text: 'New sub' }]);
    const written = (await importSection(content, false)).structuredContent as {
      new_headings: Array<{ anchor_id: string }>;
    };
    expect(written.new_headings[0]!.anchor_id).toMatch(/^h\./);
    expect(await exportSection('all')).toContain(`{^ ${written.new_headings[0]!.anchor_id}}New sub`);
  });

  it('a link to a missing anchor is a ValidationError suggesting the closest one, and nothing is written', async () => {
    h = await connectLocal();
    const before = await exportSection();
    const bad = `${before}\nSee [intro](#^h.klpxbx6hfx2) and [goals](#^Introductoin).\n`;
    for (const dry of [true, false]) {
      const error = errorOf(await importSection(bad, dry));
      expect(error.type).toBe('ValidationError');
      expect(error.message).toContain('#^h.klpxbx6hfx2');
      expect(error.suggestion).toContain('#^h.klpxbx6hfx27 (heading "Introduction")');
    }
    const byText = errorOf(await importSection(`${before}\nSee [goals](#^Introductoin).\n`));
    expect(byText.suggestion).toContain('#^h.klpxbx6hfx27');
    expect(await exportSection()).toBe(before);
  });

  it('links to existing headings and tabs are fine', async () => {
    h = await connectLocal();
    const content = `${await exportSection()}\nSee [intro](#^h.klpxbx6hfx27) and [the tab](#^t.0).\n`;
    const result = await importSection(content, false);
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
  });
});

/**
 * The stale-import loop through MCP without a `base`: export a section, a colleague edits it
 * (outside this server), the model imports its own edit of the old text. The colleague's edit is
 * never reverted: merged when the two edits touch different paragraphs, refused (with the current
 * content) when they touch the same one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { connectLocal, errorOf, type Harness } from '../server/harness.js';

const SECTION = 'h.ryalwp7mpmhm';
let h: Harness;
afterEach(async () => await h?.close());

async function exportSection(): Promise<{ content: string; base: string }> {
  const r = await h.client.callTool({
    name: 'export_section',
    arguments: { document_id: 'golden', anchor_id: SECTION },
  });
  return r.structuredContent as { content: string; base: string };
}

/** A colleague's edit, made straight in the store (this server never sees it). */
async function colleagueReplaces(from: string, to: string): Promise<void> {
  const other = new LocalBackend({ dir: h.dir });
  await other.batchUpdate('golden', {
    requests: [{ replaceAllText: { containsText: { text: from, matchCase: true }, replaceText: to } }],
  });
}

async function importSection(content: string, extra: Record<string, unknown> = {}) {
  return await h.client.callTool({
    name: 'import_section',
    arguments: { document_id: 'golden', anchor_id: SECTION, content, ...extra },
  });
}

describe('import_section without base after someone else edited the section', () => {
  it('merges an edit of another paragraph, keeping the colleague edit', async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    await colleagueReplaces('bold text', 'heavy text');
    const mine = content.replace('combined.', 'combined, and edited.');
    const result = await importSection(mine);
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as { warnings: string[]; base: string };
    expect(out.warnings[0]).toContain('Merged');
    const now = (await exportSection()).content;
    expect(now).toContain('heavy text');
    expect(now).toContain('combined, and edited.');
    expect(now).not.toContain('bold text');
  });

  it('refuses an edit of the same paragraph, naming it and carrying the current content', async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    await colleagueReplaces('bold text', 'heavy text');
    const result = await importSection(content.replace('in it.', 'in it, I think.'));
    const error = errorOf(result);
    expect(error.type).toBe('RevisionConflictError');
    expect(error.message).toContain('heavy text');
    expect(JSON.stringify(result)).toContain('heavy text');
    const now = (await exportSection()).content;
    expect(now).toContain('heavy text');
    expect(now).not.toContain('I think');
  });

  it('an unchanged import of the old text changes nothing the colleague wrote', async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    await colleagueReplaces('bold text', 'heavy text');
    const result = await importSection(content);
    expect(result.isError).toBeFalsy();
    expect((await exportSection()).content).toContain('heavy text');
  });

  it('the base returned by an import lets the next edit of the same text merge again', async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    await colleagueReplaces('bold text', 'heavy text');
    const first = content.replace('combined.', 'combined, and edited.');
    const r1 = await importSection(first);
    const { base } = r1.structuredContent as { base: string };
    // The model keeps editing its own copy (it never saw "heavy").
    const r2 = await importSection(first.replace('underlined text', 'underlined words'), { base });
    expect(r2.isError).toBeFalsy();
    const now = (await exportSection()).content;
    expect(now).toContain('heavy text');
    expect(now).toContain('underlined words');
    expect(now).toContain('combined, and edited.');
  });

  it('with an explicit base from the export, merges the same way', async () => {
    h = await connectLocal();
    const { content, base } = await exportSection();
    await colleagueReplaces('bold text', 'heavy text');
    const result = await importSection(content.replace('combined.', 'combined, and edited.'), { base });
    expect(result.isError).toBeFalsy();
    expect((await exportSection()).content).toContain('heavy text');
  });
});

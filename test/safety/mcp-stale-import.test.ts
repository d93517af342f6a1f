/**
 * The stale-import loop through MCP without a `base`: export a section, a colleague edits it
 * (outside this server), the model imports its own edit of the old text. The colleague's edit is
 * never reverted: merged when the two edits touch different paragraphs, refused (with the current
 * content) when they touch the same one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { connectClient, connectLocal, errorOf, type Harness } from '../server/harness.js';

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

describe('a client editing again what it just imported, without base', () => {
  it('edits the same words again: its own write is no colleague edit', async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    const first = content.replace('bold text', 'heavy text');
    expect((await importSection(first)).isError).toBeFalsy();
    // The model edits its own text again, the words it just wrote, and passes no base.
    const second = await importSection(first.replace('heavy text', 'weighty text'));
    expect(second.isError, JSON.stringify(second)).toBeFalsy();
    expect((await exportSection()).content).toContain('weighty text');
  });

  it('still merges a colleague edit made since its write, and refuses one of the same words', async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    const first = content.replace('bold text', 'heavy text');
    expect((await importSection(first)).isError).toBeFalsy();
    // A colleague edits another paragraph: merged.
    await colleagueReplaces('strikethrough text', 'struck text');
    const merged = await importSection(first.replace('heavy text', 'weighty text'));
    expect(merged.isError, JSON.stringify(merged)).toBeFalsy();
    const now = (await exportSection()).content;
    expect(now).toContain('struck text');
    expect(now).toContain('weighty text');
    // A colleague changes the words this client wrote; the client's next edit of them is refused.
    await colleagueReplaces('weighty text', 'massive text');
    const clash = await importSection(now.replace('weighty text', 'hefty text'));
    expect(errorOf(clash).type).toBe('RevisionConflictError');
    expect((await exportSection()).content).toContain('massive text');
  });

  it("is one client's: another connection to the same store does not start from it", async () => {
    h = await connectLocal();
    const { content } = await exportSection();
    const first = content.replace('bold text', 'heavy text');
    expect((await importSection(first)).isError).toBeFalsy();
    // A second client, on a server instance of its own over the same store and reads, edits the
    // words the first one wrote from the text it read before that write: a clash, refused.
    const other = await connectClient(h.deps);
    try {
      const clash = await other.callTool({
        name: 'import_section',
        arguments: {
          document_id: 'golden',
          anchor_id: SECTION,
          content: content.replace('bold text', 'solid text'),
        },
      });
      expect(errorOf(clash).type).toBe('RevisionConflictError');
    } finally {
      await other.close();
    }
  });
});

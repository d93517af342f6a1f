/**
 * The section, tab, find and create tools, as one suite run over two paths: the local store, and
 * the real Google backend talking to our Docs/Drive emulator. Each test starts from fresh copies
 * of the golden (one tab) and multi-tab fixtures.
 */
import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { errorOf } from './harness.js';

export interface Connected {
  client: Client;
  /** Whether documents can be put in folders on this path. */
  folders: boolean;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

async function call(client: Client, name: string, args: Json): Promise<Json> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Json;
}

interface Heading {
  anchor_id: string;
  level: number;
  text: string;
}

async function outline(client: Client, documentId: string, tabId?: string): Promise<Heading[]> {
  const h = await call(client, 'get_hierarchy', {
    document_id: documentId,
    ...(tabId ? { tab_id: tabId } : {}),
  });
  return h.headings as Heading[];
}

async function section(client: Client, documentId: string, anchorId: string): Promise<string> {
  return (await call(client, 'export_section', { document_id: documentId, anchor_id: anchorId }))
    .content as string;
}

export function structureSuite(label: string, connect: () => Promise<Connected>): void {
  describe(`section, tab, find and create tools (${label})`, () => {
    const withServer = (body: (c: Connected) => Promise<void>) => async () => {
      const c = await connect();
      try {
        await body(c);
      } finally {
        await c.close();
      }
    };

    it(
      'inserts a section after another, moves it to the end, and deletes it; the rest stays as it was',
      withServer(async ({ client }) => {
        const before = await outline(client, 'golden');
        const untouched = await section(client, 'golden', before[0]!.anchor_id);
        const after = before[1]!;
        const inserted = await call(client, 'insert_section', {
          document_id: 'golden',
          anchor_id: after.anchor_id,
          content: '## Risks and mitigations\n\nWe track **three** risks.\n',
        });
        const fresh = (inserted.new_headings as Heading[])[0]!;
        expect(fresh).toMatchObject({ level: 2, text: 'Risks and mitigations' });
        expect(fresh.anchor_id).toMatch(/^h\./);
        const once = await outline(client, 'golden');
        expect(once.map((h) => h.text)).toEqual([
          ...before.slice(0, 2).map((h) => h.text),
          'Risks and mitigations',
          ...before.slice(2).map((h) => h.text),
        ]);
        expect(await section(client, 'golden', fresh.anchor_id)).toContain('We track **three** risks.');

        const moved = await call(client, 'move_section', {
          document_id: 'golden',
          anchor_id: fresh.anchor_id,
          position: 'end',
          allow_deletions: true,
        });
        expect(moved.removed_anchors).toEqual([fresh.anchor_id]);
        const movedHeading = (moved.new_headings as Heading[])[0]!;
        expect(movedHeading.anchor_id).not.toBe(fresh.anchor_id);
        const twice = await outline(client, 'golden');
        expect(twice.map((h) => h.text)).toEqual([...before.map((h) => h.text), 'Risks and mitigations']);
        expect(await section(client, 'golden', movedHeading.anchor_id)).toContain(
          'We track **three** risks.',
        );

        const deleted = await call(client, 'delete_section', {
          document_id: 'golden',
          anchor_id: movedHeading.anchor_id,
          allow_deletions: true,
        });
        expect(deleted.removed_anchors).toEqual([movedHeading.anchor_id]);
        expect(await outline(client, 'golden')).toEqual(before);
        expect(await section(client, 'golden', before[0]!.anchor_id)).toBe(untouched);
      }),
    );

    it(
      'refuses to delete without allow_deletions when the client cannot be asked, changing nothing',
      withServer(async ({ client }) => {
        const before = await outline(client, 'golden');
        const error = errorOf(
          await client.callTool({
            name: 'delete_section',
            arguments: { document_id: 'golden', anchor_id: before[1]!.anchor_id },
          }),
        );
        expect(error.type).toBe('ValidationError');
        expect(error.suggestion).toContain('allow_deletions');
        expect(await outline(client, 'golden')).toEqual(before);
      }),
    );

    it(
      'takes the tab and the heading from a Docs URL',
      withServer(async ({ client }) => {
        const childTab = 't.lkp7hl41vf2d';
        const url = `https://docs.google.com/document/d/multi/edit?tab=${childTab}`;
        const inserted = await call(client, 'insert_section', {
          document_id: url,
          content: '# From a link\n\nAdded through the tab in the URL.\n',
        });
        expect(inserted.tab_id).toBe(childTab);
        const anchor = (inserted.new_headings as Heading[])[0]!.anchor_id;
        expect((await outline(client, 'multi', childTab)).map((h) => h.anchor_id)).toContain(anchor);
        const exported = await call(client, 'export_tab', { document_id: url });
        expect(exported.tab_id).toBe(childTab);
        const deleted = await call(client, 'delete_section', {
          document_id: `${url}#heading=${anchor}`,
          allow_deletions: true,
        });
        expect(deleted.removed_anchors).toEqual([anchor]);
      }),
    );

    it(
      'finds text in a grandchild tab, with its tab and section',
      withServer(async ({ client }) => {
        const grandchild = 't.a2r49ovghki6';
        const text = (await call(client, 'export_tab', { document_id: 'multi', tab_id: grandchild }))
          .content as string;
        const word = text.split(/\s+/).find((w) => /^[a-z]{6,}$/i.test(w))!;
        const found = await call(client, 'find_in_document', {
          document_id: 'multi',
          query: word.toUpperCase(),
        });
        const matches = found.matches as Array<Json>;
        expect(matches.map((m) => m.tab_id)).toContain(grandchild);
        const m = matches.find((x) => x.tab_id === grandchild)!;
        expect(String(m.match).toLowerCase()).toBe(word.toLowerCase());
        expect(m.snippet).toContain(m.match);
        expect(found.total_count).toBe(matches.length);
        const exact = await call(client, 'find_in_document', {
          document_id: 'multi',
          query: word.toUpperCase(),
          case_sensitive: true,
        });
        expect((exact.matches as unknown[]).length).toBeLessThan(matches.length);
      }),
    );

    it(
      'finds a heading’s section by a regular expression in the one-tab document',
      withServer(async ({ client }) => {
        const headings = await outline(client, 'golden');
        const target = headings[headings.length - 1]!;
        const found = await call(client, 'find_in_document', {
          document_id: 'golden',
          query: `^${target.text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`,
          regex: true,
        });
        expect(found.matches).toEqual([
          expect.objectContaining({ anchor_id: target.anchor_id, heading_text: target.text, tab_id: 't.0' }),
        ]);
      }),
    );

    it(
      'adds, renames, nests, moves and deletes tabs',
      withServer(async ({ client }) => {
        const added = await call(client, 'manage_tabs', {
          document_id: 'multi',
          action: 'add',
          title: 'Notes',
          content: '# Notes\n\nFirst line.\n',
        });
        const id = added.tab_id as string;
        const tabs = () =>
          added.tabs as Array<{ tab_id: string; title: string; parent_tab_id: string | null; index: number }>;
        expect(tabs().find((t) => t.tab_id === id)).toMatchObject({ title: 'Notes', parent_tab_id: null });
        expect((await call(client, 'export_tab', { document_id: 'multi', tab_id: id })).content).toContain(
          'First line.',
        );

        const renamed = await call(client, 'manage_tabs', {
          document_id: 'multi',
          action: 'rename',
          tab_id: id,
          title: 'Meeting notes',
        });
        expect((renamed.tabs as Array<Json>).find((t) => t.tab_id === id)).toMatchObject({
          title: 'Meeting notes',
        });

        const nested = await call(client, 'manage_tabs', {
          document_id: 'multi',
          action: 'nest',
          tab_id: id,
          parent_tab_id: 't.0',
        });
        expect((nested.tabs as Array<Json>).find((t) => t.tab_id === id)).toMatchObject({
          parent_tab_id: 't.0',
          nesting_level: 1,
        });

        const top = await call(client, 'manage_tabs', {
          document_id: 'multi',
          action: 'nest',
          tab_id: id,
          parent_tab_id: '',
          index: 0,
        });
        expect((top.tabs as Array<Json>)[0]).toMatchObject({ tab_id: id, parent_tab_id: null, index: 0 });
        const movedTab = await call(client, 'manage_tabs', {
          document_id: 'multi',
          action: 'move',
          tab_id: id,
          index: 2,
        });
        const roots = (movedTab.tabs as Array<Json>).filter((t) => t.parent_tab_id === null);
        expect(roots.map((t) => t.tab_id)).toEqual(['t.0', 't.ytrmrxold3qv', id]);

        const refused = errorOf(
          await client.callTool({
            name: 'manage_tabs',
            arguments: { document_id: 'multi', action: 'delete', tab_id: id },
          }),
        );
        expect(refused.suggestion).toContain('allow_deletions');
        const deleted = await call(client, 'manage_tabs', {
          document_id: 'multi',
          action: 'delete',
          tab_id: 't.ytrmrxold3qv',
          allow_deletions: true,
        });
        expect(deleted.deleted_tab_ids).toEqual(['t.ytrmrxold3qv', 't.lkp7hl41vf2d', 't.a2r49ovghki6']);
        const left = (await call(client, 'get_metadata', { document_id: 'multi' })).tabs as Array<Json>;
        expect(left.map((t) => t.tab_id)).toEqual(['t.0', id]);
      }),
    );

    it(
      'writes a header (creating it), rewrites it, reads it and deletes it; a child tab gets its own footer',
      withServer(async ({ client }) => {
        const missing = errorOf(
          await client.callTool({
            name: 'export_header_footer',
            arguments: { document_id: 'golden', kind: 'header' },
          }),
        );
        expect(missing.type).toBe('AnchorNotFoundError');
        const created = await call(client, 'import_header_footer', {
          document_id: 'golden',
          kind: 'header',
          content: 'Acme **Confidential**\n\nDraft, see [the plan](https://example.com/plan).\n',
        });
        expect(created).toMatchObject({ created: true, kind: 'header' });
        const rewritten = await call(client, 'import_header_footer', {
          document_id: 'golden',
          kind: 'header',
          content: 'Acme **Public**\n\nDraft, see [the plan](https://example.com/plan).\n',
        });
        expect(rewritten).toMatchObject({ created: false, segment_id: created.segment_id });
        expect(rewritten.request_count).toBeLessThanOrEqual(4);
        const read = await call(client, 'export_header_footer', { document_id: 'golden', kind: 'header' });
        expect(read.content).toBe('Acme **Public**\n\nDraft, see [the plan](https://example.com/plan).\n');
        const body = await call(client, 'get_hierarchy', { document_id: 'golden' });
        expect((body.headings as unknown[]).length).toBeGreaterThan(0);

        const refused = errorOf(
          await client.callTool({
            name: 'delete_header_footer',
            arguments: { document_id: 'golden', kind: 'header' },
          }),
        );
        expect(refused.suggestion).toContain('allow_deletions');
        await call(client, 'delete_header_footer', {
          document_id: 'golden',
          kind: 'header',
          allow_deletions: true,
        });
        const gone = errorOf(
          await client.callTool({
            name: 'export_header_footer',
            arguments: { document_id: 'golden', kind: 'header' },
          }),
        );
        expect(gone.type).toBe('AnchorNotFoundError');

        const child = 't.lkp7hl41vf2d';
        await call(client, 'import_header_footer', {
          document_id: 'multi',
          tab_id: child,
          kind: 'footer',
          content: 'Child tab footer\n',
        });
        expect(
          (
            await call(client, 'export_header_footer', {
              document_id: 'multi',
              tab_id: child,
              kind: 'footer',
            })
          ).content,
        ).toBe('Child tab footer\n');
        const other = errorOf(
          await client.callTool({
            name: 'export_header_footer',
            arguments: { document_id: 'multi', tab_id: 't.0', kind: 'footer' },
          }),
        );
        expect(other.type).toBe('AnchorNotFoundError');
      }),
    );

    it(
      'creates a document with content, in a folder where there are folders',
      withServer(async ({ client, folders }) => {
        const created = await call(client, 'create_document', {
          title: 'Plan 2027',
          content: '# Goals\n\nShip the **new** editor.\n',
          folder_id: 'https://drive.google.com/drive/folders/folder123',
        });
        expect(created).toMatchObject({ title: 'Plan 2027', folder_id: folders ? 'folder123' : null });
        if (!folders) expect((created.warnings as string[]).join(' ')).toContain('folder123');
        const id = created.document_id as string;
        const [goals] = await outline(client, id);
        expect(goals).toMatchObject({ level: 1, text: 'Goals' });
        expect(await section(client, id, goals!.anchor_id)).toContain('Ship the **new** editor.');
      }),
    );
  });
}

/**
 * The read tools and resources through a real MCP Client over a local store of real documents:
 * get_hierarchy, export_section, export_tab (and its size refusal), the resource templates, and
 * the edit_section prompt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectLocal, errorOf, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => await h.close());

describe('export tools', () => {
  it('get_hierarchy gives anchors that export_section accepts', async () => {
    h = await connectLocal({ golden: true });
    const outline = await h.client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'golden' } });
    const { headings, markdown, tab_id } = outline.structuredContent as {
      headings: Array<{ anchor_id: string; level: number; text: string }>;
      markdown: string;
      tab_id: string;
    };
    expect(tab_id).toBe('t.0');
    expect(headings.map((x) => x.text)).toEqual([
      'Introduction',
      'Formatting Section',
      'Links Section',
      'Second Major Section',
      'A Sub-Sub Section',
    ]);
    for (const heading of headings) {
      expect(markdown).toContain(`{^ ${heading.anchor_id}}${heading.text}`);
      const section = await h.client.callTool({
        name: 'export_section',
        arguments: { document_id: 'golden', anchor_id: heading.anchor_id },
      });
      const s = section.structuredContent as { content: string; anchor_id: string; estimated_tokens: number };
      expect(s.anchor_id).toBe(heading.anchor_id);
      // The section starts with its heading line; its anchor is shown only where a link needs it.
      expect(s.content.split('\n')[0]).toBe(`${'#'.repeat(heading.level)} ${heading.text}`);
      expect(Math.abs(s.estimated_tokens - s.content.length / 4)).toBeLessThanOrEqual(1);
    }
  });

  it('export_section returns revision_id and a base; an unknown anchor lists the valid ones', async () => {
    h = await connectLocal({ golden: true });
    const ok = await h.client.callTool({
      name: 'export_section',
      arguments: { document_id: 'golden', anchor_id: 'h.ryalwp7mpmhm' },
    });
    const s = ok.structuredContent as { content: string; revision_id: string; base: string };
    expect(s.content).toContain('This has **bold text** and *italic text* in it.');
    expect(s.revision_id).toBe((await h.backend.get('golden')).revisionId);
    expect(s.base.length).toBeGreaterThan(10);
    const bad = errorOf(
      await h.client.callTool({
        name: 'export_section',
        arguments: { document_id: 'golden', anchor_id: 'h.nope' },
      }),
    );
    expect(bad.type).toBe('AnchorNotFoundError');
    expect(bad.suggestion).toContain('h.ryalwp7mpmhm');
  });

  it('export_tab needs a tab_id on a multi-tab document, and exports a nested tab', async () => {
    h = await connectLocal({ multi: true });
    const missing = errorOf(
      await h.client.callTool({ name: 'export_tab', arguments: { document_id: 'multi' } }),
    );
    expect(missing.type).toBe('MultipleTabsError');
    expect(missing.suggestion).toContain('get_metadata');
    const child = await h.client.callTool({
      name: 'export_tab',
      arguments: { document_id: 'multi', tab_id: 't.lkp7hl41vf2d' },
    });
    expect(child.isError).toBeFalsy();
    expect((child.structuredContent as { tab_id: string }).tab_id).toBe('t.lkp7hl41vf2d');
  });

  it('export_tab above the token limit returns a labelled first part with the outline, never the whole tab', async () => {
    h = await connectLocal({ golden: true }, { maxExportTokens: 200 });
    const result = await h.client.callTool({ name: 'export_tab', arguments: { document_id: 'golden' } });
    const tab = result.structuredContent as {
      content: string;
      part: { index: number; count: number; notice: string; outline: string };
    };
    expect(tab.part.index).toBe(1);
    expect(tab.part.count).toBeGreaterThan(1);
    expect(tab.part.notice).toContain('NOT the whole tab');
    expect(tab.part.outline).toContain('- Second Major Section {^ h.8ducnhiug1ge} part ');
    expect(tab.content).not.toContain('Final paragraph of the document.');
    const last = await h.client.callTool({
      name: 'export_tab',
      arguments: { document_id: 'golden', part: tab.part.count },
    });
    expect((last.structuredContent as { content: string }).content).toContain(
      'Final paragraph of the document.',
    );
  });

  it('export_tab under the limit returns the whole tab', async () => {
    h = await connectLocal({ golden: true }, { maxExportTokens: 100_000 });
    const result = await h.client.callTool({ name: 'export_tab', arguments: { document_id: 'golden' } });
    const tab = result.structuredContent as { content: string; estimated_tokens: number };
    expect(tab.content).toContain('Final paragraph of the document.');
    expect(tab.content).toContain('\n### A Sub-Sub Section');
    const anchored = await h.client.callTool({
      name: 'export_tab',
      arguments: { document_id: 'golden', anchors: 'all' },
    });
    expect((anchored.structuredContent as { content: string }).content).toContain(
      '### {^ h.2m649omvt5gk}A Sub-Sub Section',
    );
  });
});

describe('resources and prompt', () => {
  it('lists the URI templates (parts of long tabs and sections too), the documents and the grammar', async () => {
    h = await connectLocal({ golden: true, multi: true });
    const { resourceTemplates } = await h.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'gdoc://documents/{document_id}',
      'gdoc://documents/{document_id}/tabs/{tab_id}',
      'gdoc://documents/{document_id}/tabs/{tab_id}/parts/{part}',
      'gdoc://documents/{document_id}/tabs/{tab_id}/sections/{anchor_id}',
      'gdoc://documents/{document_id}/tabs/{tab_id}/sections/{anchor_id}/parts/{part}',
    ]);
    const { resources } = await h.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      'gdoc://documents/golden',
      'gdoc://documents/multi',
      'gdoc://mebdf/grammar',
    ]);
  });

  it('reads a document outline, a tab and a section', async () => {
    h = await connectLocal({ golden: true, multi: true });
    const doc = await h.client.readResource({ uri: 'gdoc://documents/multi' });
    const text = (doc.contents[0] as { text: string }).text;
    expect(text).toContain('# Markdown Conversion Example - Multi-Tab');
    expect(text).toContain('tab_id t.a2r49ovghki6, inside t.lkp7hl41vf2d');
    const tab = await h.client.readResource({ uri: 'gdoc://documents/golden/tabs/t.0' });
    expect((tab.contents[0] as { text: string }).text).toContain('Final paragraph of the document.');
    const section = await h.client.readResource({
      uri: 'gdoc://documents/golden/tabs/t.0/sections/h.vfzix7fdzbxd',
    });
    const sectionText = (section.contents[0] as { text: string }).text;
    expect(sectionText.startsWith('## Links Section')).toBe(true);
    expect(sectionText).not.toContain('Second Major Section');
  });

  it('a bad anchor in a resource is an error naming the type', async () => {
    h = await connectLocal({ golden: true });
    await expect(
      h.client.readResource({ uri: 'gdoc://documents/golden/tabs/t.0/sections/h.nope' }),
    ).rejects.toThrow(/AnchorNotFoundError/);
  });

  it('the edit_section prompt walks outline → export → edit → import', async () => {
    h = await connectLocal({ golden: true });
    const { prompts } = await h.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['edit_section']);
    const prompt = await h.client.getPrompt({
      name: 'edit_section',
      arguments: { document_id: 'golden', change: 'shorten it', heading: 'Links Section' },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    const order = ['get_hierarchy', 'export_section', 'import_section'].map((name) => text.indexOf(name));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Links Section');
    expect(text).toContain('base');
  });
});

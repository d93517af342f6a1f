/**
 * What a client sees beyond the tools: argument completion for the resource templates and the
 * prompt (document ids, tab ids, heading anchors and texts, served from the store), listed
 * documents under their own titles, the MEBDF grammar resource, tool icons, and the export/import
 * tools pointing at the grammar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_URI, SECTION_URI, TAB_URI } from '../../src/server/resources.js';
import { connectLocal, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await connectLocal({ golden: true, multi: true, single: true });
});
afterAll(async () => await h.close());

async function completeTemplate(
  uri: string,
  name: string,
  value: string,
  known: Record<string, string> = {},
): Promise<string[]> {
  const { completion } = await h.client.complete({
    ref: { type: 'ref/resource', uri },
    argument: { name, value },
    context: { arguments: known },
  });
  return completion.values;
}

async function completePrompt(name: string, value: string, known: Record<string, string> = {}) {
  const { completion } = await h.client.complete({
    ref: { type: 'ref/prompt', name: 'edit_section' },
    argument: { name, value },
    context: { arguments: known },
  });
  return completion.values;
}

async function tabsOf(documentId: string): Promise<Array<{ tab_id: string; title: string }>> {
  const meta = await h.client.callTool({ name: 'get_metadata', arguments: { document_id: documentId } });
  return (meta.structuredContent as { tabs: Array<{ tab_id: string; title: string }> }).tabs;
}

async function headingsOf(documentId: string, tabId?: string) {
  const args = tabId ? { document_id: documentId, tab_id: tabId } : { document_id: documentId };
  const outline = await h.client.callTool({ name: 'get_hierarchy', arguments: args });
  return (outline.structuredContent as { headings: Array<{ anchor_id: string; text: string }> }).headings;
}

describe('completion/complete', () => {
  it('completes document_id by id prefix and by title, in every template', async () => {
    expect((await completeTemplate(DOCUMENT_URI, 'document_id', '')).sort()).toEqual([
      'golden',
      'multi',
      'single',
    ]);
    expect(await completeTemplate(DOCUMENT_URI, 'document_id', 'mu')).toEqual(['multi']);
    // "Serde" is in the golden document's title, not in its id.
    expect(await completeTemplate(TAB_URI, 'document_id', 'serde')).toEqual(['golden']);
    expect(await completeTemplate(SECTION_URI, 'document_id', 'zzz')).toEqual([]);
  });

  it('completes tab_id from the document named in the context', async () => {
    const tabs = await tabsOf('multi');
    expect(tabs.length).toBeGreaterThan(1);
    expect(await completeTemplate(TAB_URI, 'tab_id', '', { document_id: 'multi' })).toEqual(
      tabs.map((t) => t.tab_id),
    );
    const child = tabs.filter((t) => t.title.toLowerCase().includes('child')).map((t) => t.tab_id);
    expect(child.length).toBeGreaterThan(0);
    expect(await completeTemplate(SECTION_URI, 'tab_id', 'Child', { document_id: 'multi' })).toEqual(child);
    // Without a document there is nothing to offer.
    expect(await completeTemplate(TAB_URI, 'tab_id', '')).toEqual([]);
  });

  it('completes anchor_id from the tab’s headings, by anchor prefix or heading text', async () => {
    const headings = await headingsOf('golden');
    const known = { document_id: 'golden', tab_id: 't.0' };
    expect(await completeTemplate(SECTION_URI, 'anchor_id', '', known)).toEqual(
      headings.map((x) => x.anchor_id),
    );
    const links = headings.find((x) => x.text === 'Links Section')!;
    expect(await completeTemplate(SECTION_URI, 'anchor_id', 'links', known)).toEqual([links.anchor_id]);
    expect(await completeTemplate(SECTION_URI, 'anchor_id', links.anchor_id.slice(0, 5), known)).toContain(
      links.anchor_id,
    );
  });

  it('completes to nothing, without an error, for a document that does not exist', async () => {
    expect(await completeTemplate(TAB_URI, 'tab_id', '', { document_id: 'nope' })).toEqual([]);
    expect(await completeTemplate(SECTION_URI, 'anchor_id', '', { document_id: 'nope' })).toEqual([]);
  });

  it('completes the prompt’s document_id, tab_id and heading', async () => {
    expect(await completePrompt('document_id', 'sin')).toEqual(['single']);
    expect(await completePrompt('tab_id', '', { document_id: 'multi' })).toEqual(
      (await tabsOf('multi')).map((t) => t.tab_id),
    );
    const texts = (await headingsOf('golden')).map((x) => x.text);
    expect(await completePrompt('heading', '', { document_id: 'golden' })).toEqual(texts);
    expect(await completePrompt('heading', 'second', { document_id: 'golden' })).toEqual(
      texts.filter((t) => t.toLowerCase().includes('second')),
    );
  });
});

describe('resources', () => {
  it('lists each document under its own title', async () => {
    const { resources } = await h.client.listResources();
    const documents = resources.filter((r) => r.uri.startsWith('gdoc://documents/'));
    expect(documents).toHaveLength(3);
    const titles = documents.map((r) => r.title);
    expect(new Set(titles).size).toBe(3);
    expect(titles).toContain('MD Serde Golden');
    expect(titles).not.toContain('Document outline');
  });

  it('links each tab of a document outline to its tab resource', async () => {
    const read = await h.client.readResource({ uri: 'gdoc://documents/multi' });
    const text = (read.contents[0] as { text: string }).text;
    for (const tab of await tabsOf('multi')) {
      expect(text).toContain(`gdoc://documents/multi/tabs/${encodeURIComponent(tab.tab_id)}`);
    }
  });

  it('serves the MEBDF grammar with a cheat sheet at gdoc://mebdf/grammar', async () => {
    const { resources } = await h.client.listResources();
    const grammar = resources.find((r) => r.uri === 'gdoc://mebdf/grammar');
    expect(grammar?.title).toMatch(/MEBDF grammar/);
    const read = await h.client.readResource({ uri: 'gdoc://mebdf/grammar' });
    const text = (read.contents[0] as { text: string }).text;
    expect(read.contents[0]?.mimeType).toBe('text/markdown');
    expect(text.startsWith('# MEBDF cheat sheet')).toBe(true);
    expect(text).toContain('# The MEBDF grammar (normative)');
    expect(text).toContain('## 1. Syntax (ABNF)');
  });
});

describe('tools/list extras', () => {
  it('gives every tool an inline SVG icon, a different one for tools that write', async () => {
    const { tools } = await h.client.listTools();
    const icon = (name: string) => tools.find((t) => t.name === name)?.icons?.[0];
    for (const tool of tools) {
      expect(tool.icons?.[0]?.src, tool.name).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    expect(icon('export_section')?.src).toBe(icon('get_metadata')?.src);
    expect(icon('import_section')?.src).not.toBe(icon('export_section')?.src);
  });

  it('names the grammar resource in the export and import tools’ descriptions', async () => {
    const { tools } = await h.client.listTools();
    for (const name of ['export_section', 'import_section', 'export_tab', 'import_tab']) {
      expect(tools.find((t) => t.name === name)?.description, name).toContain('gdoc://mebdf/grammar');
    }
  });
});

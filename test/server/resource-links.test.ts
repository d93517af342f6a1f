/**
 * Writing tools link to what they wrote: a successful import_section, import_tab, insert_section
 * or create_document adds `resource_link` items whose URIs read back the written content; a dry
 * run, which writes nothing, links to nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectLocal, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => await h.close());

const SECTION = 'h.ryalwp7mpmhm';

interface Link {
  type: string;
  uri: string;
  name: string;
}

function linksOf(result: unknown): Link[] {
  return (result as { content: Link[] }).content.filter((c) => c.type === 'resource_link');
}

async function readText(uri: string): Promise<string> {
  const read = await h.client.readResource({ uri });
  return (read.contents[0] as { text: string }).text;
}

async function sectionContent(): Promise<string> {
  const result = await h.client.callTool({
    name: 'export_section',
    arguments: { document_id: 'golden', anchor_id: SECTION },
  });
  return (result.structuredContent as { content: string }).content;
}

describe('resource links in write results', () => {
  it('import_section links to the section it wrote, which reads back as written', async () => {
    h = await connectLocal({ golden: true });
    const content = `${await sectionContent()}\nOne more sentence for the link test.\n`;
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content },
    });
    const links = linksOf(result);
    expect(links.map((l) => l.uri)).toEqual([`gdoc://documents/golden/tabs/t.0/sections/${SECTION}`]);
    expect(await readText(links[0]!.uri)).toContain('One more sentence for the link test.');
  });

  it('a dry run links to nothing', async () => {
    h = await connectLocal({ golden: true });
    const content = `${await sectionContent()}\nA dry sentence.\n`;
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content, dry_run: true },
    });
    expect(result.isError).toBeFalsy();
    expect(linksOf(result)).toEqual([]);
  });

  it('insert_section links to each heading it created', async () => {
    h = await connectLocal({ golden: true });
    const result = await h.client.callTool({
      name: 'insert_section',
      arguments: {
        document_id: 'golden',
        anchor_id: SECTION,
        position: 'after',
        content: '## Linked section\n\nIts body.\n',
      },
    });
    expect(result.isError).toBeFalsy();
    const links = linksOf(result);
    expect(links).toHaveLength(1);
    expect(await readText(links[0]!.uri)).toContain('Linked section');
  });

  it('create_document links to the document and its first tab', async () => {
    h = await connectLocal({ golden: true });
    const result = await h.client.callTool({
      name: 'create_document',
      arguments: { title: 'Linked', content: 'Hello from a new document.\n' },
    });
    expect(result.isError).toBeFalsy();
    const links = linksOf(result);
    expect(links).toHaveLength(2);
    expect(await readText(links[1]!.uri)).toContain('Hello from a new document.');
  });
});

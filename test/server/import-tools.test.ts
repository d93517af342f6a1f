/**
 * import_section and import_tab through a real MCP Client over a local store of real documents:
 * a one-sentence edit is a handful of requests and leaves every other section as it was; a dry
 * run writes nothing; a stale base, a removed heading anchor's section, bad MEBDF and bad
 * arguments come back as typed errors with the document unchanged.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLocal, errorOf, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => await h.close());

const SECTION = 'h.ryalwp7mpmhm';

async function exportSection(anchor: string) {
  const result = await h.client.callTool({
    name: 'export_section',
    arguments: { document_id: 'golden', anchor_id: anchor },
  });
  return result.structuredContent as { content: string; base: string; revision_id: string };
}

async function allSections(): Promise<Map<string, string>> {
  const outline = await h.client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'golden' } });
  const anchors = [
    '',
    ...(outline.structuredContent as { headings: Array<{ anchor_id: string }> }).headings.map(
      (x) => x.anchor_id,
    ),
  ];
  const out = new Map<string, string>();
  for (const anchor of anchors) out.set(anchor, (await exportSection(anchor)).content);
  return out;
}

describe('import_section', () => {
  it('writes a one-sentence edit with few requests and touches no other section', async () => {
    h = await connectLocal({ golden: true });
    const before = await allSections();
    const exported = await exportSection(SECTION);
    const edited = exported.content.replace('italic text* in it.', 'italic text* in it. One more sentence.');
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content: edited, base: exported.base },
    });
    expect(result.isError).toBeFalsy();
    const out = result.structuredContent as {
      request_count: number;
      revision_id: string;
      dry_run: boolean;
      new_headings: unknown[];
      anchor_id: string;
    };
    expect(out.anchor_id).toBe(SECTION);
    expect(out.dry_run).toBe(false);
    expect(out.request_count).toBeGreaterThan(0);
    expect(out.request_count).toBeLessThanOrEqual(3);
    expect(out.revision_id).not.toBe(exported.revision_id);
    expect(out.new_headings).toEqual([]);
    expect(result.structuredContent).not.toHaveProperty('requests');

    const after = await allSections();
    expect(after.get(SECTION)).toBe(edited);
    for (const [anchor, text] of before) {
      // The enclosing H1 section contains the edited one; every other section is byte-identical.
      if (anchor === SECTION || anchor === 'h.klpxbx6hfx27') continue;
      expect(after.get(anchor), anchor).toBe(text);
    }
  });

  it('re-importing an unchanged export sends nothing', async () => {
    h = await connectLocal({ golden: true });
    const exported = await exportSection(SECTION);
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content: exported.content },
    });
    expect((result.structuredContent as { request_count: number }).request_count).toBe(0);
  });

  it('dry_run returns a diff and a count and writes nothing', async () => {
    h = await connectLocal({ golden: true });
    const file = join(h.dir, 'golden.json');
    const bytes = await readFile(file, 'utf8');
    const exported = await exportSection(SECTION);
    const edited = exported.content.replace('combined.', 'combined, and more.');
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content: edited, dry_run: true },
    });
    const out = result.structuredContent as { dry_run: boolean; diff: string; request_count: number };
    expect(out.dry_run).toBe(true);
    expect(out.request_count).toBeGreaterThan(0);
    expect(out.diff).toContain('+This has **_bold italic text_** combined, and more.');
    expect(await readFile(file, 'utf8')).toBe(bytes);
  });

  it('a new heading comes back with its anchor', async () => {
    h = await connectLocal({ golden: true });
    const exported = await exportSection(SECTION);
    const edited = `${exported.content.trimEnd()}\n\n### A brand new subsection\n\nWith a line of text.\n`;
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content: edited },
    });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const heads = (
      result.structuredContent as { new_headings: Array<{ anchor_id: string; level: number; text: string }> }
    ).new_headings;
    expect(heads).toHaveLength(1);
    expect(heads[0]).toMatchObject({ level: 3, text: 'A brand new subsection' });
    const outline = await h.client.callTool({ name: 'get_hierarchy', arguments: { document_id: 'golden' } });
    expect((outline.structuredContent as { markdown: string }).markdown).toContain(
      `### {^ ${heads[0]!.anchor_id}}A brand new subsection`,
    );
  });

  it('a stale base after a concurrent edit of the same paragraph is a RevisionConflictError with the current content', async () => {
    h = await connectLocal({ golden: true });
    const mine = await exportSection(SECTION);
    const theirs = mine.content.replace('here.', 'here, said a colleague.');
    const first = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'golden', anchor_id: SECTION, content: theirs, base: mine.base },
    });
    expect(first.isError).toBeFalsy();
    const second = await h.client.callTool({
      name: 'import_section',
      arguments: {
        document_id: 'golden',
        anchor_id: SECTION,
        content: mine.content.replace('here.', 'here!'),
        base: mine.base,
      },
    });
    const error = errorOf(second) as { type: string; current_content?: string };
    expect(error.type).toBe('RevisionConflictError');
    expect(error.current_content).toContain('said a colleague');
    expect((await exportSection(SECTION)).content).toBe(theirs);
  });

  it('bad MEBDF, a missing anchor and bad arguments are typed errors', async () => {
    h = await connectLocal({ golden: true });
    const bytes = await readFile(join(h.dir, 'golden.json'), 'utf8');
    const parse = errorOf(
      await h.client.callTool({
        name: 'import_section',
        arguments: {
          document_id: 'golden',
          anchor_id: SECTION,
          content: '## {^ h.ryalwp7mpmhm}Formatting Section\n\n{!colour:#cc0000}red{/!}\n',
        },
      }),
    );
    expect(parse.type).toBe('MebdfParseError');
    const anchor = errorOf(
      await h.client.callTool({
        name: 'import_section',
        arguments: { document_id: 'golden', anchor_id: 'h.nope', content: '## Nope\n' },
      }),
    );
    expect(anchor.type).toBe('AnchorNotFoundError');
    const args = errorOf(
      await h.client.callTool({ name: 'import_section', arguments: { document_id: 'golden', content: 'x' } }),
    );
    expect(args.type).toBe('ValidationError');
    expect(args.message).toContain('anchor_id');
    expect(await readFile(join(h.dir, 'golden.json'), 'utf8')).toBe(bytes);
  });
});

describe('objects', () => {
  const IMAGES = 'h.rrd3m9g81p1w';
  const IMAGE = 'kix.z7gloano634x';

  async function exportImages() {
    const result = await h.client.callTool({
      name: 'export_section',
      arguments: { document_id: 'single', anchor_id: IMAGES },
    });
    return (result.structuredContent as { content: string }).content;
  }

  it('keeps an image whose placeholder stays, and reports it preserved', async () => {
    h = await connectLocal({ single: true });
    const content = await exportImages();
    expect(content).toContain(`{^= ${IMAGE} image}`);
    const edited = content.replace('and cropping', 'and cropping, always');
    const result = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'single', anchor_id: IMAGES, content: edited },
    });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect((result.structuredContent as { preserved_objects: string[] }).preserved_objects).toContain(IMAGE);
    expect(await exportImages()).toContain(`{^= ${IMAGE} image}`);
  });

  it('refuses to delete an image unless allow_deletions, listing it', async () => {
    h = await connectLocal({ single: true });
    const content = await exportImages();
    const without = content.replace(`{^= ${IMAGE} image}\n`, '');
    expect(without).not.toContain(IMAGE);
    const refused = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'single', anchor_id: IMAGES, content: without },
    });
    const error = errorOf(refused) as { type: string; objects?: string[] };
    expect(error.type).toBe('FidelityGuardError');
    expect(error.objects?.join(' ')).toContain(IMAGE);
    expect(await exportImages()).toBe(content);

    const allowed = await h.client.callTool({
      name: 'import_section',
      arguments: { document_id: 'single', anchor_id: IMAGES, content: without, allow_deletions: true },
    });
    expect(allowed.isError, JSON.stringify(allowed)).toBeFalsy();
    expect(await exportImages()).not.toContain(IMAGE);
  });

  it('a placeholder naming an unknown object is EmbeddedObjectNotFoundError', async () => {
    h = await connectLocal({ single: true });
    const content = await exportImages();
    const bogus = content.replace(
      `{^= ${IMAGE} image}`,
      `{^= ${IMAGE} image}\n\n{^= kix.doesnotexist image}`,
    );
    const error = errorOf(
      await h.client.callTool({
        name: 'import_section',
        arguments: { document_id: 'single', anchor_id: IMAGES, content: bogus },
      }),
    );
    expect(error.type).toBe('EmbeddedObjectNotFoundError');
  });
});

describe('import_tab', () => {
  it('rewrites a tab by a minimal diff: unchanged sections keep their text', async () => {
    h = await connectLocal({ golden: true }, { maxExportTokens: 100_000 });
    const before = await allSections();
    const tab = (await h.client.callTool({ name: 'export_tab', arguments: { document_id: 'golden' } }))
      .structuredContent as { content: string; base: string };
    const edited = tab.content.replace(
      'Deep nested heading content.',
      'Deep nested heading content, revised.',
    );
    const result = await h.client.callTool({
      name: 'import_tab',
      arguments: { document_id: 'golden', content: edited, base: tab.base },
    });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const out = result.structuredContent as { request_count: number; tab_id: string };
    expect(out.tab_id).toBe('t.0');
    expect(out.request_count).toBeGreaterThan(0);
    expect(out.request_count).toBeLessThanOrEqual(3);
    const after = await allSections();
    for (const anchor of ['', 'h.ryalwp7mpmhm', 'h.vfzix7fdzbxd'])
      expect(after.get(anchor)).toBe(before.get(anchor));
    expect(after.get('h.2m649omvt5gk')).toContain('Deep nested heading content, revised.');
  });
});

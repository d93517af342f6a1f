/**
 * The import service over an in-memory backend: one get and at most one guarded batchUpdate,
 * conflict retries, dry runs, the base guard, the fidelity guard and the result's fields.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedDocument } from '../../bench/export.js';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import { exportSection, exportTab, getHierarchy } from '../../src/docs/export/index.js';
import { cannotMove } from '../../src/docs/import/context.js';
import { exportSectionService } from '../../src/docs/service/export.js';
import { importSectionService, importTabService, MAX_CONTENT_CHARS } from '../../src/docs/service/import.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { MemoryBackend } from './memory-backend.js';

const FIXTURES = new URL('../fixtures/real/', import.meta.url);
function fixture(name: string): Document {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Document;
}

const STENCILA = 'stencila__encoda__test-fixture-1.json';

/** A replaceAllText of one word: how a colleague's edit lands, whatever its indices. */
function replaceWord(from: string, to: string): Request {
  return { replaceAllText: { containsText: { text: from, matchCase: true }, replaceText: to } };
}
const LISTS = 'cedricdelpoux__gatsby-source-google-docs__lists.json';
const STENCILA_2 = 'stencila__encoda__test-fixture-2.json';
const ORDERED = 'h.gysf08ftgpa0';

describe('importSectionService', () => {
  it('sends nothing for an unchanged export, after exactly one get', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    const r = await importSectionService(be, { document_id: 'doc', anchor_id: ORDERED }, content);
    expect(r.requests).toEqual([]);
    expect(be.gets).toBe(1);
    expect(be.writes).toHaveLength(0);
    expect(r.revision_id).toBe('rev-0');
  });

  it('edits a word with one guarded batchUpdate, keeping the heading id', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    const edited = content.replace('Second', 'Segundo');
    const r = await importSectionService(be, { document_id: 'doc', anchor_id: ORDERED }, edited);
    expect(be.gets).toBe(1);
    expect(be.writes).toHaveLength(1);
    expect(be.writes[0]!.writeControl).toEqual({ requiredRevisionId: 'rev-0' });
    expect(r.requests.length).toBeGreaterThan(0);
    expect(r.requests.length).toBeLessThanOrEqual(3);
    expect(r.revision_id).not.toBe('rev-0');
    expect(exportSection(be.doc, undefined, ORDERED).content).toBe(edited);
    for (const req of r.requests) {
      const json = JSON.stringify(req);
      if (json.includes('"index"') || json.includes('startIndex')) expect(json).toContain('"tabId":"t.0"');
    }
  });

  it('gives the backend a landed check that tells a write that already happened', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      content.replace('First', 'Erste'),
    );
    expect(be.landedChecks).toEqual([{ before: false, after: true }]);
  });

  it('retries on a revision conflict: re-reads, re-plans, writes against the new revision', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    let concurrent = true;
    be.beforeWrite = (doc) => {
      if (!concurrent) return doc;
      concurrent = false;
      // Someone else writes between our read and our write: the revision moves on.
      return { ...doc, revisionId: 'rev-other' };
    };
    const r = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      content.replace('Third', 'Drei'),
    );
    expect(be.gets).toBe(2);
    expect(be.writes).toHaveLength(2);
    expect(be.writes[1]!.writeControl).toEqual({ requiredRevisionId: 'rev-other' });
    expect(exportSection(be.doc, undefined, ORDERED).content).toContain('Drei');
    expect(r.success).toBe(true);
  });

  it('a concurrent edit of the same section between read and write is kept: RevisionConflictError, ours not written', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    let concurrent = true;
    be.beforeWrite = (doc) => {
      if (!concurrent) return doc;
      concurrent = false;
      // A colleague rewrites a word of this very section just before our write.
      const { document } = applyBatchUpdate(doc, { requests: [replaceWord('Second', 'Zweite')] });
      return { ...document, revisionId: 'rev-theirs' };
    };
    const err = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      content.replace('Third', 'Drei'),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'RevisionConflictError' });
    expect((err as { currentContent: string }).currentContent).toContain('Zweite');
    const now = exportSection(be.doc, undefined, ORDERED).content;
    expect(now).toContain('Zweite');
    expect(now).not.toContain('Drei');
    expect(be.gets).toBe(2);
  });

  it('gives up with RevisionConflictError after two retries and writes nothing', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    let n = 0;
    be.beforeWrite = (doc) => ({ ...doc, revisionId: `rev-x${n++}` });
    await expect(
      importSectionService(be, { document_id: 'doc', anchor_id: ORDERED }, content.replace('Third', 'Drei')),
    ).rejects.toMatchObject({ type: 'RevisionConflictError' });
    expect(be.gets).toBe(3);
    expect(exportSection(be.doc, undefined, ORDERED).content).toBe(content);
  });

  it('dry run returns the plan, a diff and the result, and writes nothing', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    const edited = content.replace('First', 'Erste');
    const r = await importSectionService(be, { document_id: 'doc', anchor_id: ORDERED }, edited, {
      dry_run: true,
    });
    expect(r.dry_run).toBe(true);
    expect(be.writes).toHaveLength(0);
    expect(r.requests.length).toBeGreaterThan(0);
    expect(r.diff).toContain('-1. First');
    expect(r.diff).toContain('+1. Erste');
    expect(r.result_content).toBe(edited);
  });

  it('base guard: refuses when the section changed since the export, with the current content', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const exported = await exportSectionService(be, { document_id: 'doc', anchor_id: ORDERED });
    // Someone else edits this very section.
    await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      exported.content.replace('Second', 'Zweite'),
    );
    const writes = be.writes.length;
    const err = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      exported.content.replace('Third', 'Dritte'),
      { base: exported.base },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'RevisionConflictError' });
    expect((err as { currentContent: string }).currentContent).toContain('Zweite');
    expect(be.writes.length).toBe(writes);
  });

  it('base guard: goes ahead when only another section changed', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const exported = await exportSectionService(be, { document_id: 'doc', anchor_id: ORDERED });
    const other = exportSection(be.doc, undefined, 'h.9y90oc4mbao9').content;
    await importSectionService(
      be,
      { document_id: 'doc', anchor_id: 'h.9y90oc4mbao9' },
      other.replace('Banana', 'Mango'),
    );
    const r = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      exported.content.replace('Third', 'Dritte'),
      { base: exported.base },
    );
    expect(r.success).toBe(true);
    const tab = exportTab(be.doc).content;
    expect(tab).toContain('Mango');
    expect(tab).toContain('Dritte');
  });

  it('fidelity guard: refuses to drop an image unless allow_deletions', async () => {
    const be = new MemoryBackend(fixture(LISTS));
    const content = exportTab(be.doc).content;
    const edited = content.replace(' with {^= kix.5p6gdq3v63vb image}image', ' without');
    const err = await importTabService(be, { document_id: 'doc' }, edited).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'FidelityGuardError', objects: ['kix.5p6gdq3v63vb'] });
    expect(be.writes).toHaveLength(0);
    const r = await importTabService(be, { document_id: 'doc' }, edited, { allow_deletions: true });
    expect(r.success).toBe(true);
    expect(exportTab(be.doc).content).toBe(edited);
    expect(be.doc.tabs?.[0]?.documentTab?.inlineObjects?.['kix.5p6gdq3v63vb']).toBeUndefined();
  });

  it('fidelity guard: an element the Docs API does not show is named as such', async () => {
    // "Other person: " holds an element documents.get leaves out (it still takes an index).
    const be = new MemoryBackend(
      fixture('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json'),
    );
    const content = exportSection(be.doc, 't.0', 'h.uepmse3xxx0s').content;
    const edited = content.replace(/- \[ \] Other person: \{\^= unknown\.\d+ unknown\}\n/, '');
    expect(edited).not.toBe(content);
    const err = await importSectionService(
      be,
      { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.uepmse3xxx0s' },
      edited,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'FidelityGuardError' });
    expect((err as Error).message).toMatch(/unknown\.\d+ \(an element the Docs API does not show\)/);
  });

  it('an unknown placeholder id is EmbeddedObjectNotFoundError', async () => {
    const be = new MemoryBackend(fixture(LISTS));
    const content = exportTab(be.doc).content;
    const edited = content.replace('- List item 5', '- List item 5 {^= kix.nosuchthing image}');
    await expect(importTabService(be, { document_id: 'doc' }, edited)).rejects.toMatchObject({
      type: 'EmbeddedObjectNotFoundError',
    });
  });

  it('moving an image into another section: the heading it crosses is typed anew, and the result says so', async () => {
    const be = new MemoryBackend(fixture(STENCILA_2));
    const content = exportTab(be.doc).content;
    const edited = content
      .replace('{!line-spacing:single}{^= kix.sllrhni8deea image}', '{!line-spacing:single}')
      .replace('a code chunk which', 'a code chunk {^= kix.sllrhni8deea image} which');
    expect(edited).not.toBe(content);
    const objects = Object.keys(be.doc.inlineObjects ?? be.doc.tabs![0]!.documentTab!.inlineObjects ?? {});
    const result = await importTabService(be, { document_id: 'doc' }, edited);
    // The image stays (the Docs API cannot make it again): what lies between is typed round it.
    expect(Object.keys(be.doc.tabs![0]!.documentTab!.inlineObjects ?? {})).toEqual(objects);
    expect(exportTab(be.doc).content).toContain('a code chunk {^= kix.sllrhni8deea image} which');
    expect(result.new_headings.map((h) => h.text)).toEqual(['Code Chunks']);
    expect(result.warnings.join('\n')).toMatch(/"Code Chunks" was typed anew .* new id/);
  });

  it('a linked heading written without its id, across an image: typed anew, and its link follows it', async () => {
    const be = new MemoryBackend(fixture(STENCILA_2));
    const tab = be.doc.tabs![0]!.documentTab!;
    const idOf = () =>
      tab.body!.content!.find((se) =>
        se.paragraph?.elements?.some((e) => e.textRun?.content?.startsWith('Code Chunks')),
      )!.paragraph!.paragraphStyle!.headingId!;
    const heading = idOf();
    const content = exportTab(be.doc).content;
    // A link to the heading, typed in the abstract; then the image moved past the heading, whose
    // {^ id} the text leaves out.
    const linked = content.replace('This is a test fixture…', `This is a [test fixture](#^${heading})…`);
    await importTabService(be, { document_id: 'doc' }, linked);
    const shown = exportTab(be.doc).content;
    expect(shown).toContain(`# {^ ${heading}}Code Chunks`);
    const edited = shown
      .replace('{!line-spacing:single}{^= kix.sllrhni8deea image}', '{!line-spacing:single}')
      .replace('a code chunk which', 'a code chunk {^= kix.sllrhni8deea image} which')
      .replace(`# {^ ${heading}}Code Chunks`, '# Code Chunks');
    const writes = be.writes.length;
    const result = await importTabService(be, { document_id: 'doc' }, edited);
    // Two writes: the edit, then the link pointed at the heading's new id.
    expect(be.writes.length - writes).toBe(2);
    const now = be.doc.tabs![0]!.documentTab!;
    const moved = now.body!.content!.find((se) =>
      se.paragraph?.elements?.some((e) => e.textRun?.content?.startsWith('Code Chunks')),
    )!.paragraph!.paragraphStyle!.headingId!;
    expect(moved).not.toBe(heading);
    expect(result.new_headings).toEqual([{ anchor_id: moved, level: 1, text: 'Code Chunks' }]);
    expect(exportTab(be.doc).content).toContain(`[test fixture](#^${moved})`);
    expect(exportTab(be.doc).content).toContain(`# {^ ${moved}}Code Chunks`);
  });

  it('the refusal names the object in words: a horizontal rule, a section break', () => {
    expect(cannotMove('hr.1', 'hr').message).toContain('The horizontal rule hr.1 would move');
    expect(cannotMove('hr.1', 'hr').message).toContain('cannot re-create a horizontal rule');
    expect(cannotMove('kix.s', 'sectionbreak').message).toContain('cannot re-create a section break');
    expect(cannotMove('kix.i', 'image').message).toContain('cannot re-create an image');
  });

  it('moving an image among the paragraphs of a section keeps it: the text around it is moved', async () => {
    const be = new MemoryBackend(fixture(LISTS));
    const content = exportTab(be.doc).content;
    const edited = content
      .replace(' with {^= kix.5p6gdq3v63vb image}image', ' with image')
      .replace('- List item 5', '- List item 5 {^= kix.5p6gdq3v63vb image}');
    expect(edited).not.toBe(content);
    const objects = Object.keys(be.doc.tabs![0]!.documentTab!.inlineObjects ?? {});
    await importTabService(be, { document_id: 'doc' }, edited);
    expect(exportTab(be.doc).content).toBe(edited);
    // The same object, not a copy: the Docs API cannot insert it again.
    expect(Object.keys(be.doc.tabs![0]!.documentTab!.inlineObjects ?? {})).toEqual(objects);
  });

  it('section rules: must start with the heading; raising it may not take in the next section', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    await expect(
      importSectionService(be, { document_id: 'doc', anchor_id: ORDERED }, content.replace(/^## .*\n\n/, '')),
    ).rejects.toThrow(/must start with the section heading/);
    // Raising the heading would take in the next section; lowering it under its own subsections too.
    await expect(
      importSectionService(be, { document_id: 'doc', anchor_id: ORDERED }, content.replace(/^## /, '# ')),
    ).rejects.toThrow(/would take in the level-2 section/);
    // The same with the anchor written.
    await expect(
      importSectionService(
        be,
        { document_id: 'doc', anchor_id: ORDERED },
        content.replace(/^## /, `# {^ ${ORDERED}}`),
      ),
    ).rejects.toThrow(/would take in the level-2 section/);
    expect(be.writes).toHaveLength(0);
  });

  it('a heading at the section level, or in the preamble, adds a section after the content before it', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    const sibling = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      `${content}\n## Sibling\n\nIts text.\n`,
    );
    expect(sibling.new_headings).toEqual([{ anchor_id: expect.any(String), level: 2, text: 'Sibling' }]);
    expect(exportSection(be.doc, undefined, ORDERED).content).toBe(content);
    const added = exportSection(be.doc, undefined, sibling.new_headings[0]!.anchor_id).content;
    expect(added).toContain('Sibling');
    expect(added).toContain('Its text.');
    const preamble = exportSection(be.doc, undefined, '').content;
    const first = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: '' },
      `${preamble}\n# A first section\n`,
    );
    expect(first.new_headings.map((h) => h.text)).toEqual(['A first section']);
    expect(exportSection(be.doc, undefined, '').content).toBe(preamble);
  });

  it('reports new headings with the ids the document gave them', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    const r = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      content.replace('3. Third\n', '3. Third\n\n### Fourth things\n\nMore text.\n'),
    );
    expect(r.new_headings).toHaveLength(1);
    const h = r.new_headings[0]!;
    expect(h).toMatchObject({ level: 3, text: 'Fourth things' });
    expect(h.anchor_id).toMatch(/^h\./);
    expect(exportSection(be.doc, undefined, h.anchor_id).content).toContain('Fourth things');
    // The edited section's own heading id survived.
    const shown = exportSection(be.doc, undefined, ORDERED, { anchors: 'all' }).content;
    expect(shown.startsWith(`## {^ ${ORDERED}}Ordered`)).toBe(true);
  });

  it('refuses content over the size limit before reading the document', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    await expect(
      importTabService(be, { document_id: 'doc' }, 'x'.repeat(MAX_CONTENT_CHARS + 1)),
    ).rejects.toMatchObject({
      type: 'ContentTooLargeError',
    });
    expect(be.gets).toBe(0);
  });

  it('imports into one tab of a multi-tab document and leaves the other tabs alone', async () => {
    const be = new MemoryBackend(
      fixture('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json'),
    );
    const tabs = ['t.0', 't.ytrmrxold3qv', 't.lkp7hl41vf2d', 't.a2r49ovghki6'];
    const before = tabs.map((t) => exportTab(be.doc, t).content);
    await expect(importTabService(be, { document_id: 'doc' }, 'x\n')).rejects.toMatchObject({
      type: 'MultipleTabsError',
    });
    const target = 't.ytrmrxold3qv';
    const edited = before[1]!.replace('I am the content', 'I am the edited content');
    const r = await importTabService(be, { document_id: 'doc', tab_id: target }, edited);
    expect(r.tab_id).toBe(target);
    for (const req of r.requests) expect(JSON.stringify(req)).toContain(`"tabId":"${target}"`);
    expect(tabs.map((t) => exportTab(be.doc, t).content)).toEqual([before[0], edited, before[2], before[3]]);
  });

  it('turning a paragraph into a heading reports the new heading and its id', async () => {
    const be = new MemoryBackend(fixture(STENCILA));
    const content = exportSection(be.doc, undefined, ORDERED).content;
    const r = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      content.replace('3. Third\n', '3. Third\n\nClosing words.\n'),
    );
    expect(r.new_headings).toEqual([]);
    const now = exportSection(be.doc, undefined, ORDERED).content;
    const r2 = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ORDERED },
      now.replace('Closing words.', '### Closing words.'),
    );
    expect(r2.new_headings).toHaveLength(1);
    expect(r2.new_headings[0]).toMatchObject({ level: 3, text: 'Closing words.' });
    expect(r2.requests.length).toBeLessThanOrEqual(3);
  });

  it('a large whole-tab rewrite keeps every heading (and its id) while everything around changes', async () => {
    const be = new MemoryBackend(generatedDocument(60) as Document);
    const before = exportTab(be.doc).content;
    const headings = getHierarchy(be.doc).markdown;
    // Drop the first body paragraph and reword every other one: one big gap for the aligner.
    const firstBody = before.split('\n\n').find((p) => p.startsWith('The quarterly'))!;
    const edited = before
      .replace(`${firstBody}\n\n`, '')
      .replaceAll('every team reported', 'each team reported');
    const r = await importTabService(be, { document_id: 'doc' }, edited);
    expect(r.success).toBe(true);
    expect(getHierarchy(be.doc).markdown).toBe(headings);
    expect(exportTab(be.doc).content).toBe(edited);
  });
});

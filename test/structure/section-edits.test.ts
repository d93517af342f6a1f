/**
 * The section use cases at the edges of a tab: before the first heading with no preamble, the
 * first and the last section, a table next to the place, a list before it, and what they refuse.
 * Every edit is checked against the tab it should leave, through the exporter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { exportTabService, hierarchyService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import {
  deleteSectionService,
  insertSectionService,
  moveSectionService,
} from '../../src/docs/service/sections.js';

let dir: string;
let backend: LocalBackend;
let id: string;

const START = [
  '# Alpha',
  '',
  'First paragraph.',
  '',
  '- one',
  '- two',
  '',
  '# Beta',
  '',
  '| a | b |',
  '| --- | --- |',
  '| 1 | 2 |',
  '',
  '## Beta child',
  '',
  'Deeper.',
  '',
  '# Gamma',
  '',
  'Last words.',
  '',
].join('\n');

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gdoc-sections-'));
  backend = new LocalBackend({ dir });
  id = (await backend.create('Edges')).documentId!;
  await importTabService(backend, { document_id: id }, START);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The tab's MEBDF without heading anchors, to compare with what is expected. */
async function text(): Promise<string> {
  const { content } = await exportTabService(backend, { document_id: id });
  return content.replace(/\{\^ h\.[^}]+\}/g, '');
}

async function anchor(title: string): Promise<string> {
  const { headings } = await hierarchyService(backend, { document_id: id });
  return headings.find((h) => h.text === title)!.anchor_id;
}

const NEW = '# Intro\n\nBefore everything.\n';

describe('section edits at the edges', () => {
  it('inserts before the first heading of a tab with no preamble, which keeps its id', async () => {
    const before = await text();
    const alpha = await anchor('Alpha');
    await insertSectionService(backend, { document_id: id }, { where: 'before', anchorId: alpha }, NEW);
    expect(await text()).toBe(`${NEW}\n${before}`);
    expect(await anchor('Alpha')).toBe(alpha);
  });

  it('inserts after a section that ends in a table subsection and at the end of the tab', async () => {
    const before = await text();
    await insertSectionService(
      backend,
      { document_id: id },
      { where: 'after', anchorId: await anchor('Beta') },
      '# Between\n\nIn the middle.\n',
    );
    await insertSectionService(backend, { document_id: id }, { where: 'end' }, '## Tail\n\nAt the end.\n');
    const [head, tail] = before.split('# Gamma');
    expect(await text()).toBe(
      `${head}# Between\n\nIn the middle.\n\n# Gamma${tail}\n## Tail\n\nAt the end.\n`,
    );
  });

  it('deletes the first section (no preamble) and the last one', async () => {
    await deleteSectionService(backend, { document_id: id, anchor_id: await anchor('Alpha') });
    await deleteSectionService(backend, { document_id: id, anchor_id: await anchor('Gamma') });
    const { headings } = await hierarchyService(backend, { document_id: id });
    expect(headings.map((h) => h.text)).toEqual(['Beta', 'Beta child']);
    expect(await text()).toContain('| 1 | 2 |');
    expect(await text()).not.toMatch(/First paragraph|Last words/);
  });

  it('moves the first section (with its list) to the end, then the table section after it', async () => {
    const start = await text();
    const [alpha, rest] = [start.slice(0, start.indexOf('# Beta')), start.slice(start.indexOf('# Beta'))];
    const [beta, gamma] = [rest.slice(0, rest.indexOf('# Gamma')), rest.slice(rest.indexOf('# Gamma'))];
    await moveSectionService(
      backend,
      { document_id: id, anchor_id: await anchor('Alpha') },
      { where: 'end' },
    );
    expect(await text()).toBe(`${beta}${gamma}\n${alpha.trimEnd()}\n`);
    await moveSectionService(
      backend,
      { document_id: id, anchor_id: await anchor('Beta') },
      { where: 'after', anchorId: await anchor('Alpha') },
    );
    expect(await text()).toBe(`${gamma}\n${alpha}${beta.trimEnd()}\n`);
  });

  it('a moved section whose headings links point to: the links follow its new headings', async () => {
    const [beta, child] = [await anchor('Beta'), await anchor('Beta child')];
    // Links to both of the section's headings, in another section.
    const start = (await exportTabService(backend, { document_id: id })).content;
    await importTabService(
      backend,
      { document_id: id },
      start.replace('Last words.', `Last words; see [Beta](#^${beta}) and [its child](#^${child}).`),
    );
    const result = await moveSectionService(
      backend,
      { document_id: id, anchor_id: beta },
      { where: 'before', anchorId: await anchor('Alpha') },
    );
    const [newBeta, newChild] = result.new_headings.map((h) => h.anchor_id);
    expect(result.removed_anchors).toEqual([beta, child]);
    expect([newBeta, newChild]).not.toContain(beta);
    const { content } = await exportTabService(backend, { document_id: id });
    expect(content).toContain(`see [Beta](#^${newBeta}) and [its child](#^${newChild}).`);
    expect(content).toMatch(new RegExp(`^# \\{\\^ ${newBeta}\\}Beta`, 'm'));
    expect(result.warnings.join('\n')).toMatch(/are pointed at them/);
  });

  it('refuses a move into the section itself, content without a heading, and a dry run writes nothing', async () => {
    await expect(
      moveSectionService(
        backend,
        { document_id: id, anchor_id: await anchor('Beta') },
        { where: 'before', anchorId: await anchor('Beta child') },
      ),
    ).rejects.toThrow(/into itself/);
    await expect(
      insertSectionService(backend, { document_id: id }, { where: 'end' }, 'No heading here.\n'),
    ).rejects.toThrow(/must start with its heading line/);
    const before = await text();
    const dry = await deleteSectionService(
      backend,
      { document_id: id, anchor_id: await anchor('Beta') },
      { dry_run: true },
    );
    expect(dry.removed_anchors).toHaveLength(2);
    expect(dry.requests.length).toBeGreaterThan(0);
    expect(await text()).toBe(before);
  });
});

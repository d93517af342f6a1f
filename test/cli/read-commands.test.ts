/**
 * gdoc ls, info, outline and export on temporary copies of real documents: human output, --json,
 * the three ways to name a document (a .json path, --local NAME), and typed failures with exit 1.
 */
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../server/harness.js';
import { runGdoc } from './run-gdoc.js';

let dir: string;
beforeEach(() => {
  dir = makeStore({ golden: true, multi: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('gdoc ls / info', () => {
  it('ls lists a local store, filters, and answers JSON', async () => {
    const human = await runGdoc(['ls', '--local', dir]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('MD Serde Golden');
    expect(human.stdout).toContain('Markdown Conversion Example - Multi-Tab');
    const json = await runGdoc(['ls', 'serde', '--local', dir, '--json']);
    const parsed = JSON.parse(json.stdout) as {
      documents: Array<{ document_id: string }>;
      total_count: number;
    };
    expect(parsed.documents.map((d) => d.document_id)).toEqual(['golden']);
    expect(parsed.total_count).toBe(1);
  });

  it('info shows nested tabs indented, by path and by --local name', async () => {
    const human = await runGdoc(['info', join(dir, 'multi.json')]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/\n {8}t\.a2r49ovghki6 {2}Grandchild tab/);
    const json = await runGdoc(['info', 'multi', '--local', dir, '--json']);
    const meta = JSON.parse(json.stdout) as { tabs: Array<{ tab_id: string; nesting_level: number }> };
    expect(meta.tabs.map((t) => t.nesting_level)).toEqual([0, 0, 1, 2]);
  });

  it('an unknown document fails with exit 1 and the error type', async () => {
    const run = await runGdoc(['info', 'nope', '--local', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DocumentNotFoundError');
    const json = await runGdoc(['info', 'nope', '--local', dir, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      success: false,
      error: { type: 'DocumentNotFoundError' },
    });
  });

  it('a DOC that is neither id, URL nor .json is a ValidationError', async () => {
    const run = await runGdoc(['info', 'not/a/doc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ValidationError');
  });
});

describe('gdoc outline / export', () => {
  it('outline prints heading lines with anchors; --json has headings and markdown', async () => {
    const file = join(dir, 'golden.json');
    const human = await runGdoc(['outline', file]);
    expect(human.stdout.trim().split('\n')).toEqual([
      '# {^ h.klpxbx6hfx27}Introduction',
      '## {^ h.ryalwp7mpmhm}Formatting Section',
      '## {^ h.vfzix7fdzbxd}Links Section',
      '# {^ h.8ducnhiug1ge}Second Major Section',
      '### {^ h.2m649omvt5gk}A Sub-Sub Section',
    ]);
    const json = JSON.parse((await runGdoc(['outline', file, '--json'])).stdout) as {
      headings: Array<{ anchor_id: string; level: number; text: string }>;
      markdown: string;
    };
    expect(json.headings[1]).toEqual({ anchor_id: 'h.ryalwp7mpmhm', level: 2, text: 'Formatting Section' });
    expect(json.markdown).toBe(human.stdout);
  });

  it('export prints MEBDF of a section; -o writes it; --json carries base and tokens', async () => {
    const file = join(dir, 'golden.json');
    const section = await runGdoc(['export', file, '--section', 'h.vfzix7fdzbxd']);
    expect(section.code).toBe(0);
    expect(section.stdout.startsWith('## Links Section\n')).toBe(true);
    const anchored = await runGdoc(['export', file, '--section', 'h.vfzix7fdzbxd', '--anchors', 'all']);
    expect(anchored.stdout.startsWith('## {^ h.vfzix7fdzbxd}Links Section\n')).toBe(true);
    expect(section.stdout).toContain('[Example Website](https://example.com)');
    expect(section.stdout).not.toContain('Second Major Section');

    const out = join(dir, 'tab.md');
    const written = await runGdoc(['export', file, '-o', out]);
    expect(written.stdout).toBe('');
    const tab = await readFile(out, 'utf8');
    expect(tab).toContain(section.stdout.trimEnd());
    expect(tab).toContain('Final paragraph of the document.');

    const json = JSON.parse(
      (await runGdoc(['export', file, '--section', 'h.vfzix7fdzbxd', '--json'])).stdout,
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      success: true,
      content: section.stdout,
      tab_id: 't.0',
      anchor_id: 'h.vfzix7fdzbxd',
    });
    for (const key of ['revision_id', 'base', 'warnings', 'estimated_tokens'])
      expect(json).toHaveProperty(key);
  });

  it('export of a multi-tab document needs --tab; a bad anchor lists the valid ones', async () => {
    const multi = await runGdoc(['export', 'multi', '--local', dir]);
    expect(multi.code).toBe(1);
    expect(multi.stderr).toContain('MultipleTabsError');
    const ok = await runGdoc(['export', 'multi', '--local', dir, '--tab', 't.0']);
    expect(ok.code).toBe(0);
    const bad = await runGdoc(['export', join(dir, 'golden.json'), '--section', 'h.nope']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('AnchorNotFoundError');
    expect(bad.stderr).toContain('h.ryalwp7mpmhm');
  });
});

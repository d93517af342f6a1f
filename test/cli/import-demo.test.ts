/**
 * gdoc import (file and stdin, dry run, --json, failures with exit 1 and the document unchanged)
 * and gdoc demo — the README's first command — end to end, in-process.
 */
import { rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../server/harness.js';
import { runGdoc } from './run-gdoc.js';

let dir: string;
let doc: string;
beforeEach(() => {
  dir = makeStore({ golden: true });
  doc = join(dir, 'golden.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SECTION = 'h.vfzix7fdzbxd';

describe('gdoc import', () => {
  it('export → edit → dry run → import, changing only that section', async () => {
    const exported = JSON.parse((await runGdoc(['export', doc, '--section', SECTION, '--json'])).stdout) as {
      content: string;
      base: string;
    };
    const tabBefore = (await runGdoc(['export', doc])).stdout;
    const file = join(dir, 'section.md');
    const edited = exported.content.replace('for more info.', 'for more information.');
    await writeFile(file, edited);

    const bytes = await readFile(doc, 'utf8');
    const dry = await runGdoc(['import', doc, file, '--section', SECTION, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+Visit [Example Website](https://example.com) for more information.');
    expect(dry.stdout).toMatch(
      /Dry run: section h\.vfzix7fdzbxd would take \d+ requests? \(\d+ \w+.*\); nothing written/,
    );
    expect(await readFile(doc, 'utf8')).toBe(bytes);

    const run = await runGdoc(['import', doc, file, '--section', SECTION, '--base', exported.base, '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      success: boolean;
      requests: unknown[];
      anchor_id: string;
      dry_run: boolean;
    };
    expect(result).toMatchObject({ success: true, anchor_id: SECTION, dry_run: false });
    expect(result.requests.length).toBeGreaterThan(0);
    expect(result.requests.length).toBeLessThanOrEqual(3);

    const tabAfter = (await runGdoc(['export', doc])).stdout;
    expect(tabAfter).toBe(tabBefore.replace(exported.content, edited));
  });

  it('reads stdin with "-" and reports no change for an unchanged export', async () => {
    const content = (await runGdoc(['export', doc, '--section', SECTION])).stdout;
    const run = await runGdoc(['import', doc, '-', '--section', SECTION], content);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No change');
  });

  it('refuses an empty stdin instead of emptying the tab', async () => {
    const bytes = await readFile(doc, 'utf8');
    const run = await runGdoc(['import', doc, '-'], '  \n');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ValidationError');
    expect(await readFile(doc, 'utf8')).toBe(bytes);
  });

  it('fails with exit 1, the error type, and the document unchanged', async () => {
    const bytes = await readFile(doc, 'utf8');
    const file = join(dir, 'bad.md');
    await writeFile(file, '## {^ h.vfzix7fdzbxd}Links Section\n\nText {!color:#cc0000}never closed\n');
    const bad = await runGdoc(['import', doc, file, '--section', SECTION]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('MebdfParseError');
    const json = await runGdoc(['import', doc, file, '--section', SECTION, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ success: false, error: { type: 'MebdfParseError' } });
    const missing = await runGdoc(['import', doc, join(dir, 'nope.md'), '--section', SECTION]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('ValidationError');
    expect(await readFile(doc, 'utf8')).toBe(bytes);
  });
});

describe('gdoc demo', () => {
  it('runs offline and shows every step, with nothing else changed', async () => {
    const run = await runGdoc(['demo']);
    expect(run.code, run.stderr).toBe(0);
    for (const step of [
      '1. The outline',
      '2. Export one section',
      '3. Edit it',
      '4. Dry run',
      '5. Import it',
      '6. Everything else is untouched',
    ]) {
      expect(run.stdout).toContain(step);
    }
    expect(run.stdout).toMatch(
      /(\d+) of \1 other sections \(preamble included\) export byte-for-byte as before/,
    );
  });

  it('--json reports the counts', async () => {
    const run = await runGdoc(['demo', '--json']);
    const report = JSON.parse(run.stdout) as {
      import: { request_count: number };
      untouched: { sections_compared: number; sections_identical: number; tab_lines_changed: number };
      section: { before: string; after: string };
    };
    expect(report.import.request_count).toBeGreaterThan(0);
    expect(report.import.request_count).toBeLessThanOrEqual(3);
    expect(report.untouched.sections_identical).toBe(report.untouched.sections_compared);
    expect(report.untouched.sections_compared).toBeGreaterThan(0);
    expect(report.untouched.tab_lines_changed).toBe(1);
    expect(report.section.after).not.toBe(report.section.before);
  });
});

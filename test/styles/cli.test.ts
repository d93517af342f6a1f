/**
 * gdoc styles extract / styles apply / normalize, in-process on copies of real documents: human
 * output, --json, --dry-run, and typed failures with exit code 1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GdocRun, runGdoc } from '../cli/run-gdoc.js';
import { DOCS } from './helpers.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'real');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gdoc-styles-cli-'));
  writeFileSync(join(dir, 'template.json'), readFileSync(join(REAL, DOCS.encoda2)));
  writeFileSync(join(dir, 'target.json'), readFileSync(join(REAL, DOCS.simple)));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The real `gdoc` program in-process (every command registered, the binary's error handling). */
function gdoc(...args: string[]): Promise<GdocRun> {
  return runGdoc(args);
}

describe('gdoc styles', () => {
  it('extracts as a table and as JSON, and applies a saved extract', async () => {
    const human = await gdoc('styles', 'extract', join(dir, 'template.json'));
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^element\s+font\s+size/);
    expect(human.stdout).toMatch(/\nbody\s+Lato\s+12pt/);

    const json = await gdoc('styles', 'extract', 'template', '--local', dir, '--json');
    const extracted = JSON.parse(json.stdout) as { styles: unknown[]; source_document_id: string };
    expect(extracted.source_document_id).toBe('template');
    const stylesFile = join(dir, 'styles.json');
    writeFileSync(stylesFile, json.stdout);

    const targetFile = join(dir, 'target.json');
    const bytes = readFileSync(targetFile, 'utf8');
    const dry = await gdoc('styles', 'apply', targetFile, stylesFile, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^would make \d+ formatting changes/);
    expect(readFileSync(targetFile, 'utf8')).toBe(bytes);

    const applied = await gdoc('styles', 'apply', targetFile, stylesFile, '--json');
    expect(JSON.parse(applied.stdout)).toMatchObject({ success: true, dry_run: false });
    const after = await gdoc('styles', 'extract', targetFile, '--json');
    expect((JSON.parse(after.stdout) as { styles: unknown[] }).styles).toEqual(extracted.styles);
  });

  it('fails with exit 1 on a styles file that is not JSON', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{not json');
    const run = await gdoc('styles', 'apply', join(dir, 'target.json'), bad);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ValidationError: .*not valid JSON/);
  });
});

describe('gdoc normalize', () => {
  it('normalizes, then finds nothing left to do', async () => {
    const file = join(dir, 'target.json');
    const first = await gdoc('normalize', file, '--body-font', 'Georgia', '--space-after', '6pt');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^made [1-9]\d* formatting change/);
    expect(first.stdout).toMatch(/body: font family Arial → Georgia/);
    const second = await gdoc('normalize', file, '--body-font', 'Georgia', '--space-after', '6pt', '--json');
    expect(JSON.parse(second.stdout)).toMatchObject({ success: true, changes_made: 0 });
  });

  it('reports a bad value as a ValidationError (JSON on stdout with --json) and changes nothing', async () => {
    const file = join(dir, 'target.json');
    const bytes = readFileSync(file, 'utf8');
    const run = await gdoc('normalize', file, '--line-spacing', 'roomy', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: false, error: { type: 'ValidationError' } });
    expect(run.stderr).toMatch(/line_spacing/);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });
});

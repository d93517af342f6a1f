/**
 * Errors never flood a model's context or a terminal: whatever the size of the input a caller
 * sends, an error result stays under 2 KB, and where it echoes input it shows a short excerpt
 * and the input's length. The CLI names a missing file and unreadable store files for what they are.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bounded,
  excerpt,
  MAX_ERROR_DIAGNOSTICS,
  MAX_ERROR_MESSAGE,
  MAX_ERROR_SUGGESTION,
  MebdfParseError,
  ValidationError,
} from '../../src/errors.js';
import { runGdoc } from '../cli/run-gdoc.js';
import { connectLocal, errorOf, type Harness } from '../server/harness.js';

const LIMIT = 2048;
const BIG = 'z'.repeat(2_000_000);
const SECTION = 'h.ryalwp7mpmhm';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function errorFor(name: string, args: Record<string, unknown>) {
  const result = await h!.client.callTool({ name, arguments: args });
  const text = (result as { content: Array<{ text: string }> }).content[0]!.text;
  return { error: errorOf(result), size: Buffer.byteLength(text) };
}

/** The section as exported, with `line` added at its end: a well-formed edit but for `line`. */
async function sectionWith(line: string): Promise<string> {
  const result = await h!.client.callTool({
    name: 'export_section',
    arguments: { document_id: 'golden', anchor_id: SECTION },
  });
  return `${(result.structuredContent as { content: string }).content}\n${line}\n`;
}

describe('error results stay small whatever the input size', () => {
  const ids: Array<[string, string, Record<string, unknown>]> = [
    ['a 2 MB document_id', 'get_metadata', { document_id: BIG }],
    ['a 2 MB document_id', 'export_tab', { document_id: BIG }],
    ['a 2 MB tab_id', 'export_tab', { document_id: 'golden', tab_id: BIG }],
    ['a 2 MB anchor_id', 'export_section', { document_id: 'golden', anchor_id: BIG }],
    ['a 2 MB base', 'import_section', { document_id: 'golden', anchor_id: SECTION, content: 'x', base: BIG }],
  ];
  for (const [what, tool, args] of ids) {
    it(`${tool} with ${what}`, async () => {
      h = await connectLocal({ golden: true });
      const { error, size } = await errorFor(tool, args);
      expect(size).toBeLessThan(LIMIT);
      expect(error.message).not.toContain('z'.repeat(100));
    });
  }

  const lines: Array<[string, string]> = [
    ['a 500 KB colour value', `{!color:${BIG.slice(0, 500_000)}}x{/!}`],
    ['a 500 KB property name', `{!${'q'.repeat(500_000)}:1}x{/!}`],
    ['a 500 KB length', `{!size:${'9'.repeat(500_000)}x}x{/!}`],
    ['a 300 KB embed id', `{^= ${BIG.slice(0, 300_000)} image}`],
    ['a 300 KB anchor link', `[x](#^${BIG.slice(0, 300_000)})`],
    ['10,000 unclosed spans', '{!bold}x'.repeat(10_000)],
  ];
  for (const [what, line] of lines) {
    it(`import_section with ${what}`, async () => {
      h = await connectLocal({ golden: true });
      const content = await sectionWith(line);
      const result = await h.client.callTool({
        name: 'import_section',
        arguments: { document_id: 'golden', anchor_id: SECTION, content, dry_run: true },
      });
      const text = (result as { content: Array<{ text: string }> }).content[0]!.text;
      if (result.isError) expect(Buffer.byteLength(text)).toBeLessThan(LIMIT);
    });
  }

  it('an echoed value shows its start and its length', async () => {
    h = await connectLocal({ golden: true });
    const { error } = await errorFor('export_tab', { document_id: 'golden', tab_id: BIG });
    expect(error.message).toContain('(2,000,000 characters)');
  });
});

describe('the bounds themselves', () => {
  it('excerpt keeps short values whole and quotes long ones with their length', () => {
    expect(excerpt('t.0')).toBe('"t.0"');
    expect(excerpt('abc', '`')).toBe('`abc`');
    expect(excerpt('x'.repeat(41))).toBe(`"${'x'.repeat(40)}…" (41 characters)`);
  });

  it('bounded leaves short text alone and cuts long text to its limit, saying so', () => {
    expect(bounded('short', 10)).toBe('short');
    const cut = bounded('y'.repeat(5000), 300);
    expect(cut.length).toBe(300);
    expect(cut).toContain('5,000 characters in all');
  });

  it('every typed error bounds its message and suggestion, whoever built them', () => {
    const error = new ValidationError('m'.repeat(100_000), 's'.repeat(100_000));
    expect(error.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE);
    expect(error.suggestion!.length).toBeLessThanOrEqual(MAX_ERROR_SUGGESTION);
    expect(error.message.startsWith('mmm')).toBe(true);
  });

  it('a parse error carries the first few diagnostics, each bounded, and counts the rest', () => {
    const diagnostics = Array.from({ length: 50 }, (_, i) => ({
      line: i + 1,
      column: 1,
      text: 'w'.repeat(10_000),
      message: 'bad '.repeat(10_000),
    }));
    const error = new MebdfParseError(diagnostics);
    expect(error.diagnostics).toHaveLength(MAX_ERROR_DIAGNOSTICS);
    expect(error.message).toContain('(and 49 more)');
    expect(Buffer.byteLength(JSON.stringify(error.diagnostics))).toBeLessThan(LIMIT * 2);
  });
});

describe('the CLI names missing and unreadable files', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gdoc export of a missing .json file says the file does not exist', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gdoc-missing-'));
    const run = await runGdoc(['export', join(dir, 'nosuch.json')]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${join(dir, 'nosuch.json')} does not exist`);
    expect(run.stderr).not.toContain('holds one document');
  });

  it('gdoc ls lists the readable documents and names each unreadable file with its problem', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gdoc-ls-'));
    writeFileSync(join(dir, 'good.json'), JSON.stringify({ title: 'Good', body: { content: [] } }));
    writeFileSync(join(dir, 'broken.json'), '{"title": ');
    writeFileSync(join(dir, 'other.json'), '{"hello": 1}');
    const run = await runGdoc(['ls', '--local', dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Good');
    expect(run.stderr).toMatch(/broken\.json is not valid JSON/);
    expect(run.stderr).toMatch(/other\.json is not a Google Docs document/);
    const json = await runGdoc(['ls', '--local', dir, '--json']);
    const listed = JSON.parse(json.stdout) as { unreadable: Array<{ document_id: string }> };
    expect(listed.unreadable.map((u) => u.document_id).sort()).toEqual(['broken', 'other']);
  });
});

/** `gdoc lint` and `gdoc fmt`, run in-process through the real command registry. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGdoc } from '../cli/run-gdoc.js';

const dir = mkdtempSync(join(tmpdir(), 'gdoc-mebdf-'));
const good = join(dir, 'good.md');
const bad = join(dir, 'bad.md');
writeFileSync(good, '# Title\n\nSome  *text*\nwrapped.\n');
writeFileSync(bad, '# Title\n\n{!colr:red}x{/!} and {/!}\n');

describe('gdoc lint', () => {
  it('should print nothing and exit 0 for valid text', async () => {
    expect(await runGdoc(['lint', good])).toEqual({ stdout: '', stderr: '', code: 0 });
  });
  it('should print FILE:LINE:COLUMN: message (suggestion) per problem and exit 1', async () => {
    const run = await runGdoc(['lint', bad]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      `${bad}:3:3: unknown property \`colr\` (did you mean \`color\`?)`,
      `${bad}:3:22: \`{/!}\` closes no span (remove it, or write \`\\{/!}\` for literal text)`,
    ]);
  });
  it('should read standard input for - and report it as <stdin>', async () => {
    const run = await runGdoc(['lint', '-'], '{!Titel}\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      '<stdin>:1:3: unknown property or paragraph style `Titel` (did you mean `Title`?)\n',
    );
  });
  it('should print JSON with --json', async () => {
    const run = await runGdoc(['lint', bad, '--json']);
    const result = JSON.parse(run.stdout) as { valid: boolean; diagnostics: { line: number }[] };
    expect(result.valid).toBe(false);
    expect(result.diagnostics.map((d) => d.line)).toEqual([3, 3]);
  });
  it('should not accept a missing file', async () => {
    const run = await runGdoc(['lint', join(dir, 'missing.md')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no such file');
  });
});

describe('gdoc fmt', () => {
  it('should print the canonical form', async () => {
    expect(await runGdoc(['fmt', good])).toEqual({
      stdout: '# Title\n\nSome  *text* wrapped.\n',
      stderr: '',
      code: 0,
    });
  });
  it('should not print a formatted text for invalid input: diagnostics on stderr, exit 1', async () => {
    const run = await runGdoc(['fmt', bad]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${bad}:3:3: unknown property \`colr\``);
  });
  it('should exit 1 with --check when the text is not canonical, 0 when it is', async () => {
    expect((await runGdoc(['fmt', '--check', good])).code).toBe(1);
    expect((await runGdoc(['fmt', '--check', '-'], '# Title\n')).code).toBe(0);
  });
});

/**
 * Golden fixtures: test/golden/mebdf/<case>/input.md -> tree.json (the block model, or the
 * diagnostics for invalid input) -> output.md (the canonical form; absent when the input already
 * is canonical, so the input doubles as the expected output). Missing files are created; run with
 * UPDATE=1 to refresh them all.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMebdf, isLintError, lintMebdf, parseMebdf } from '../../src/mebdf/index.js';

const root = join(import.meta.dirname, '../golden/mebdf');
const update = process.env.UPDATE === '1';

function expectFile(path: string, actual: string): void {
  if (update || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe('MEBDF golden fixtures', () => {
  for (const name of readdirSync(root).sort()) {
    const folder = join(root, name);
    const input = readFileSync(join(folder, 'input.md'), 'utf8');
    const diagnostics = lintMebdf(input);

    // Warnings (a `[x]` state Docs cannot hold) do not stop a parse: only errors make a case of errors.
    if (diagnostics.some(isLintError)) {
      it(`${name}: should report every problem with its position`, () => {
        expectFile(join(folder, 'diagnostics.json'), `${JSON.stringify(diagnostics, null, 2)}\n`);
        expect(() => parseMebdf(input)).toThrow();
      });
      continue;
    }

    it(`${name}: should parse to the recorded block model`, () => {
      expectFile(join(folder, 'tree.json'), `${JSON.stringify(parseMebdf(input), null, 2)}\n`);
    });

    it(`${name}: should format to the recorded canonical form, which is a fixed point`, () => {
      const output = formatMebdf(input);
      const outputPath = join(folder, 'output.md');
      if (output === input) {
        if (update && existsSync(outputPath)) rmSync(outputPath);
        expect(existsSync(outputPath)).toBe(false);
      } else {
        expectFile(outputPath, output);
      }
      expect(formatMebdf(output)).toBe(output);
      expect(parseMebdf(output)).toEqual(parseMebdf(input));
    });
  }
});

/**
 * CLI start-up: `gdoc --version`, `gdoc export --help` and `gdoc export` of a one-page local
 * document, each against bare `node -e 0`, spawned the same way and paired run by run (the
 * figure is the median of the per-run ratios). Target: within 2× bare node, which holds only if
 * a command loads no more than it needs.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeDocument } from '../src/docs/engine/json.js';
import { generateDocument } from '../src/docs/generate-document.js';
import type { Figure } from './measure.js';
import { paired, spawnMs } from './spawn.js';

const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const RUNS = 15;

export async function benchStartup(): Promise<Figure[]> {
  if (!existsSync(cli)) throw new Error('start-up bench needs the build: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'gdoc-bench-'));
  const tiny = join(dir, 'tiny.json');
  writeFileSync(tiny, serializeDocument(generateDocument({ pages: 1 })));
  try {
    const bare = () => spawnMs(['-e', '0']);
    const cases: Array<[string, string[]]> = [
      ['gdoc --version', ['--version']],
      ['gdoc export --help', ['export', '--help']],
      ['gdoc export (1-page local document)', ['export', tiny]],
    ];
    return cases.map(([name, args]) => {
      const result = paired(RUNS, () => spawnMs([cli, ...args]), bare);
      return {
        name,
        ms: result.ms,
        baseline: 'node -e 0',
        ratio: result.ratio,
        note: `node -e 0: ${result.baseMs.toFixed(0)} ms`,
        target: '≤ 2×',
        ok: result.ratio <= 2,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of await benchStartup()) console.log(f);
}

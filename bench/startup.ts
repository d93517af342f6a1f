/**
 * CLI start-up: `gdoc --version` and `gdoc fmt` on a tiny input, against bare `node -e 0`, both
 * spawned the same way. Target: within 4× bare node (heavy modules must load lazily).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Figure, median } from './measure.js';

const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

function run(args: string[], input?: string): void {
  const result = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`start-up bench: node ${args.join(' ')} failed: ${result.stderr}`);
}

export async function benchStartup(): Promise<Figure[]> {
  if (!existsSync(cli)) throw new Error('start-up bench needs the build: run `npm run build` first');
  const options = { minRuns: 10, minMs: 1000 };
  const bare = median(() => run(['-e', '0']), options);
  const version = median(() => run([cli, '--version']), options);
  const figures: Figure[] = [
    { name: 'node -e 0', ms: bare },
    {
      name: 'gdoc --version',
      ms: version,
      baseline: 'node -e 0',
      ratio: version / bare,
      target: '≤ 4×',
      ok: version / bare <= 4,
    },
  ];
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of await benchStartup()) console.log(f);
}

/**
 * Vitest globalSetup: builds dist/ as `npm run build` does before any test runs, because the binary
 * tests spawn dist/cli/main.js. The build is skipped when dist/ is current (every src module's
 * output is at least as new as the module), so `npm test`, which builds first, builds once, and a
 * fresh clone's `npx vitest run` still finds the binary.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The src modules whose built .js is missing or older than the module. */
function staleModules(dir = 'src'): string[] {
  const stale: string[] = [];
  for (const entry of readdirSync(`${ROOT}${dir}`, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      stale.push(...staleModules(rel));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      const built = `${ROOT}dist/${rel.slice('src/'.length).replace(/\.ts$/, '.js')}`;
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(`${ROOT}${rel}`).mtimeMs) stale.push(rel);
    }
  }
  return stale;
}

export default function buildDist(): void {
  const stale = staleModules();
  if (stale.length === 0) return;
  const more = stale.length > 1 ? ` and ${stale.length - 1} more` : '';
  process.stderr.write(`Building dist/: out of date for ${stale[0]}${more}\n`);
  const run = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) {
    throw new Error(`npm run build failed (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  }
}

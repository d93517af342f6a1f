/**
 * `npm run profile`: CPU profiles of what a user runs at 100 pages — a one-word section import
 * and a one-word whole-tab import through the CLI on the local store (`node --cpu-prof`), each
 * after a `gdoc export` of its target as a user makes — and
 * the functions with the most self time in each, so the next cut starts where the time goes.
 * The .cpuprofile files (open them in Chrome DevTools or VS Code) go to the folder given as the
 * first argument, or to a fresh temporary folder; the path is printed.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editOneWord, makeStore } from './user.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = 100;
const TOP = 15;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMap | null>();

/**
 * `file:line` of a frame; in the bundled CLI (dist/cli/main.js, dist/chunks/) the source module's
 * (src/…), read from the bundle's source map, so that times still add up per folder of ours.
 */
function frameSource(frame: ProfileNode['callFrame']): string {
  if (!frame.url.startsWith('file://')) return frame.url ? `${frame.url}:${frame.lineNumber + 1}` : '';
  const path = fileURLToPath(frame.url);
  if (!maps.has(path)) {
    const mapFile = `${path}.map`;
    maps.set(
      path,
      existsSync(mapFile)
        ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload)
        : null,
    );
  }
  const entry = maps.get(path)?.findEntry(frame.lineNumber, frame.columnNumber) as
    | { originalSource?: string; originalLine?: number }
    | undefined;
  if (entry?.originalSource === undefined || entry.originalLine === undefined)
    return `${relative(ROOT, path)}:${frame.lineNumber + 1}`;
  const source = entry.originalSource.startsWith('file://')
    ? fileURLToPath(entry.originalSource)
    : resolve(dirname(path), entry.originalSource);
  return `${relative(ROOT, source)}:${entry.originalLine + 1}`;
}

/** Self milliseconds per function (name + file:line), most first, and the profile's total. */
export function selfTimes(profile: CpuProfile): { total: number; rows: Array<[string, number]> } {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const key = `${frame.functionName || '(anonymous)'} ${frameSource(frame)}`.trim();
    self.set(key, (self.get(key) ?? 0) + ms);
  });
  return { total, rows: [...self].sort((a, b) => b[1] - a[1]) };
}

/** The command profiled runs in its own process: handed to the background gdoc, it would not be in the profile. */
const OWN_PROCESS = { ...process.env, GDOC_DAEMON: '0' };

/** `gdoc export` of the target, unprofiled (its output is the text the edit starts from). */
function exportFirst(store: string, where: string[]): void {
  const result = spawnSync(process.execPath, [CLI, 'export', 'doc', '--local', store, ...where], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: OWN_PROCESS,
  });
  if (result.status !== 0) throw new Error(`profile: gdoc export failed: ${result.stderr}`);
}

function profileRun(dir: string, label: string, args: string[]): void {
  const out = join(dir, label);
  mkdirSync(out, { recursive: true });
  const result = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', out, CLI, ...args], {
    encoding: 'utf8',
    env: OWN_PROCESS,
  });
  if (result.status !== 0) throw new Error(`profile: gdoc ${args.join(' ')} failed: ${result.stderr}`);
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`profile: no .cpuprofile in ${out}`);
  const { total, rows } = selfTimes(JSON.parse(readFileSync(join(out, file), 'utf8')) as CpuProfile);
  process.stdout.write(`\n${label}: ${total.toFixed(0)} ms sampled (${join(out, file)})\n`);
  process.stdout.write(`${result.stdout.trim()}\n  self ms  share  function\n`);
  const line = ([name, ms]: [string, number]) =>
    `  ${ms.toFixed(0).padStart(7)}  ${((ms / total) * 100).toFixed(1).padStart(4)}%  ${name}\n`;
  for (const row of rows.slice(0, TOP)) process.stdout.write(line(row));
  process.stdout.write('  by area:\n');
  for (const row of byArea(rows).slice(0, 10)) process.stdout.write(line(row));
}

/** Self time summed per area: a folder of ours (src/docs/export), a package, or Node itself. */
function byArea(rows: Array<[string, number]>): Array<[string, number]> {
  const areas = new Map<string, number>();
  for (const [name, ms] of rows) {
    const file = name.split(' ')[1] ?? '';
    const ours = /^(?:src|dist)\/((?:docs\/)?[^/:]+)\//.exec(file);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
    const area = ours ? `src/${ours[1]}` : pkg ? pkg[1]! : name.startsWith('(') ? name : 'node internals';
    areas.set(area, (areas.get(area) ?? 0) + ms);
  }
  return [...areas].sort((a, b) => b[1] - a[1]);
}

if (!existsSync(CLI)) throw new Error('profile needs the build: run `npm run build` first');
const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'gdoc-profile-'));
const store = await makeStore(PAGES);
try {
  const content = join(store.dir, 'content.md');
  const base = ['import', 'doc', content, '--local', store.dir];
  // A user exports before editing, as `npm run bench` does: the base store then keeps the text
  // handed out, which the import parses against (only what changed).
  exportFirst(store.dir, ['--section', store.anchor]);
  writeFileSync(content, editOneWord(store.section));
  profileRun(dir, `section-import-${PAGES}p`, [...base, '--section', store.anchor]);
  writeFileSync(store.file, store.pristine);
  exportFirst(store.dir, []);
  writeFileSync(content, editOneWord(store.tab));
  profileRun(dir, `tab-import-${PAGES}p`, base);
} finally {
  rmSync(store.dir, { recursive: true, force: true });
}

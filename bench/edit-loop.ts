/**
 * The loop a person runs in one process, as a server or the background gdoc runs it: export,
 * change one word, import; again and again (tab-loop.ts, section-loop.ts). Times the imports
 * after fifteen rounds untimed (`WARM_UP_ROUNDS`). Also the sizes the in-process benches take from their command line.
 */
import type { ImportResult } from '../src/docs/service/contract.js';
import { editOneWord } from './user.js';

const WORDS = ['edited', 'amended'];

/** The sizes in pages given on the command line (`node --import tsx FILE 25 100 400`), or 25, 100, 400. */
export function pagesFromArgs(): number[] {
  const given = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  return given.length ? given : [25, 100, 400];
}

/**
 * Rounds not timed: a process compiles the code for a large document over its first imports of
 * one. At 100 pages the imports after two rounds took 18–29 ms, and 8–16 ms from about the
 * fifteenth on (one run of 45 rounds, one machine, one hour): medians of 15 after two rounds were
 * medians of that warm-up. A server has run that many long before; the background gdoc runs a large
 * document's loop while it starts (cli/daemon/warm-up.ts) but not fifteen rounds of it.
 */
const WARM_UP_ROUNDS = 15;

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The medians of an import's elapsed and CPU time over `runs` rounds of export, edit, import. */
export async function editLoop(
  runs: number,
  exportText: () => Promise<string>,
  importText: (text: string) => Promise<ImportResult>,
): Promise<{ elapsed: number; cpu: number }> {
  const elapsed: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs + WARM_UP_ROUNDS; i++) {
    // Another word each round: the first plain word of the text, which the last round wrote.
    const edited = editOneWord(await exportText(), WORDS[i % 2]);
    const t0 = performance.now();
    const start = process.cpuUsage();
    const result = await importText(edited);
    const used = process.cpuUsage(start);
    if (result.requests.length === 0) throw new Error('bench: the edit changed nothing');
    if (i < WARM_UP_ROUNDS) continue;
    elapsed.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
  }
  return { elapsed: middle(elapsed), cpu: middle(cpu) };
}

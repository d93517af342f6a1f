/**
 * `gdoc daemon status|stop`: the background `gdoc` that runs the edit loop's commands warm
 * (../daemon/). It starts by itself and stops after some idle minutes; these say whether one is
 * running for this build and stop it now. `GDOC_DAEMON=0` keeps every command in its own process.
 */
import type { Command } from 'commander';
import { cliIo } from '../io.js';

export function register(program: Command): void {
  const daemon = program
    .command('daemon')
    .description('The background gdoc that keeps export/import warm: status, or stop it.');
  daemon
    .command('status')
    .description('Whether a background gdoc runs for this build: its pid, commands run, and since when.')
    .option('--json', 'print {success, running, pid, commands, since, socket, log} as JSON')
    .action(async (opts: { json?: boolean }) => {
      const status = await ask('status');
      const running = status !== undefined;
      if (opts.json) {
        const { printJson } = await import('../output.js');
        return printJson({ success: true, running, ...status });
      }
      cliIo().stdout.write(
        running
          ? `running: pid ${status.pid}, ${status.commands} command(s) since ${status.since}\n  socket ${status.socket}\n  log ${status.log}\n`
          : `not running${status === undefined && !(await place()) ? ' (off: GDOC_DAEMON=0, a build is needed, or no private folder for its socket)' : ''}\n`,
      );
    });
  daemon
    .command('stop')
    .description('Stop the background gdoc of this build (the next export or import starts another).')
    .action(async () => {
      const stopped = await ask('stop');
      cliIo().stdout.write(stopped ? 'stopped\n' : 'not running\n');
    });
}

async function place() {
  const { daemonPlace } = await import('../daemon/place.js');
  return daemonPlace();
}

interface Status {
  pid: number;
  commands: number;
  since: string;
  socket: string;
  log: string;
}

/** The background process's status, or undefined when none answers. */
async function ask(type: 'status'): Promise<Status | undefined>;
/** Stops it: true when one was running (its socket closing once it has stopped says so). */
async function ask(type: 'stop'): Promise<boolean>;
async function ask(type: 'status' | 'stop'): Promise<Status | boolean | undefined> {
  const where = await place();
  const [{ reach }, { onMessages, send }] = await Promise.all([
    import('../daemon/client.js'),
    import('../daemon/protocol.js'),
  ]);
  const socket = where && (await reach(where.socket));
  if (!where || !socket) return type === 'stop' ? false : undefined;
  return await new Promise((resolve) => {
    let answer: Status | undefined;
    onMessages<{ type: string; pid: number; commands: number; since: string }>(socket, (message) => {
      if (message.type === 'status') {
        const { type: _, ...status } = message;
        answer = { ...status, socket: where.socket, log: where.log };
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(type === 'stop' ? true : answer));
    send(socket, type === 'stop' ? { type: 'stop' } : { type: 'status' });
  });
}

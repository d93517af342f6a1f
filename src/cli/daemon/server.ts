/**
 * The background `gdoc` (`gdoc __daemon`, started by a `gdoc` that found none): it keeps the
 * commands' code loaded and warm, and runs each command handed to it exactly as a `gdoc` process
 * would, one at a time: in the caller's folder, with the caller's environment, writing to the
 * caller's streams (io.ts). It stops by itself after some idle minutes (`GDOC_DAEMON_IDLE_MS`),
 * or with `gdoc daemon stop`; a newer build listens on a socket of its own (place.ts).
 */
import { appendFileSync, readdirSync, statSync, truncateSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settleWrittenDocuments } from '../../docs/backends/local.js';
import { identify, writerIdentity } from '../../docs/service/writer-identity.js';
import type { CliIo } from '../io.js';
import { runGdoc } from '../program.js';
import { reach } from './client.js';
import { type DaemonPlace, daemonPlace } from './place.js';
import { type FromDaemon, onMessages, type RunMessage, send, type ToDaemon } from './protocol.js';
import { warmUp } from './warm-up.js';

const IDLE_MS_DEFAULT = 15 * 60_000;
const BUILD_CHECK_MS = 30_000;

export async function serveDaemon(): Promise<void> {
  const place = daemonPlace();
  if (!place) return;
  process.title = 'gdoc-daemon';
  trimLog(place.log);
  await tidyFolder(place);
  const log = (line: string) => {
    try {
      appendFileSync(place.log, `${new Date().toISOString()} ${process.pid} ${line}\n`, { mode: 0o600 });
    } catch {
      // Nowhere left to say it.
    }
  };
  // A bug in one command must not take the others down with it; it is logged for `gdoc daemon status`.
  process.on('uncaughtException', (error) => log(`uncaught: ${error.stack ?? error}`));
  process.on('unhandledRejection', (error) => log(`unhandled: ${(error as Error)?.stack ?? error}`));

  // The first command handed over should already be warm.
  await warmUp().catch((error: unknown) => log(`warm-up failed: ${(error as Error).stack ?? error}`));

  const state = { commands: 0, since: new Date().toISOString(), queue: Promise.resolve() };
  const idleMs = Number(process.env.GDOC_DAEMON_IDLE_MS) || IDLE_MS_DEFAULT;
  let idle: NodeJS.Timeout | undefined;
  const server = createServer((socket) => serveConnection(socket));
  const stop = () => server.close(() => process.exit(0));
  const rest = () => {
    clearTimeout(idle);
    idle = setTimeout(stop, idleMs);
    idle.unref();
  };

  function serveConnection(socket: Socket): void {
    let stdin: ((text: string) => void) | undefined;
    socket.on('error', () => undefined);
    // A caller gone (Ctrl-C) while its command waits for its input: the input is empty (an import
    // then refuses to write), so the commands queued after it are not held up.
    let closed = false;
    socket.on('close', () => {
      closed = true;
      stdin?.('');
      stdin = undefined;
    });
    onMessages<ToDaemon>(socket, (message) => {
      if (message.type === 'stop') {
        socket.end();
        stop();
      } else if (message.type === 'status') {
        send(socket, { type: 'status', pid: process.pid, commands: state.commands, since: state.since });
        socket.end();
      } else if (message.type === 'stdin') {
        stdin?.(message.text);
        stdin = undefined;
      } else if (message.type === 'run') {
        clearTimeout(idle);
        const later: Array<() => Promise<void>> = [];
        const io = socketIo(
          socket,
          message,
          (resolve) => {
            if (closed) resolve('');
            else stdin = resolve;
          },
          (work) => later.push(work),
        );
        state.queue = state.queue.then(async () => {
          const t0 = performance.now();
          let answered = false;
          const answer = (code: number) => {
            if (answered) return;
            answered = true;
            state.commands++;
            if (process.env.GDOC_DAEMON_TRACE)
              log(`${message.args[0]} ${(performance.now() - t0).toFixed(1)} ms`);
            send(socket, { type: 'exit', code });
            socket.end();
          };
          const code = await runHanded(message, io, async (code) => {
            answer(code);
            // What only speeds up the next command, now that the caller has its answer (io.ts `later`).
            for (const work of later.splice(0))
              await work().catch((error: unknown) =>
                log(`after ${message.args[0]}: ${(error as Error).stack ?? error}`),
              );
          }).catch((error: unknown) => {
            log(`command failed: ${(error as Error).stack ?? error}`);
            return 70;
          });
          answer(code);
          rest();
          // The documents the command wrote are parsed once its caller has its answer, while
          // the person reads it.
          if (closed) setImmediate(settleWrittenDocuments);
          else socket.once('close', () => setImmediate(settleWrittenDocuments));
        });
      }
    });
  }

  const listened = await listen(server, place);
  if (listened !== true) {
    if (listened) log(`cannot listen: ${listened.message}`);
    return;
  }
  log('listening');
  rest();
  // A rebuilt or reinstalled gdoc listens on a socket of its own: this one would only idle on.
  setInterval(() => {
    if (identify(fileURLToPath(import.meta.url)) !== writerIdentity()) stop();
  }, BUILD_CHECK_MS).unref();
}

/** A log of another build untouched this long is of a gdoc no longer in use. */
const OLD_LOG_MS = 7 * 24 * 3600_000;

/**
 * Removes what background processes of other builds left in the folder: a socket nothing listens
 * on (a process killed), a start marker of a start that never listened, an old log.
 */
async function tidyFolder(place: DaemonPlace): Promise<void> {
  const own = basename(place.socket, '.sock');
  for (const name of readdirSync(place.dir)) {
    if (name.startsWith(own)) continue;
    const path = join(place.dir, name);
    try {
      const age = Date.now() - statSync(path).mtimeMs;
      const dead =
        (name.endsWith('.sock') && !(await listening(path))) ||
        (name.endsWith('.starting') && age > 60_000) ||
        (name.endsWith('.log') && age > OLD_LOG_MS);
      if (dead) unlinkSync(path);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
}

/** Whether a background process listens on the socket at `path`. */
async function listening(path: string): Promise<boolean> {
  const socket = await reach(path);
  socket?.destroy();
  return socket !== undefined;
}

/** The log is for the last problems: one grown past this is started afresh. */
const LOG_MAX_BYTES = 1 << 20;

function trimLog(path: string): void {
  try {
    if (statSync(path).size > LOG_MAX_BYTES) truncateSync(path, 0);
  } catch {
    // No log yet.
  }
}

/** The command's streams: the caller's, over the socket. */
function socketIo(
  socket: Socket,
  run: RunMessage,
  awaitStdin: (resolve: (text: string) => void) => void,
  later: (work: () => Promise<void>) => void,
): CliIo {
  const write = (type: 'out' | 'err') => (text: string) => send(socket, { type, text } as FromDaemon);
  return {
    stdout: { isTTY: run.stdout.isTTY, columns: run.stdout.columns, write: write('out') },
    stderr: { isTTY: run.stderr.isTTY, columns: run.stderr.columns, write: write('err') },
    stdinIsTTY: run.stdinIsTTY,
    readStdin: () =>
      new Promise((resolve) => {
        awaitStdin(resolve);
        send(socket, { type: 'stdin?' });
      }),
    exitCode: undefined,
    later,
  };
}

/**
 * One command, as its own process would run it, then `answered` with its exit code while its
 * folder, environment and file mode mask are still the command's (the work it left for after
 * its answer is done as the command would have done it). The folder, the environment and the file mode mask
 * are the process's own while it runs (relative paths, credentials, settings, the modes of files it
 * makes), which is why commands run one at a time.
 */
async function runHanded(
  run: RunMessage,
  io: CliIo,
  answered: (code: number) => Promise<void>,
): Promise<number> {
  const env = process.env;
  const cwd = process.cwd();
  try {
    process.chdir(run.cwd);
  } catch (error) {
    io.stderr.write(`gdoc: cannot run in ${run.cwd}: ${(error as Error).message}\n`);
    return 1;
  }
  process.env = { ...run.env };
  const umask = process.umask(run.umask);
  try {
    const code = await runGdoc(run.args, io);
    await answered(code);
    return code;
  } finally {
    process.umask(umask);
    process.env = env;
    process.chdir(cwd);
  }
}

/**
 * Listens on the socket unless another background process already does (two `gdoc`s may start
 * one each): false when this one is not needed. A socket file left by one that died is replaced.
 */
async function listen(server: Server, place: DaemonPlace): Promise<true | false | Error> {
  const attempt = () =>
    new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(place.socket, () => resolve(undefined));
    });
  let error = await attempt();
  if (error?.code === 'EADDRINUSE') {
    const other = await reach(place.socket);
    if (other) {
      other.destroy();
      return false;
    }
    unlinkSync(place.socket);
    error = await attempt();
  }
  try {
    unlinkSync(place.starting);
  } catch {
    // Already gone.
  }
  return error ?? true;
}

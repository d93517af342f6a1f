/**
 * The `gdoc` side of the background process: hand a command over and relay what it writes, or
 * say that none is running (the command then runs in this process), and start one for the next
 * command. Kept small: it is loaded before anything else by every `gdoc`.
 */
import { closeSync, openSync, statSync, unlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { readProcessStdin } from '../stdin.js';
import { type DaemonPlace, daemonPlace } from './place.js';
import { type FromDaemon, onMessages, send } from './protocol.js';

/**
 * The commands of the edit loop: they read and write files and documents and print, and ask
 * nothing on a terminal. Everything else (login, serve, the commands that confirm a deletion)
 * runs in its own process.
 */
const HANDED = new Set(['export', 'import', 'outline', 'info', 'find', 'lint', 'fmt']);

/** Where the background process for this command is, when the command is one to hand over. */
export function placeFor(args: readonly string[]): DaemonPlace | undefined {
  return HANDED.has(args[0] ?? '') ? daemonPlace() : undefined;
}

/** Runs the command in the background process: its exit code, or undefined when none is running. */
export async function runInDaemon(place: DaemonPlace, args: string[]): Promise<number | undefined> {
  const socket = await reach(place.socket);
  if (!socket) return undefined;
  return await new Promise<number>((resolve) => {
    let code: number | undefined;
    onMessages<FromDaemon>(socket, (message) => {
      if (message.type === 'out') process.stdout.write(message.text);
      else if (message.type === 'err') process.stderr.write(message.text);
      else if (message.type === 'stdin?')
        void readProcessStdin().then((text) => send(socket, { type: 'stdin', text }));
      else if (message.type === 'exit') {
        code = message.code;
        socket.destroy();
        resolve(code);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (code !== undefined) return;
      process.stderr.write(
        'gdoc: internal error: the background gdoc stopped before the command ended; see `gdoc daemon status`, or run again with GDOC_DAEMON=0\n',
      );
      resolve(70);
    });
    send(socket, {
      type: 'run',
      args,
      cwd: process.cwd(),
      env: { ...process.env },
      umask: process.umask(),
      stdinIsTTY: process.stdin.isTTY === true,
      stdout: { isTTY: process.stdout.isTTY === true, columns: process.stdout.columns },
      stderr: { isTTY: process.stderr.isTTY === true, columns: process.stderr.columns },
    });
  });
}

/** A connection to the socket, or undefined when nothing listens there. */
export function reach(path: string): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(undefined));
  });
}

/** A start that has not listened within this long has failed: another `gdoc` may try again. */
const START_GRACE_MS = 10_000;

/**
 * Starts the background process for the commands that follow, unless one is already starting.
 * It outlives this `gdoc` and stops by itself when idle (server.ts).
 */
export async function startDaemon(place: DaemonPlace): Promise<void> {
  if (!claimStart(place)) return;
  const { spawn } = await import('node:child_process');
  const script = process.argv[1];
  if (!script) return;
  spawn(process.execPath, [script, '__daemon'], {
    detached: true,
    stdio: 'ignore',
    env: process.env,
  }).unref();
}

/** True when this `gdoc` is the one to start it: no start is under way (the marker is ours now). */
function claimStart(place: DaemonPlace): boolean {
  try {
    closeSync(openSync(place.starting, 'wx', 0o600));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(place.starting).mtimeMs < START_GRACE_MS) return false;
      unlinkSync(place.starting);
      closeSync(openSync(place.starting, 'wx', 0o600));
      return true;
    } catch {
      return false;
    }
  }
}

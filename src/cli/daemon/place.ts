/**
 * Where the background `gdoc` listens: a Unix socket in a folder that only this user can enter
 * (`$XDG_RUNTIME_DIR/gdoc-UID`, else the temporary folder's), named after the build and the Node
 * version, so a rebuilt or upgraded `gdoc` never hands a command to older code. Whoever can reach
 * the socket can act with the user's Google credentials, hence the folder's checks: it must be
 * ours, a real folder, and closed to everyone else, or no background process is used at all.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writerIdentity } from '../../docs/service/writer-identity.js';

export interface DaemonPlace {
  /** The private folder. */
  dir: string;
  socket: string;
  /** Made by a `gdoc` that starts the background process, removed once it listens. */
  starting: string;
  /** What the background process has to say: it has no terminal. */
  log: string;
}

/** Unix socket paths are limited to 107 bytes on Linux (104 on macOS). */
const SOCKET_PATH_MAX = 100;

/** The place for this build under `env`, or undefined when a background process is not to be used. */
export function daemonPlace(env: NodeJS.ProcessEnv = process.env): DaemonPlace | undefined {
  if (/^(0|off|false|no)$/i.test(env.GDOC_DAEMON ?? '')) return undefined;
  const uid = process.getuid?.();
  if (uid === undefined) return undefined; // Windows: no Unix sockets with owners to check.
  // Only a build has an identity that other processes can trust to be the same code.
  const identity = writerIdentity();
  if (!identity.startsWith('build:')) return undefined;
  const build = identity
    .slice('build:'.length)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12);
  const dir = join(env.XDG_RUNTIME_DIR || tmpdir(), `gdoc-${uid}`);
  const name = `${build}-node${process.versions.node}`;
  const socket = join(dir, `${name}.sock`);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX || !privateFolder(dir, uid)) return undefined;
  return { dir, socket, starting: join(dir, `${name}.starting`), log: join(dir, `${name}.log`) };
}

/** Makes `dir` if it is missing; true when it is a folder owned by `uid` that no one else can enter. */
function privateFolder(dir: string, uid: number): boolean {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  try {
    const stat = lstatSync(dir);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/**
 * Best-effort "open this URL in the user's browser". Never throws and never waits: when no
 * browser can be started (a server, a container) the printed URL is the way in.
 */
import { spawn } from 'node:child_process';

export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: the URL was printed.
  }
}

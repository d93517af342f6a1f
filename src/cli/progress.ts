/**
 * A spinner on stderr for anything that takes more than a moment (a Google round trip, a large
 * document). Only when stderr is a terminal: piped or captured output stays clean, and stdout —
 * where results and the MCP channel go — is never touched.
 */

import { cliIo } from './io.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Below this nothing is shown: a quick command should not flicker. */
const DELAY_MS = 300;

interface TtyStream {
  isTTY?: boolean;
  write(chunk: string): unknown;
}

export async function withProgress<T>(
  label: string,
  task: () => Promise<T>,
  stream: TtyStream = cliIo().stderr,
): Promise<T> {
  if (!stream.isTTY || process.env.GDOC_NO_PROGRESS) return await task();
  let frame = 0;
  let shown = false;
  const draw = () => {
    shown = true;
    stream.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}…`);
  };
  let timer: NodeJS.Timeout | undefined;
  const start = setTimeout(() => {
    draw();
    timer = setInterval(draw, 80);
  }, DELAY_MS);
  try {
    return await task();
  } finally {
    clearTimeout(start);
    if (timer) clearInterval(timer);
    // Erase the spinner line so the next message starts clean.
    if (shown) stream.write(`\r\x1b[2K`);
  }
}

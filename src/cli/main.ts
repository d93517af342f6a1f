#!/usr/bin/env node
/**
 * The `gdoc` command. Each subcommand lives in its own file under `commands/`; only the one being
 * run is loaded (commands/index.ts), and a command imports its heavy modules inside its action,
 * so that start-up stays quick.
 *
 * This file and the client of the background process are bundled into one file; the rest loads
 * from loaded-later.ts when the command runs here.
 *
 * The commands of the edit loop (export, import, outline, …) are handed to a background `gdoc`
 * that keeps the code loaded and warm between commands (daemon/): a command that starts cold
 * spends most of its time compiling and warming code, not on the document. When none is running
 * the command runs here, and a background one is started for the next; `GDOC_DAEMON=0` turns
 * this off.
 */
import nodeModule from 'node:module';
import { placeFor, runInDaemon, startDaemon } from './daemon/client.js';

// Node ≥ 22.1 keeps the compiled code of the modules on disk, so a second run does not compile
// them again; older Node has no such cache and runs as before. Enabled before anything else loads.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// A reader that stops early (`gdoc export DOC | head`) closes stdout: the rest is not wanted, so
// the command ends quietly, as Unix tools do on SIGPIPE, instead of with an unhandled EPIPE stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const args = process.argv.slice(2);
if (args[0] === '__daemon') {
  await (await import('./loaded-later.js')).serveInBackground();
} else {
  const place = placeFor(args);
  const handed = place ? await runInDaemon(place, args) : undefined;
  if (handed !== undefined) {
    process.exitCode = handed;
  } else {
    process.exitCode = await (await import('./loaded-later.js')).runHere(args);
    if (place) await startDaemon(place);
  }
}

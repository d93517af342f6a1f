/**
 * What the `gdoc` start file (main.ts) loads only when the command is not handed to the
 * background process: the program, to run the command in this process, or the background
 * process itself. The start file is bundled on its own (scripts/bundle-cli.mjs), so a command the
 * background process runs loads one file; this one and what it imports are the code-split rest.
 */
export async function runHere(args: string[]): Promise<number> {
  const [{ runGdoc }, { processIo }] = await Promise.all([import('./program.js'), import('./io.js')]);
  return await runGdoc(args, processIo());
}

export async function serveInBackground(): Promise<void> {
  const { serveDaemon } = await import('./daemon/server.js');
  await serveDaemon();
}

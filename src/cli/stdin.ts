/**
 * This process's standard input, all of it, as UTF-8 text. Its own module: the `gdoc` that hands
 * a command to the background process reads it when asked, without loading io.ts's command
 * plumbing.
 */
export async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

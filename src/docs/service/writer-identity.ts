/**
 * Which code wrote a text kept in the base store. Another process may take a kept text as the
 * export of an equal model, and its node renderings for a render of its own, only when it runs
 * the very code that wrote them: an upgrade may write the same model otherwise, and the
 * incremental parse's check, run with renderings of the older writer, would then prove nothing.
 *
 * Running the build: `build:` and the build's digest (`dist/build-id`, written by
 * scripts/postbuild.mjs). Running the sources (tests, development): `source`. A build without
 * its id: one of its own per process, so nothing kept by another process is reused.
 */
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

let identity: string | undefined;

export function writerIdentity(): string {
  identity ??= identify(fileURLToPath(import.meta.url));
  return identity;
}

/** The identity of the code in the file at `path` (exported for the tests). */
export function identify(path: string): string {
  const at = path.lastIndexOf(`${sep}dist${sep}`);
  if (at < 0) return 'source';
  try {
    return `build:${readFileSync(join(path.slice(0, at), 'dist', 'build-id'), 'utf8').trim()}`;
  } catch {
    return `unknown:${globalThis.crypto.randomUUID()}`;
  }
}

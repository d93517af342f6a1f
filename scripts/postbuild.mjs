// Makes the built CLI executable so `gdoc` works through npm's bin link, and writes dist/build-id:
// a digest of the built code, by which a text kept in the base store is known to come from this
// very build (src/docs/service/writer-identity.ts).
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(cli)) chmodSync(cli, 0o755);

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const hash = createHash('sha256');
const files = readdirSync(dist, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.js'))
  .sort();
for (const file of files) hash.update(file).update('\0').update(readFileSync(join(dist, file))).update('\0');
writeFileSync(join(dist, 'build-id'), `${hash.digest('base64url')}\n`);

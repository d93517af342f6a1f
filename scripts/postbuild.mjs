// Makes the built CLI executable so `gdoc` works through npm's bin link.
import { chmodSync, existsSync } from 'node:fs';

const cli = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(cli)) chmodSync(cli, 0o755);

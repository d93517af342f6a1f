// Bundles the `gdoc` command (src/cli/main.ts) over the tsc build, so that a command loads a
// handful of files instead of two hundred: Node 20 compiles every module file on every start, and
// opening and compiling them was most of `gdoc export`'s start.
//
// - dist/cli/main.js (the `bin` entry) is one file: main.ts with the client of the background
//   process. A command handed to the background process (most of them) loads nothing else: the
//   six chunks it loaded besides were about 7% of such a command's time (docs/PERFORMANCE.md).
// - dist/cli/loaded-later.js (what main.ts loads when the command runs in this process, and the
//   background process itself) is code-split: every `import()` in the sources (a command, the heavy
//   modules a command loads in its action) becomes a chunk under dist/chunks/, so a command still
//   loads only what it runs, and code shared by several commands is one chunk, not one copy each.
//   The few small modules main.js holds (the client, the socket protocol, the build's identity)
//   are in the chunks too, for the background process; they keep no state the two share.
// - The chunks sit two folders below the package root, like the sources they come from, so a
//   `new URL('../../grammar/…', import.meta.url)` finds the same file from either.
// - Kept out of the bundle: PGlite (it loads its WebAssembly and data files next to its own
//   module) and pg's optional native binding. Everything else is bundled.
// - Source maps (dist/**/*.js.map) point at src/: `NODE_OPTIONS=--enable-source-maps gdoc …`
//   prints stack traces in source lines. Nothing is minified, so function names stay as written.
//
// The library entries of package.json (`exports`) stay tsc's per-module output.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

rmSync(`${root}dist/chunks`, { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@electric-sql/pglite', 'pg-native'],
  // The CommonJS packages in the bundle (commander, the Google clients) call `require` for Node's
  // own modules; an ES module has no `require` of its own.
  banner: { js: "import { createRequire as __gdocRequire } from 'node:module'; const require = __gdocRequire(import.meta.url);" },
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: { 'cli/loaded-later': 'src/cli/loaded-later.ts' },
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
});

// main.js imports loaded-later.js as a file of its own, the one built above, not a copy of it.
const laterApart = {
  name: 'loaded-later-apart',
  setup(on) {
    on.onResolve({ filter: /^\.\/loaded-later\.js$/ }, () => ({ path: './loaded-later.js', external: true }));
  },
};
await build({ ...common, entryPoints: { 'cli/main': 'src/cli/main.ts' }, plugins: [laterApart] });

/**
 * The list of subcommands: each command name with the module under this folder that registers it
 * (`register(program)`). Only the module of the command being run is loaded, so `gdoc export`
 * does not compile the other twenty; `gdoc --help`, a bare `gdoc` or an unknown name load them all,
 * because the help lists every command and a typo is answered with the nearest name.
 * Add one line per command name; keep the modules light at import time (load heavy code in the
 * action). The order is the order `gdoc --help` lists them in.
 */
import type { Command } from 'commander';

type Register = (program: Command) => void;
type Loader = () => Promise<{ register: Register }>;

const headerFooter: Loader = () => import('./header-footer.js');
const sections: Loader = () => import('./sections.js');
const suggestions: Loader = () => import('./suggestions.js');

/** Command name → its module. A module registering several names appears once per name. */
const commands: Array<[name: string, load: Loader]> = [
  ['apply', () => import('./apply.js')],
  ['emulator', () => import('./emulator.js')],
  ['new', () => import('./new.js')],
  ['login', () => import('./login.js')],
  ['logout', () => import('./logout.js')],
  ['whoami', () => import('./whoami.js')],
  ['ls', () => import('./ls.js')],
  ['info', () => import('./info.js')],
  ['serve', () => import('./serve.js')],
  ['export', () => import('./export.js')],
  ['outline', () => import('./outline.js')],
  ['import', () => import('./import.js')],
  ['find', () => import('./find.js')],
  ['suggestions', suggestions],
  ['accept', suggestions],
  ['reject', suggestions],
  ['comments', () => import('./comments.js')],
  ['insert', sections],
  ['delete', sections],
  ['move', sections],
  ['tab', () => import('./tab.js')],
  ['header', headerFooter],
  ['footer', headerFooter],
  ['create', () => import('./create.js')],
  ['demo', () => import('./demo.js')],
  ['styles', () => import('./styles.js')],
  ['normalize', () => import('./normalize.js')],
  ['lint', () => import('./lint.js')],
  ['fmt', () => import('./fmt.js')],
  ['daemon', () => import('./daemon.js')],
];

/**
 * Registers the command named by `name` (the first word after `gdoc`), or every command when the
 * name is not one of ours (an option such as --help, nothing, or a typo).
 */
export async function registerCommands(program: Command, name?: string): Promise<void> {
  const match = commands.find(([command]) => command === name);
  const loaders = match ? [match[1]] : [...new Set(commands.map(([, load]) => load))];
  const modules = await Promise.all(loaders.map((load) => load()));
  for (const module of modules) module.register(program);
}

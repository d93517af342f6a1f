/**
 * The list of subcommands. Each entry is a module under this folder exporting `register(program)`.
 * Add one line per command; keep the modules light at import time (load heavy code in the action).
 */
import type { Command } from 'commander';
import { register as apply } from './apply.js';
import { register as create } from './create.js';
import { register as demo } from './demo.js';
import { register as emulator } from './emulator.js';
import { register as exportCommand } from './export.js';
import { register as find } from './find.js';
import { register as fmt } from './fmt.js';
import { register as headerFooter } from './header-footer.js';
import { register as importCommand } from './import.js';
import { register as info } from './info.js';
import { register as lint } from './lint.js';
import { register as login } from './login.js';
import { register as logout } from './logout.js';
import { register as ls } from './ls.js';
import { register as newDocument } from './new.js';
import { register as normalize } from './normalize.js';
import { register as outline } from './outline.js';
import { register as sections } from './sections.js';
import { register as serve } from './serve.js';
import { register as styles } from './styles.js';
import { register as tab } from './tab.js';
import { register as whoami } from './whoami.js';

type Register = (program: Command) => void;

const commands: Register[] = [
  apply,
  emulator,
  newDocument,
  login,
  logout,
  whoami,
  ls,
  info,
  serve,
  exportCommand,
  outline,
  importCommand,
  find,
  sections,
  tab,
  headerFooter,
  create,
  demo,
  styles,
  normalize,
  lint,
  fmt,
];

export function registerCommands(program: Command): void {
  for (const register of commands) register(program);
}

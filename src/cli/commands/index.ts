/**
 * The list of subcommands. Each entry is a module under this folder exporting `register(program)`.
 * Add one line per command; keep the modules light at import time (load heavy code in the action).
 */
import type { Command } from 'commander';

type Register = (program: Command) => void;

const commands: Register[] = [];

export function registerCommands(program: Command): void {
  for (const register of commands) register(program);
}

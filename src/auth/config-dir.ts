/**
 * Where gdoc keeps credentials and settings: `GDOC_CONFIG_DIR`, else `$XDG_CONFIG_HOME/gdoc`, else
 * `~/.config/gdoc` (`%APPDATA%\gdoc` on Windows). Reads only the environment it is given, so tests
 * can point it at a temporary folder without touching the real home.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Env = Record<string, string | undefined>;

export function homeDir(env: Env): string {
  return env.HOME || env.USERPROFILE || homedir();
}

export function configDir(env: Env): string {
  if (env.GDOC_CONFIG_DIR) return env.GDOC_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'gdoc');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'gdoc');
  return join(homeDir(env), '.config', 'gdoc');
}

/** The file that holds the stored user credentials. */
export function credentialsPath(env: Env): string {
  return join(configDir(env), 'credentials.json');
}

/**
 * A CredentialStore in one JSON file under the config folder. The folder is created owner-only
 * (0700) and the file is written owner-only (0600) through a temporary file and a rename, so a
 * crash mid-write never leaves a truncated credential file and no other user can read a token.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AuthRequiredError } from '../errors.js';
import type { CredentialStore, StoredCredential } from './credential-store.js';

export class FileCredentialStore implements CredentialStore {
  readonly location: string;

  constructor(filePath: string) {
    this.location = filePath;
  }

  async load(): Promise<StoredCredential | undefined> {
    let text: string;
    try {
      text = await readFile(this.location, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Never echo the content: it may hold a token.
      throw new AuthRequiredError(
        `The credential file ${this.location} is not valid JSON.`,
        'Run `gdoc logout` and then `gdoc login` to store fresh credentials.',
      );
    }
    if (!isStoredCredential(parsed)) {
      throw new AuthRequiredError(
        `The credential file ${this.location} does not hold user credentials.`,
        'Run `gdoc logout` and then `gdoc login` to store fresh credentials.',
      );
    }
    return parsed;
  }

  async save(credential: StoredCredential): Promise<void> {
    const folder = dirname(this.location);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // mkdir's mode is masked by umask and ignored for an existing folder: tighten it explicitly.
    await chmod(folder, 0o700);
    const temp = `${this.location}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, `${JSON.stringify(credential, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await chmod(temp, 0o600);
      await rename(temp, this.location);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async delete(): Promise<boolean> {
    try {
      await rm(this.location);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

function isStoredCredential(value: unknown): value is StoredCredential {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.type === 'authorized_user' && typeof record.client_id === 'string';
}

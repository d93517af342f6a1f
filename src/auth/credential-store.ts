/**
 * Where user OAuth credentials live between runs. The file implementation is the default; the
 * interface lets tests and other front ends keep tokens elsewhere.
 */

/** Google's `authorized_user` shape, so the file also works as an ADC file for other tools. */
export interface StoredCredential {
  type: 'authorized_user';
  client_id: string;
  client_secret?: string;
  refresh_token?: string;
  access_token?: string;
  /** Milliseconds since the epoch. */
  expiry_date?: number;
  scope?: string;
  token_type?: string;
  /** When `gdoc login` stored these (ISO 8601), shown by `gdoc whoami`. */
  created?: string;
}

export interface CredentialStore {
  /** A human description of where credentials are kept (a path), for messages. */
  readonly location: string;
  load(): Promise<StoredCredential | undefined>;
  save(credential: StoredCredential): Promise<void>;
  /** Returns whether anything was there to delete. */
  delete(): Promise<boolean>;
}

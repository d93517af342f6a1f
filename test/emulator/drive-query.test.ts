import { describe, expect, it } from 'vitest';
import { compileDriveQuery, type DriveFileFacts, DriveQueryError } from '../../src/emulator/drive-query.js';

const DOC = 'application/vnd.google-apps.document';
const file = (name: string, extra: Partial<DriveFileFacts> = {}): DriveFileFacts => ({
  name,
  mimeType: DOC,
  trashed: false,
  ownerEmail: 'me@local',
  ...extra,
});

describe('Drive q subset', () => {
  it('matches everything when empty', () => {
    expect(compileDriveQuery(undefined)(file('x'))).toBe(true);
    expect(compileDriveQuery('  ')(file('x'))).toBe(true);
  });

  it('filters on mimeType, trashed and name contains, joined by and', () => {
    const q = compileDriveQuery(`mimeType='${DOC}' and trashed = false and name contains 'plan'`);
    expect(q(file('Project Plan'))).toBe(true);
    expect(q(file('Budget'))).toBe(false);
    expect(q(file('Plan', { trashed: true }))).toBe(false);
    expect(q(file('Plan', { mimeType: 'text/plain' }))).toBe(false);
  });

  it('reads backslash escapes inside quoted strings', () => {
    const q = compileDriveQuery("name contains 'it\\'s \\\\ here'");
    expect(q(file("Yes it's \\ here"))).toBe(true);
    expect(q(file('its here'))).toBe(false);
  });

  it('matches name contains on word prefixes, as Drive does', () => {
    const hello = compileDriveQuery("name contains 'Hello'");
    expect(hello(file('HelloWorld'))).toBe(true);
    expect(compileDriveQuery("name contains 'World'")(file('HelloWorld'))).toBe(false);
    expect(compileDriveQuery("name contains 'wor'")(file('hello_world-2024'))).toBe(true);
    expect(compileDriveQuery("name contains 'lan'")(file('Project Plan'))).toBe(false);
    // Every word of the value must begin some word of the name, in any order.
    expect(compileDriveQuery("name contains 'plan proj'")(file('Project Plan'))).toBe(true);
    expect(compileDriveQuery("name contains 'plan budget'")(file('Project Plan'))).toBe(false);
    expect(compileDriveQuery("name contains 'été'")(file('Notes Été 2024'))).toBe(true);
    expect(compileDriveQuery("mimeType contains 'google-apps'")(file('x'))).toBe(true);
  });

  it('supports != and name equality and owners', () => {
    expect(compileDriveQuery("mimeType != 'text/plain'")(file('a'))).toBe(true);
    expect(compileDriveQuery("name = 'a'")(file('a'))).toBe(true);
    expect(compileDriveQuery("name = 'a'")(file('A'))).toBe(false);
    expect(compileDriveQuery("'me' in owners and trashed = true")(file('a'))).toBe(false);
    expect(compileDriveQuery("'other@x' in owners")(file('a'))).toBe(false);
  });

  it('rejects what it cannot parse instead of ignoring it', () => {
    for (const q of [
      "name contains 'x",
      "name contains 'x' or name contains 'y'",
      'trashed = maybe',
      "fullText contains 'x'",
      'name contains',
      "modifiedTime > '2024-01-01'",
    ]) {
      expect(() => compileDriveQuery(q), q).toThrow(DriveQueryError);
    }
  });
});

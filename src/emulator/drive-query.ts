/**
 * The subset of Drive's `q` search language the emulator understands, compiled to a predicate:
 * `mimeType = '…'` / `!=` / `contains`, `name contains '…'` (word-prefix matching, as Drive) / `=` / `!=`, `trashed = true|false`,
 * `'…' in owners`, joined by `and`. Strings are single-quoted with backslash escapes (`\'`, `\\`).
 * Anything else is rejected, as Drive rejects what it cannot parse, so a caller's typo shows up.
 */

export interface DriveFileFacts {
  name: string;
  mimeType: string;
  trashed: boolean;
  ownerEmail: string;
}

export type DrivePredicate = (file: DriveFileFacts) => boolean;

export class DriveQueryError extends Error {}

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= q.length) throw new DriveQueryError('unterminated string');
        const c = q[i] as string;
        if (c === '\\') {
          if (i + 1 >= q.length) throw new DriveQueryError('dangling escape');
          value += q[i + 1];
          i += 2;
        } else if (c === "'") {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      tokens.push({ kind: 'string', value });
    } else if (ch === '!' && q[i + 1] === '=') {
      tokens.push({ kind: 'op', value: '!=' });
      i += 2;
    } else if (ch === '=') {
      tokens.push({ kind: 'op', value: '=' });
      i++;
    } else {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(q.slice(i));
      if (!match) throw new DriveQueryError(`unexpected character ${ch}`);
      tokens.push({ kind: 'word', value: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

/** Compiles `q`; an empty query matches everything. Throws DriveQueryError for what it cannot read. */
export function compileDriveQuery(q: string | undefined): DrivePredicate {
  const tokens = tokenize(q ?? '');
  if (tokens.length === 0) return () => true;
  const terms: DrivePredicate[] = [];
  let i = 0;
  for (;;) {
    const [term, next] = readTerm(tokens, i);
    terms.push(term);
    i = next;
    if (i >= tokens.length) break;
    const joiner = tokens[i];
    if (joiner?.kind !== 'word' || joiner.value.toLowerCase() !== 'and') {
      throw new DriveQueryError(`expected "and" at term ${terms.length + 1}`);
    }
    i++;
  }
  return (file) => terms.every((term) => term(file));
}

function readTerm(tokens: Token[], i: number): [DrivePredicate, number] {
  const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]];
  if (!a || !b || !c) throw new DriveQueryError('incomplete term');
  // 'value' in owners
  if (
    a.kind === 'string' &&
    b.kind === 'word' &&
    b.value === 'in' &&
    c.kind === 'word' &&
    c.value === 'owners'
  ) {
    const email = a.value;
    return [(file) => email === 'me' || file.ownerEmail === email, i + 3];
  }
  if (a.kind !== 'word') throw new DriveQueryError('expected a field name');
  const op = b.value;
  const field = a.value;
  if (field === 'trashed') {
    if (b.kind !== 'op' || c.kind !== 'word' || !['true', 'false'].includes(c.value)) {
      throw new DriveQueryError('trashed takes = true or = false');
    }
    const want = c.value === 'true';
    return [(file) => (op === '=' ? file.trashed === want : file.trashed !== want), i + 3];
  }
  if (c.kind !== 'string') throw new DriveQueryError(`${field} needs a quoted value`);
  const value = c.value;
  if (field === 'mimeType') {
    if (b.kind === 'op')
      return [(file) => (op === '=' ? file.mimeType === value : file.mimeType !== value), i + 3];
    if (op === 'contains') return [(file) => file.mimeType.includes(value), i + 3];
  }
  if (field === 'name') {
    if (b.kind === 'word' && op === 'contains') {
      const words = nameTokens(value);
      return [(file) => nameContains(file.name, words), i + 3];
    }
    if (b.kind === 'op') return [(file) => (op === '=' ? file.name === value : file.name !== value), i + 3];
  }
  throw new DriveQueryError(`unsupported term ${field} ${op}`);
}

/** Drive splits names at every non-alphanumeric character and compares tokens case-insensitively. */
function nameTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

/**
 * Drive's `name contains`: prefix matching, not substring matching. Every word of the value must
 * begin some word of the name (`HelloWorld` matches 'Hello' but not 'World'; 'plan' matches
 * `Project Plan`). Documented in Drive's search-terms reference; the tokenising is as observed
 * by Drive tool authors (GAM wiki, Users-Drive-Query).
 */
function nameContains(name: string, words: string[]): boolean {
  const tokens = nameTokens(name);
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

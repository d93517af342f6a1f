/**
 * Google's partial-response `fields` masks (`a,b/c,d(e,f(g))`, `*`): parsing and applying them
 * to a JSON response, as the front end does for every API. Arrays are masked element by element.
 */

/** A parsed mask: `true` keeps the whole value, a nested mask keeps part of it. */
export type FieldMask = Map<string, FieldMask | true>;

export class FieldMaskError extends Error {}

/** Parses a `fields` parameter; throws FieldMaskError for unbalanced parentheses or empty names. */
export function parseFieldMask(text: string): FieldMask {
  const parser = new MaskParser(text);
  const mask = parser.list();
  if (!parser.done()) throw new FieldMaskError(`Invalid field selection ${text}`);
  return mask;
}

class MaskParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    this.skipSpace();
    return this.pos >= this.text.length;
  }

  /** list := item (',' item)* */
  list(): FieldMask {
    const mask: FieldMask = new Map();
    do {
      this.item(mask);
      this.skipSpace();
    } while (this.text[this.pos] === ',' && ++this.pos);
    return mask;
  }

  /** item := name ('/' item | '(' list ')')? */
  private item(into: FieldMask): void {
    const name = this.name();
    this.skipSpace();
    const next = this.text[this.pos];
    let sub: FieldMask | true = true;
    if (next === '/') {
      this.pos++;
      sub = new Map();
      this.item(sub);
    } else if (next === '(') {
      this.pos++;
      sub = this.list();
      this.skipSpace();
      if (this.text[this.pos] !== ')') throw new FieldMaskError(`Invalid field selection ${this.text}`);
      this.pos++;
    }
    merge(into, name, sub);
  }

  private name(): string {
    this.skipSpace();
    const match = /^[A-Za-z0-9_*.@-]+/.exec(this.text.slice(this.pos));
    if (!match) throw new FieldMaskError(`Invalid field selection ${this.text}`);
    this.pos += match[0].length;
    return match[0];
  }

  private skipSpace(): void {
    while (this.text[this.pos] === ' ') this.pos++;
  }
}

function merge(into: FieldMask, name: string, sub: FieldMask | true): void {
  const existing = into.get(name);
  if (existing === true || sub === true || existing === undefined) {
    into.set(name, existing === true || sub === true ? true : sub);
    return;
  }
  for (const [key, value] of sub) merge(existing, key, value);
}

/** The value with only the masked fields kept. `*` keeps every field at its level. */
export function applyFieldMask(value: unknown, mask: FieldMask): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFieldMask(item, mask));
  if (typeof value !== 'object' || value === null) return value;
  if (mask.get('*') === true) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of mask) {
    if (!(key in value)) continue;
    const field = (value as Record<string, unknown>)[key];
    out[key] = sub === true ? field : applyFieldMask(field, sub);
  }
  return out;
}

/** True when the mask names `name` at the top level (a mask naming `tabs` implies tabs content). */
export function maskMentions(mask: FieldMask, name: string): boolean {
  return mask.has(name);
}

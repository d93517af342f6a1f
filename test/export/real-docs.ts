/** The real documents of test/fixtures/real (every `documents.get` response; not the batches file). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Document } from '../../src/ground/docs-json.js';

export const REAL_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real');

export function realDocNames(): string[] {
  return readdirSync(REAL_DIR)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.batches.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

const cache = new Map<string, Document>();
export function loadReal(name: string): Document {
  let doc = cache.get(name);
  if (!doc) {
    doc = JSON.parse(readFileSync(join(REAL_DIR, `${name}.json`), 'utf8')) as Document;
    cache.set(name, doc);
  }
  return doc;
}

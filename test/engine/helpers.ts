/** Shared helpers for the engine tests: fixture loading (cached) and small document builders. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBatchUpdate, createDocument, seededIds } from '../../src/docs/engine/index.js';
import type { BatchUpdateRequest, Document, Request, StructuralElement } from '../../src/ground/docs-json.js';

export const REAL_DIR = join(import.meta.dirname, '..', 'fixtures', 'real');

/** The 29 documents.get outputs (every real fixture except the request batches). */
export function realDocumentFiles(): string[] {
  return readdirSync(REAL_DIR)
    .filter((f) => f.endsWith('.json') && !f.includes('requests.batches'))
    .sort();
}

const cache = new Map<string, Document>();

/** A real fixture, parsed once per test file; callers get the shared copy and must not mutate it. */
export function loadReal(name: string): Document {
  let doc = cache.get(name);
  if (!doc) {
    doc = JSON.parse(readFileSync(join(REAL_DIR, name), 'utf8')) as Document;
    cache.set(name, doc);
  }
  return doc;
}

let counter = 0;
/** Deterministic engine options. */
export function opts(seed = 7) {
  return { ids: seededIds(seed), revision: () => `ALm37test${++counter}` };
}

let seedCounter = 100;
/** Apply requests and return the new document (each call draws ids from a new seed, as Google never repeats ids). */
export function apply(doc: Document, requests: Request[], seed = seedCounter++): Document {
  return applyBatchUpdate(doc, { requests } as BatchUpdateRequest, opts(seed)).document;
}

/** A fresh document whose body holds `text` (paragraphs split on \n). */
export function docWith(text: string, seed = 3): Document {
  const doc = createDocument('Test', opts(seed));
  return text ? apply(doc, [{ insertText: { location: { index: 1 }, text } }], seed) : doc;
}

export function body(doc: Document): StructuralElement[] {
  return doc.tabs![0]!.documentTab!.body!.content!;
}

/** The body's paragraphs as plain strings (tables and breaks skipped). */
export function paragraphTexts(doc: Document): string[] {
  return body(doc)
    .filter((se) => se.paragraph)
    .map((se) => (se.paragraph!.elements ?? []).map((e) => e.textRun?.content ?? '\u25a1').join(''));
}

/** Plain text of the whole body. */
export function bodyText(doc: Document): string {
  return paragraphTexts(doc).join('');
}

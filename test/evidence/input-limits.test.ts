/**
 * Input limits of the import path, as an attacker or a runaway model would probe them:
 * content over MAX_CONTENT_CHARS is refused before the document is even read; hostile MEBDF
 * (deep nesting, unclosed spans) is a MebdfParseError before any read; image URLs must be https
 * and at most 2 KB, are refused with a clear error otherwise, and are never fetched by us — not
 * when refused and not when accepted (Google fetches an accepted one; our engine records it).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService, MAX_CONTENT_CHARS } from '../../src/docs/service/import.js';
import { ContentTooLargeError, GdocError, MebdfParseError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { MemoryBackend } from '../import/memory-backend.js';

const GOLDEN = 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json';
const ANCHOR = 'h.ryalwp7mpmhm';

function golden(): MemoryBackend {
  const doc = JSON.parse(
    readFileSync(new URL(`../fixtures/real/${GOLDEN}`, import.meta.url), 'utf8'),
  ) as Document;
  return new MemoryBackend(doc);
}

/** A TCP listener that counts connections: any fetch of an image URL pointing here is seen. */
let listener: Server;
let connections = 0;
let port = 0;
let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  connections = 0;
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(async () => {
  fetchSpy.mockRestore();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

async function importWith(be: MemoryBackend, extra: string) {
  const current = exportSection(be.doc, undefined, ANCHOR).content;
  return await importSectionService(be, { document_id: 'doc', anchor_id: ANCHOR }, `${current}\n${extra}\n`);
}

describe('import input limits', () => {
  it(`content over ${MAX_CONTENT_CHARS} characters: ContentTooLargeError before any read`, async () => {
    const be = golden();
    const error = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: ANCHOR },
      'x'.repeat(MAX_CONTENT_CHARS + 1),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentTooLargeError);
    expect((error as Error).message).toContain(`at most ${MAX_CONTENT_CHARS}`);
    expect((error as ContentTooLargeError).suggestion).toMatch(/section by section/);
    expect(be.gets).toBe(0);
    expect(be.writes).toHaveLength(0);
  });

  it('hostile MEBDF (deep nesting, thousands of unclosed spans): MebdfParseError before any read', async () => {
    for (const hostile of [
      `${'> '.repeat(5000)}x`,
      '{!underline}x'.repeat(5000),
      `${'{!a}'.repeat(10_000)}`,
      Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n'),
    ]) {
      const be = golden();
      const error = await importSectionService(be, { document_id: 'doc', anchor_id: ANCHOR }, hostile).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MebdfParseError);
      expect((error as MebdfParseError).diagnostics.length).toBeGreaterThan(0);
      expect(be.gets).toBe(0);
      expect(be.writes).toHaveLength(0);
    }
  });
});

describe('image URLs in imports', () => {
  it('an http:// image URL is kept as its alt text linked to the URL, with a warning; nothing is fetched', async () => {
    const be = golden();
    const url = `http://127.0.0.1:${port}/chart.png`;
    const result = await importWith(be, `![chart](${url})`);
    // Docs fetches images only from public https URLs: the closest it can hold is a link.
    expect(result.warnings.join(' ')).toMatch(/public https URL of at most 2 KB/);
    expect(JSON.stringify(be.doc)).toContain(url);
    expect(connections).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a 3 KB https image URL is refused with a clear error, nothing is written or fetched', async () => {
    const be = golden();
    const url = `https://127.0.0.1:${port}/chart.png?pad=${'a'.repeat(3 * 1024)}`;
    const error = await importWith(be, `![chart](${url})`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MebdfParseError);
    expect((error as Error).message).toMatch(/at most 2 KB/);
    // The message quotes the start of the URL only, not 3 KB of it.
    expect((error as Error).message.length).toBeLessThan(400);
    expect(be.writes).toHaveLength(0);
    expect(connections).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('other schemes (file:, data:, javascript:) are refused the same way', async () => {
    for (const url of [
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'ftp://x/y.png',
    ]) {
      const be = golden();
      const error = await importWith(be, `![x](${url})`).catch((e: unknown) => e);
      // A typed refusal (a parse error or a validation error), never a write.
      expect(error, url).toBeInstanceOf(GdocError);
      expect(be.writes, url).toHaveLength(0);
    }
    expect(connections).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('an https URL of exactly 2 KB is accepted and sent to Docs as is, never fetched by us', async () => {
    const be = golden();
    const head = `https://127.0.0.1:${port}/chart.png?pad=`;
    const url = head + 'b'.repeat(2048 - head.length);
    expect(url.length).toBe(2048);
    await importWith(be, `![chart](${url})`);
    expect(be.writes).toHaveLength(1);
    const inserts = (be.writes[0]?.requests ?? []).filter((r) => r.insertInlineImage);
    expect(inserts.map((r) => r.insertInlineImage?.uri)).toEqual([url]);
    expect(connections).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

/**
 * One size policy for every read: on a generated document of about 250,000 tokens no tool or
 * resource reply is above the read limit (20,000 estimated tokens by default) — a long target
 * comes as labelled parts with an outline, never cut short looking whole — and an import of a
 * part changes nothing outside that part.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens, getHierarchy } from '../../src/docs/export/index.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { DEFAULT_MAX_EXPORT_TOKENS } from '../../src/docs/service/export-size.js';
import { splitBlocks } from '../../src/docs/service/three-way-merge.js';
import type { Document } from '../../src/ground/docs-json.js';
import { connectLocal, type Harness } from '../server/harness.js';

const LIMIT = DEFAULT_MAX_EXPORT_TOKENS;
let h: Harness;
let topAnchor: string;

/**
 * About 250k tokens, with one top heading over everything: every later Heading 1 becomes a
 * Heading 2, so the first section is (nearly) the whole document, as in the report that a top
 * heading's export returned 238k tokens.
 */
function bigDocument(): Document {
  const doc = generateDocument({ pages: 300, seed: 7 });
  let first = true;
  for (const el of doc.tabs![0]!.documentTab!.body!.content!) {
    const style = el.paragraph?.paragraphStyle;
    const level = /^HEADING_(\d)$/.exec(style?.namedStyleType ?? '')?.[1];
    if (!style || !level) continue;
    if (level === '1' && first) first = false;
    else style.namedStyleType = `HEADING_${Math.min(6, Number(level) + 1)}`;
  }
  return doc;
}

/** Each form a reply takes (the text block, the structured result) within the limit. */
function expectWithinLimit(what: string, reply: unknown): void {
  const r = reply as {
    content?: Array<{ text?: string }>;
    contents?: Array<{ text?: string }>;
    structuredContent?: unknown;
  };
  for (const part of [...(r.content ?? []), ...(r.contents ?? [])]) {
    expect(estimateTokens(part.text ?? ''), what).toBeLessThanOrEqual(LIMIT);
  }
  if (r.structuredContent)
    expect(estimateTokens(JSON.stringify(r.structuredContent)), what).toBeLessThanOrEqual(LIMIT);
}

beforeAll(async () => {
  const doc = bigDocument();
  h = await connectLocal({});
  writeFileSync(join(h.dir, 'big.json'), JSON.stringify(doc));
  topAnchor = getHierarchy(doc).headings[0]!.anchor_id;
}, 60_000);
afterAll(async () => await h?.close());

const call = async (name: string, args: Record<string, unknown>) =>
  await h.client.callTool({ name, arguments: { document_id: 'big', ...args } });

describe('a 250k-token document', () => {
  it('every tool reply is within the limit, and a long target says it is a part', async () => {
    const tab = await call('export_tab', {});
    const whole = (tab.structuredContent as { part: { total_estimated_tokens: number } }).part
      .total_estimated_tokens;
    expect(whole).toBeGreaterThan(240_000);
    for (const [name, args] of [
      ['get_metadata', {}],
      ['get_hierarchy', {}],
      ['export_tab', {}],
      ['export_tab', { part: 2 }],
      ['export_section', { anchor_id: topAnchor }],
      ['export_section', { anchor_id: topAnchor, part: 3 }],
      ['list_documents', {}],
    ] as const) {
      const reply = await call(name, args);
      expect(reply.isError, `${name} ${JSON.stringify(reply).slice(0, 300)}`).toBeFalsy();
      expectWithinLimit(`${name} ${JSON.stringify(args)}`, reply);
    }
    const section = (await call('export_section', { anchor_id: topAnchor })).structuredContent as {
      content: string;
      part: { index: number; count: number; notice: string; outline: string };
    };
    expect(section.part.index).toBe(1);
    expect(section.part.count).toBeGreaterThan(10);
    expect(section.part.notice).toContain('NOT the whole section');
    expect(section.part.outline).toContain(`{^ ${topAnchor}} part 1`);
    const outline = (await call('get_hierarchy', {})).structuredContent as { note?: string };
    expect(outline.note).toContain('not shown');
  }, 120_000);

  it('every resource read is within the limit, and a part is labelled as one', async () => {
    const tabUri = 'gdoc://documents/big/tabs/t.0';
    for (const uri of [
      'gdoc://documents/big',
      tabUri,
      `${tabUri}/parts/2`,
      `${tabUri}/sections/${topAnchor}`,
      `${tabUri}/sections/${topAnchor}/parts/2`,
    ]) {
      const reply = await h.client.readResource({ uri });
      expectWithinLimit(uri, reply);
      if (uri !== 'gdoc://documents/big') {
        const text = (reply.contents[0] as { text: string }).text;
        expect(text.startsWith('> gdoc: PART '), uri).toBe(true);
        expect(text).toContain('NOT the whole');
      }
    }
  }, 120_000);

  it('a part imported back, edited or as is, changes nothing outside the part', async () => {
    const read = async () =>
      (
        (await h.client.readResource({ uri: `gdoc://documents/big/tabs/t.0/sections/${topAnchor}` }))
          .contents[0] as {
          text: string;
        }
      ).text;
    const before = await exportWhole();
    const second = (await call('export_section', { anchor_id: topAnchor, part: 2 })).structuredContent as {
      content: string;
      part: { from_block: number; to_block: number };
    };
    const blocks = splitBlocks(second.content);
    const edited = [...blocks];
    edited[1] = `${edited[1]} (edited)`;
    // Without base: the part's read stands in for it, so only its blocks can change.
    const asIs = await call('import_section', { anchor_id: topAnchor, content: second.content });
    expect(asIs.isError, JSON.stringify(asIs).slice(0, 400)).toBeFalsy();
    expect((asIs.structuredContent as { request_count: number }).request_count).toBe(0);
    const result = await call('import_section', {
      anchor_id: topAnchor,
      content: `${edited.join('\n\n')}\n`,
    });
    expect(result.isError, JSON.stringify(result).slice(0, 400)).toBeFalsy();
    const after = await exportWhole();
    expect(after.length).toBe(before.length);
    const changed = after.flatMap((b, i) => (b === before[i] ? [] : [i]));
    expect(changed).toEqual([second.part.from_block + 1]);
    // A resource part, label included, is refused rather than written.
    const labelled = await call('import_section', { anchor_id: topAnchor, content: await read() });
    expect(JSON.stringify(labelled)).toContain('label');
  }, 300_000);
});

/** The top section's blocks, read whole through the service (no limit) for comparison. */
async function exportWhole(): Promise<string[]> {
  const { exportSectionService } = await import('../../src/docs/service/export.js');
  return splitBlocks(
    (await exportSectionService(h.backend, { document_id: 'big', anchor_id: topAnchor })).content,
  );
}

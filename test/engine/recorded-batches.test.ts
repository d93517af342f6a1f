/**
 * The real recorded request batches (addDocumentTab -> insertText + createFootnote in the new tab
 * -> insertText into the footnote + createNamedRange) applied to the recorded base document
 * reproduce the recorded result's body, footnote and named-range content. Ids that came from
 * earlier replies are placeholder objects in the recording; they are substituted from our replies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, checkIndices, seededIds, serializeDocument } from '../../src/docs/engine/index.js';
import type { Document, StructuralElement } from '../../src/ground/docs-json.js';
import { REAL_DIR } from './helpers.js';

const PREFIX = 'think41__extrasuite__create_tab_named_range_footnote_write';
const read = (suffix: string) => JSON.parse(readFileSync(join(REAL_DIR, `${PREFIX}.${suffix}`), 'utf8'));

type Placeholder = { placeholder: string; batch_index: number; request_index: number; response_path: string };

function isPlaceholder(v: unknown): v is Placeholder {
  return typeof v === 'object' && v !== null && 'placeholder' in v && 'response_path' in v;
}

/** Replace placeholder objects by the value at `response_path` of the named earlier reply. */
function substitute(value: unknown, replies: unknown[][]): unknown {
  if (isPlaceholder(value)) {
    let v: unknown = replies[value.batch_index]?.[value.request_index];
    for (const k of value.response_path.split('.')) v = (v as Record<string, unknown>)[k];
    return v;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, replies));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, replies)]));
  }
  return value;
}

/** Content with ids replaced by their position, so server-chosen ids do not matter. */
function strip(content: StructuralElement[] | undefined, ids: Map<string, string>): unknown {
  return JSON.parse(JSON.stringify(content ?? []), (k, v) =>
    k === 'footnoteId' && typeof v === 'string' ? (ids.get(v) ?? v) : v,
  );
}

describe('recorded batches: create tab, footnote, named range', () => {
  const base = read('base.json') as Document;
  const desired = read('desired.json') as Document;
  const batches = read('desired.requests.batches.json') as unknown[][];

  let doc = base;
  const replies: unknown[][] = [];
  const ids = seededIds(42);
  for (const batch of batches) {
    const requests = substitute(batch, replies) as never;
    const { document, response } = applyBatchUpdate(
      doc,
      { requests, writeControl: { requiredRevisionId: doc.revisionId! } },
      { ids },
    );
    replies.push(response.replies ?? []);
    doc = document;
  }

  it('every batch answers one reply per request, ids where Google sends them', () => {
    expect(replies.map((r) => r.length)).toEqual([1, 2, 2]);
    expect(replies[0]![0]).toMatchObject({
      addDocumentTab: { tabProperties: { title: 'Footnote Range Tab', index: 1 } },
    });
    expect((replies[1]![1] as { createFootnote: { footnoteId: string } }).createFootnote.footnoteId).toMatch(
      /^kix\./,
    );
    expect(replies[1]![0]).toEqual({});
    expect(
      (replies[2]![1] as { createNamedRange: { namedRangeId: string } }).createNamedRange.namedRangeId,
    ).toMatch(/^kix\./);
  });

  it('the result has the recorded tabs, bodies, footnote and named range', () => {
    expect(checkIndices(doc)).toEqual([]);
    expect(doc.tabs).toHaveLength(2);
    const got = doc.tabs![1]!;
    const want = desired.tabs![1]!;
    expect(got.tabProperties).toMatchObject({ title: want.tabProperties!.title, index: 1 });
    expect(got.tabProperties!.tabId).toMatch(/^t\.[a-z0-9]{12}$/);
    const fid = Object.keys(got.documentTab!.footnotes!)[0]!;
    const wantFid = Object.keys(want.documentTab!.footnotes!)[0]!;
    const map = new Map([
      [fid, 'F1'],
      [wantFid, 'F1'],
    ]);
    expect(strip(got.documentTab!.body!.content!, map)).toEqual(strip(want.documentTab!.body!.content!, map));
    expect(strip(got.documentTab!.footnotes![fid]!.content!, map)).toEqual(
      strip(want.documentTab!.footnotes![wantFid]!.content!, map),
    );
    const ranges = got.documentTab!.namedRanges!['spike:omega']!.namedRanges!;
    const wantRanges = want.documentTab!.namedRanges!['spike:omega']!.namedRanges!;
    expect(ranges.map((r) => ({ name: r.name, ranges: r.ranges }))).toEqual(
      wantRanges.map((r) => ({ name: r.name, ranges: r.ranges })),
    );
    expect(got.documentTab!.documentStyle).toEqual(want.documentTab!.documentStyle);
    expect(got.documentTab!.namedStyles).toEqual(want.documentTab!.namedStyles);
    expect(doc.tabs![0]).toEqual(desired.tabs![0]);
  });

  it('serialises byte for byte like the recorded document once server-chosen ids are aligned', () => {
    const want = desired.tabs![1]!;
    const got = doc.tabs![1]!;
    const rename = new Map<string, string>([
      [got.tabProperties!.tabId!, want.tabProperties!.tabId!],
      [Object.keys(got.documentTab!.footnotes!)[0]!, Object.keys(want.documentTab!.footnotes!)[0]!],
      [
        got.documentTab!.namedRanges!['spike:omega']!.namedRanges![0]!.namedRangeId!,
        want.documentTab!.namedRanges!['spike:omega']!.namedRanges![0]!.namedRangeId!,
      ],
      [doc.revisionId!, desired.revisionId!],
    ]);
    let text = serializeDocument(doc);
    for (const [from, to] of rename) text = text.split(from).join(to);
    expect(text).toBe(JSON.stringify(desired, null, 2));
  });
});

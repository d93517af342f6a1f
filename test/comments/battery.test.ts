/**
 * Comments across the edit battery (test/evidence/edit-battery.ts) on the small real documents:
 * before each edit a comment is put on the start of every paragraph of the tab; after the import,
 * every comment outside the edited section has exactly its text, and the import's warnings name
 * exactly the comments whose text the edit deleted or changed — none missed, none invented.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMENTS_INCLUDED } from '../../src/docs/backends/comments-view.js';
import { plainText } from '../../src/docs/engine/comments.js';
import { applyBatchUpdate, seededIds } from '../../src/docs/engine/index.js';
import { exportSection, resolveTab } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { GdocError } from '../../src/errors.js';
import type { DocumentTabWithAnchors, DocumentWithComments } from '../../src/ground/comments-json.js';
import type { BatchUpdateRequest, Document, StructuralElement } from '../../src/ground/docs-json.js';
import { stringifyMebdf } from '../../src/mebdf/index.js';
import { type BatteryCase, casesOf, fixtureNames } from '../evidence/edit-battery.js';
import { MemoryBackend } from '../import/memory-backend.js';

/** [start, end) of a few characters at the start of each top-level paragraph with text. */
function paragraphStarts(content: StructuralElement[]): [number, number][] {
  const out: [number, number][] = [];
  for (const se of content) {
    const text = (se.paragraph?.elements ?? []).map((e) => e.textRun?.content ?? '\u0000').join('');
    const s = se.startIndex ?? 0;
    const n = Math.min(8, text.replace(/\n$/, '').length);
    if (se.paragraph && n >= 2 && !/\u0000/.test(text.slice(0, n))) out.push([s, s + n]);
  }
  return out;
}

function anchorTexts(doc: Document, tabId: string): Map<string, string> {
  const dt = resolveTab(doc, tabId).content as DocumentTabWithAnchors;
  const body = dt.body?.content ?? [];
  const out = new Map<string, string>();
  for (const [id, a] of Object.entries(dt.commentAnchors ?? {})) {
    const r = a.ranges![0]!;
    out.set(id, plainText(body, r.startIndex ?? 0, r.endIndex ?? 0));
  }
  return out;
}

async function runWithComments(kase: BatteryCase): Promise<string | null> {
  const be = new MemoryBackend(JSON.parse(JSON.stringify(fixtureDoc(kase.file))) as Document);
  const tabId = kase.tabId;
  const starts = paragraphStarts(resolveTab(be.doc, tabId).content.body?.content ?? []);
  if (starts.length === 0) return null;
  be.doc = applyBatchUpdate(
    be.doc,
    {
      requests: starts.map(([s, e]) => ({
        insertComment: { range: { tabId, startIndex: s, endIndex: e }, content: 'c' },
      })),
    } as BatchUpdateRequest,
    { ids: seededIds(5) },
  ).document;
  (be.doc as DocumentWithComments).commentsViewMode = COMMENTS_INCLUDED;
  const section = exportSection(be.doc, tabId, kase.anchorId);
  const before = anchorTexts(be.doc, tabId);
  const rangesBefore = new Map(
    Object.entries((resolveTab(be.doc, tabId).content as DocumentTabWithAnchors).commentAnchors ?? {}).map(
      ([id, a]) => [id, a.ranges![0]!],
    ),
  );
  const threadOf = new Map(
    ((be.doc as DocumentWithComments).comments ?? []).map((t) => [t.anchorId!, t.commentId!]),
  );
  let warnings: string[];
  try {
    const result = await importSectionService(
      be,
      { document_id: 'doc', tab_id: tabId, anchor_id: kase.anchorId },
      stringifyMebdf(kase.edit.next),
    );
    warnings = result.warnings;
  } catch (e) {
    if (e instanceof GdocError) return null; // refused: the battery reports those; nothing written
    throw e;
  }
  const after = anchorTexts(be.doc, tabId);
  const problems: string[] = [];
  for (const [anchorId, text] of before) {
    const commentId = threadOf.get(anchorId)!;
    const now = after.get(anchorId);
    const warned = warnings.some((w) => w.includes(`comment ${commentId} `));
    const r = rangesBefore.get(anchorId);
    const outside = (r?.endIndex ?? 0) <= section.startIndex || (r?.startIndex ?? 0) >= section.endIndex;
    if (now !== text && !warned)
      problems.push(`${commentId} "${text}" became ${JSON.stringify(now)} unreported`);
    if (now === text && warned) problems.push(`${commentId} "${text}" reported but unchanged`);
    if (now !== text && now !== undefined && outside)
      problems.push(`${commentId} outside the section changed`);
  }
  return problems.length
    ? `${kase.file} ${kase.anchorId || '(preamble)'} ${kase.edit.kind}: ${problems.join('; ')}`
    : '';
}

const docs = new Map<string, Document>();
function fixtureDoc(file: string): Document {
  let doc = docs.get(file);
  if (!doc) {
    doc = JSON.parse(readFileSync(new URL(`../fixtures/real/${file}`, import.meta.url), 'utf8')) as Document;
    docs.set(file, doc);
  }
  return doc;
}

describe('comments across the edit battery (sample)', () => {
  it('keep their text outside the edit, and every change to one is reported, and only those', async () => {
    const small = fixtureNames().filter((f) => f.startsWith('cedricdelpoux__') && !/codes|lists/.test(f));
    const cases = small.flatMap((f) => casesOf(f)).filter((_, i) => i % 4 === 0);
    expect(cases.length).toBeGreaterThan(15);
    const failures: string[] = [];
    let checked = 0;
    for (const kase of cases) {
      const outcome = await runWithComments(kase);
      if (outcome === null) continue;
      checked++;
      if (outcome) failures.push(outcome);
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 120_000);
});

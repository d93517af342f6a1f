/**
 * The engine's copy of an import's section edit (engine/batch.ts): with the caller's proof that no
 * request reaches the body before or after a section, the elements before it are shared with the
 * document read and those after it are copied only where they hold an index. For random batches
 * inside random sections of the real documents and of a generated one, the written document must
 * serialise byte for byte as the whole copy's does (or both must refuse the batch with the same
 * message), the document read must never change, and re-exporting the section alone must work
 * exactly when it works on the whole copy's result. A later request may reach past the section's
 * end in the indices of its time (after a deletion), which the proof in the read's indices does not
 * cover: such batches are among those tried.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, seededIds, seededRandom, toTabsShape } from '../../src/docs/engine/index.js';
import { serializeDocument } from '../../src/docs/engine/json.js';
import { type BuiltTab, buildTab } from '../../src/docs/export/exporter.js';
import { rebuildSpan } from '../../src/docs/export/rebuild.js';
import { docsRange, sectionSpans } from '../../src/docs/export/sections.js';
import { linkedHeadings } from '../../src/docs/export/shown-anchors.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { requestsWithin } from '../../src/docs/import/request-reach.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { settleDocument, settledCopy } from '../../src/ground/stale-tail.js';
import { loadReal, realDocumentFiles } from './helpers.js';

const BATCHES_PER_SECTION = 3;
const SECTIONS_PER_DOC = 4;
const TEXTS = ['x', 'edited ', 'A new paragraph.\n', 'é🙂', '\n'];

/** A random request naming indices in `[s, e]` (the caller keeps those the pipeline proves confined). */
function randomRequest(rnd: () => number, s: number, e: number, tabId: string, headings: string[]): Request {
  const at = () => s + Math.floor(rnd() * Math.max(1, e - s));
  const range = () => {
    const a = at();
    const b = Math.min(e, a + 1 + Math.floor(rnd() * 12));
    return { startIndex: a, endIndex: b, tabId };
  };
  const pick = Math.floor(rnd() * 7);
  switch (pick) {
    case 0:
    case 1:
      return {
        insertText: { text: TEXTS[Math.floor(rnd() * TEXTS.length)]!, location: { index: at(), tabId } },
      };
    case 2:
      return { deleteContentRange: { range: range() } };
    case 3:
      return { updateTextStyle: { range: range(), textStyle: { bold: true }, fields: 'bold' } };
    case 4:
      return {
        updateParagraphStyle: {
          range: range(),
          paragraphStyle: { namedStyleType: rnd() < 0.5 ? 'NORMAL_TEXT' : 'HEADING_4' },
          fields: 'namedStyleType',
        },
      };
    case 5: {
      // A link to a heading (or none): which headings show their anchor can change.
      const id = headings[Math.floor(rnd() * headings.length)];
      const link = id && rnd() < 0.8 ? { link: { heading: { id, tabId } } } : {};
      return { updateTextStyle: { range: range(), textStyle: link, fields: 'link' } };
    }
    default:
      return { createParagraphBullets: { range: range(), bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } };
  }
}

type Written = { json: string; doc: Document } | { error: string };

/** The written document and its serialisation, or the engine's refusal. */
function written(doc: Document, requests: Request[], options: object): Written {
  try {
    const engine = { ids: seededIds(11), revision: () => 'ALm37rev', ...options };
    const after = applyBatchUpdate(doc, { requests }, engine).document;
    return { json: serializeDocument(after), doc: after };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** What the comparison sees of a written document: its text, or the refusal. */
const seen = (w: Written) => ('json' in w ? w.json : w.error);

/**
 * Whether the section alone can be re-exported from the written document (no whole build), and
 * then whether it sees the headings links point to as a whole read does.
 */
function rebuilds(built: BuiltTab, after: Document, first: number, end: number): string {
  const tab = rebuildSpan(built, after, first, end);
  if (!tab) return 'whole build';
  const linked = [...linkedHeadings(after, tab.tab.tabId)].sort();
  expect([...tab.linked].sort()).toEqual(linked);
  return 'rebuilt';
}

/**
 * The same batch with the tail left stale (EngineOptions.tailLater): the section rebuilt from it is
 * the one rebuilt from the whole copy, and once settled it is the whole copy's document, whether
 * its indices are moved by the lag (`settledCopy`) or re-derived (`settleDocument`).
 */
function checkTailLater(
  built: BuiltTab,
  doc: Document,
  requests: Request[],
  options: object,
  whole: { json: string; doc: Document },
  span: { firstBlock: number; endBlock: number },
  what: string,
): void {
  const after = applyBatchUpdate(
    doc,
    { requests },
    { ids: seededIds(11), revision: () => 'ALm37rev', ...options },
  ).document;
  const rebuilt = rebuildSpan(built, after, span.firstBlock, span.endBlock);
  const expected = rebuildSpan(built, whole.doc, span.firstBlock, span.endBlock);
  const shape = (tab: BuiltTab | null) =>
    tab && JSON.stringify([tab.model, tab.sources, [...tab.linked].sort()]);
  expect(shape(rebuilt), what).toBe(shape(expected));
  expect(serializeDocument(settledCopy(after)), what).toBe(whole.json);
  expect(serializeDocument(settleDocument(after)), what).toBe(whole.json);
}

function checkDocument(name: string, doc: Document, seed: number): number {
  const built = buildTab(doc, doc.tabs?.[0]?.tabProperties?.tabId);
  const tabId = built.tab.tabId;
  const rnd = seededRandom(seed);
  const frozen = serializeDocument(doc);
  const spans = sectionSpans(built.model).filter((span) => span.endBlock > span.firstBlock);
  const headings = spans
    .map((span) => span.anchorId)
    .filter((id) => id.startsWith('h.') && !id.startsWith('h.synthetic'));
  let checked = 0;
  for (let k = 0; k < Math.min(SECTIONS_PER_DOC, spans.length); k++) {
    const span = spans[Math.floor(rnd() * spans.length)]!;
    const { startIndex: s, endIndex: e } = docsRange(built.sources, span.firstBlock, span.endBlock);
    const untouched = {
      untouchedBefore: { tabId, index: s },
      untouchedAfter: { tabId, index: e },
    };
    for (let b = 0; b < BATCHES_PER_SECTION; b++) {
      const requests = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () =>
        randomRequest(rnd, s, e, tabId, headings),
      );
      // A deletion first and an insertion near the end after it: inside in the read's indices, past
      // the section's end in the indices of its time.
      if (b === 0 && e - s > 8)
        requests.splice(
          0,
          requests.length,
          { insertText: { text: 'x', location: { index: e - 2, tabId } } },
          { deleteContentRange: { range: { startIndex: s + 1, endIndex: s + 4, tabId } } },
          { insertText: { text: 'y', location: { index: e - 2, tabId } } },
          {
            updateTextStyle: {
              range: { startIndex: e - 3, endIndex: e, tabId },
              textStyle: { bold: true },
              fields: 'bold',
            },
          },
          {
            updateParagraphStyle: {
              range: { startIndex: e - 2, endIndex: e, tabId },
              paragraphStyle: { alignment: 'CENTER' },
              fields: 'alignment',
            },
          },
        );
      if (!requestsWithin(requests, tabId, s, e)) continue;
      const whole = written(doc, requests, {});
      const shared = written(doc, requests, untouched);
      const what = `${name}, section ${span.anchorId || '(preamble)'}: ${JSON.stringify(requests)}`;
      expect(seen(shared), what).toBe(seen(whole));
      if ('doc' in whole && 'doc' in shared)
        expect(rebuilds(built, shared.doc, span.firstBlock, span.endBlock), what).toBe(
          rebuilds(built, whole.doc, span.firstBlock, span.endBlock),
        );
      if ('doc' in whole)
        checkTailLater(built, doc, requests, { ...untouched, tailLater: true }, whole, span, what);
      checked++;
    }
  }
  expect(serializeDocument(doc), `${name}: the document read is unchanged`).toBe(frozen);
  return checked;
}

describe('the engine copy that shares what is before and after a section', () => {
  it('writes what the whole copy writes, on the generated document', () => {
    const doc = toTabsShape(generateDocument({ pages: 6 }));
    expect(checkDocument('generated', doc, 5)).toBeGreaterThan(0);
  });

  it.each(realDocumentFiles().map((file, n) => [file, n] as const))(
    'writes what the whole copy writes, on %s',
    (file, n) => {
      const doc = toTabsShape(structuredClone(loadReal(file)));
      checkDocument(file, doc, 100 + n);
    },
  );
});

/**
 * Verification of the part an import touches: when every request provably stays inside a section
 * (request-reach.ts), the tab after the write is rebuilt from that section alone
 * (export/rebuild.ts). The rebuilt tab must export exactly as a whole build of the written document
 * does, and verification must still catch a wrong plan, inside the section or outside it.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, seededIds } from '../../src/docs/engine/index.js';
import { type BuiltTab, buildTab } from '../../src/docs/export/exporter.js';
import { type SectionExport, sectionOf, tabOf } from '../../src/docs/export/index.js';
import { rebuildSpan } from '../../src/docs/export/rebuild.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { requestSpan, requestsWithin } from '../../src/docs/import/request-reach.js';
import { verifyImport } from '../../src/docs/import/verify.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { settleDocument, settledCopy, staleTail } from '../../src/ground/stale-tail.js';
import { parseMebdf } from '../../src/mebdf/index.js';

const doc = generateDocument({ pages: 6 });
const built = buildTab(doc, null);
const tabId = built.tab.tabId;

/** A level-2 section in the middle of the tab, and its export. */
function middleSection(): SectionExport {
  const anchors = built.model.blocks.flatMap((b) =>
    b.type === 'paragraph' && b.style.namedStyle === 'HEADING_2' && b.inlines[0]?.type === 'anchor'
      ? [b.inlines[0].id]
      : [],
  );
  return sectionOf(built, anchors[Math.floor(anchors.length / 2)]!);
}

const section = middleSection();
/** A body paragraph of the section with text (not its heading), and where it starts. */
const paragraph = (() => {
  for (let i = section.firstBlock + 1; i < section.endBlock; i++) {
    const s = built.sources[i]!;
    if (s.kind === 'paragraph' && s.endIndex - s.startIndex > 12 && !s.listId) return s;
  }
  throw new Error('no plain paragraph in the section');
})();

const at = paragraph.startIndex;
const EDITS: Record<string, Request[]> = {
  'one word replaced': [
    { deleteContentRange: { range: { startIndex: at, endIndex: at + 3, tabId } } },
    { insertText: { text: 'edited', location: { index: at, tabId } } },
  ],
  'a paragraph added': [{ insertText: { text: 'A new paragraph.\n', location: { index: at, tabId } } }],
  'a paragraph removed': [
    { deleteContentRange: { range: { startIndex: paragraph.startIndex, endIndex: paragraph.endIndex } } },
  ],
  'a word made bold': [
    {
      updateTextStyle: {
        range: { startIndex: at, endIndex: at + 4 },
        textStyle: { bold: true },
        fields: 'bold',
      },
    },
  ],
  'a bulleted item': [
    {
      createParagraphBullets: {
        range: { startIndex: at, endIndex: at + 1 },
        bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE',
      },
    },
  ],
};

function written(requests: Request[]): Document {
  return applyBatchUpdate(doc, { requests }).document;
}

/** What a test compares of a build: the section's export, and every block and source of the tab. */
function shown(tab: BuiltTab, anchorId: string) {
  const s = sectionOf(tab, anchorId);
  return {
    section: s.content,
    model: s.model,
    sources: s.sources,
    range: [s.startIndex, s.endIndex],
    tab: tabOf(tab).content,
    tabSources: tab.sources,
  };
}

describe('rebuildSpan', () => {
  for (const [name, requests] of Object.entries(EDITS)) {
    it(`rebuilds a section after ${name} exactly as a whole build does`, () => {
      expect(requestsWithin(requests, tabId, section.startIndex, section.endIndex)).toBe(true);
      const after = written(requests);
      const rebuilt = rebuildSpan(built, after, section.firstBlock, section.endBlock);
      expect(rebuilt, 'the edit stays in the section: no whole build needed').not.toBeNull();
      expect(shown(rebuilt!, section.anchorId)).toEqual(shown(buildTab(after, tabId), section.anchorId));
    });
  }

  it('gives up where the blocks after the section would convert differently', () => {
    // A page break is the next `pagebreak.N`: every later page break's id moves.
    const pageBreak = written([{ insertPageBreak: { location: { index: at, tabId } } }]);
    const hasLaterBreak = built.model.blocks
      .slice(section.endBlock)
      .some(
        (b) => b.type === 'paragraph' && b.inlines.some((i) => i.type === 'embed' && i.kind === 'pagebreak'),
      );
    if (hasLaterBreak) expect(rebuildSpan(built, pageBreak, section.firstBlock, section.endBlock)).toBeNull();
    // Deleting the section's last newline merges the next heading into it.
    const merged = written([
      { deleteContentRange: { range: { startIndex: section.endIndex - 2, endIndex: section.endIndex } } },
    ]);
    expect(rebuildSpan(built, merged, section.firstBlock, section.endBlock)).toBeNull();
  });
});

describe('requestsWithin', () => {
  const { startIndex: s, endIndex: e } = section;
  it('keeps a deletion off the last newline, and every request in the body of the tab', () => {
    const del = (a: number, b: number, extra = {}): Request => ({
      deleteContentRange: { range: { startIndex: a, endIndex: b, ...extra } },
    });
    expect(requestsWithin([del(s + 1, e - 1)], tabId, s, e)).toBe(true);
    expect(requestsWithin([del(s + 1, e)], tabId, s, e)).toBe(false);
    expect(requestsWithin([del(s - 1, s + 2)], tabId, s, e)).toBe(false);
    expect(requestsWithin([del(s + 1, s + 2, { segmentId: 'kix.footnote' })], tabId, s, e)).toBe(false);
    expect(requestsWithin([del(s + 1, s + 2, { tabId: 'other' })], tabId, s, e)).toBe(false);
    expect(requestsWithin([{ insertText: { text: 'x', location: { index: e } } }], tabId, s, e)).toBe(false);
    expect(requestsWithin([{ insertText: { text: 'x', endOfSegmentLocation: {} } }], tabId, s, e)).toBe(
      false,
    );
    expect(
      requestsWithin([{ replaceAllText: { replaceText: 'x', containsText: { text: 'y' } } }], tabId, s, e),
    ).toBe(false);
    expect(
      requestSpan([del(s + 1, s + 4), { insertText: { text: 'x', location: { index: s + 9 } } }]),
    ).toEqual({
      min: s + 1,
      max: s + 9,
    });
  });
});

describe('verifyImport over a rebuilt section', () => {
  const before = { tab: built.model, target: section, built };
  const intendedOf = (requests: Request[]) =>
    parseMebdf(sectionOf(buildTab(written(requests), tabId), section.anchorId).content);

  it('passes the plan that says the intended content', () => {
    const requests = EDITS['one word replaced']!;
    const v = verifyImport({
      doc,
      requests,
      intended: intendedOf(requests),
      scope: { tabId, anchorId: section.anchorId },
      before,
    });
    expect(v.ok).toBe(true);
  });

  it('still names the first block that would differ inside the section', () => {
    const requests = EDITS['one word replaced']!;
    const wrong: Request[] = [...requests, { insertText: { text: 'oops ', location: { index: at, tabId } } }];
    const v = verifyImport({
      doc,
      requests: wrong,
      intended: intendedOf(requests),
      scope: { tabId, anchorId: section.anchorId },
      before,
    });
    expect(v.ok === false && v.failure.kind).toBe('content');
  });

  it('still names a block outside the section that a request reaches', () => {
    const requests = EDITS['one word replaced']!;
    const outside: Request[] = [
      ...requests,
      { insertText: { text: 'X', location: { index: built.sources.at(-1)!.startIndex, tabId } } },
    ];
    const v = verifyImport({
      doc,
      requests: outside,
      intended: intendedOf(requests),
      scope: { tabId, anchorId: section.anchorId },
      before,
    });
    expect(v.ok === false && v.failure.kind).toBe('outside');
  });
});

describe('verifyImport of a whole tab over the rebuilt part', () => {
  it('exports the written tab as a whole build does, and still catches a wrong plan', () => {
    const requests = EDITS['a paragraph added']!;
    const after = written(requests);
    const whole = tabOf(buildTab(after, tabId));
    const before = { tab: built.model, target: tabOf(built), built };
    const scope = { tabId, anchorId: null };
    const v = verifyImport({ doc, requests, intended: parseMebdf(whole.content), scope, before });
    expect(v.ok && v.result.content).toBe(whole.content);
    const wrong: Request[] = [...requests, { insertText: { text: 'oops ', location: { index: at, tabId } } }];
    const w = verifyImport({ doc, requests: wrong, intended: parseMebdf(whole.content), scope, before });
    expect(w.ok === false && w.failure.kind).toBe('content');
  });
});

/** The document's JSON with its revision and the ids of lists the edit made (random) left out. */
function withoutNewIds(written: Document): string {
  const old = new Set(Object.keys(built.tab.content.lists ?? {}));
  const made = Object.keys(written.tabs?.[0]?.documentTab?.lists ?? {}).filter((id) => !old.has(id));
  let text = JSON.stringify({ ...written, revisionId: '' });
  made.forEach((id, n) => {
    text = text.replaceAll(id, `new-list-${n}`);
  });
  return text;
}

describe('a document verification left with stale indices', () => {
  const requests = EDITS['a paragraph added']!;
  /** The document verification of the edit predicts, its elements after the section still stale. */
  const staleAfter = (): Document => {
    const intended = parseMebdf(sectionOf(buildTab(written(requests), tabId), section.anchorId).content);
    const before = { tab: built.model, target: section, built };
    const scope = { tabId, anchorId: section.anchorId };
    const v = verifyImport({ doc, requests, intended, scope, before });
    if (!v.ok) throw new Error('verification failed');
    expect(staleTail(v.after.tabs![0]!.documentTab!.body!.content!)).toBeDefined();
    return v.after;
  };

  it('is built as the whole copy it stands for', () => {
    const b = buildTab(staleAfter(), tabId);
    const w = buildTab(written(requests), tabId);
    expect(JSON.stringify([b.model, b.sources])).toBe(JSON.stringify([w.model, w.sources]));
  });

  it('is applied to as the whole copy it stands for', () => {
    const whole = written(requests);
    const end = whole.tabs![0]!.documentTab!.body!.content!.at(-1)!.startIndex!;
    const more: Request[] = [{ insertText: { text: 'tail ', location: { index: end, tabId } } }];
    const engine = { ids: seededIds(3), revision: () => 'r2' };
    const next = applyBatchUpdate(staleAfter(), { requests: more }, engine).document;
    expect(withoutNewIds(next)).toEqual(
      withoutNewIds(applyBatchUpdate(whole, { requests: more }, engine).document),
    );
  });
});

describe('the engine copy that shares what is before the part', () => {
  for (const [name, requests] of Object.entries(EDITS)) {
    it(`after ${name}: the written document is the whole copy's, and the document read is unchanged`, () => {
      const frozen = JSON.stringify(doc);
      const intended = parseMebdf(sectionOf(buildTab(written(requests), tabId), section.anchorId).content);
      const before = { tab: built.model, target: section, built };
      const v = verifyImport({
        doc,
        requests,
        intended,
        scope: { tabId, anchorId: section.anchorId },
        before,
      });
      expect(v.ok).toBe(true);
      if (!v.ok) return;
      const whole = written(requests);
      // Verification reads only the part: the elements after it keep their old indices until the
      // document is settled (ground/stale-tail.ts), and each index is then what a whole copy has.
      const content = v.after.tabs![0]!.documentTab!.body!.content!;
      const blind = requests.every((r) => ['insertText', 'deleteContentRange'].includes(Object.keys(r)[0]!));
      if (blind) expect(staleTail(content)).toBeDefined();
      expect(withoutNewIds(settledCopy(v.after))).toEqual(withoutNewIds(whole));
      expect(withoutNewIds(settleDocument(v.after))).toEqual(withoutNewIds(whole));
      expect(staleTail(content)).toBeUndefined();
      expect(JSON.stringify(doc), 'the document read is never modified').toBe(frozen);
    });
  }
});

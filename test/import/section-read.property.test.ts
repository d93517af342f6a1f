/**
 * The read of a section import builds the tab only as far as the section needs (exporter.ts
 * `buildTab(…, { section })`). For every section of the real documents and of a generated one:
 * the section's export, the blocks up to the one after its next heading, and the exporter's state
 * at the section's start and end are those of a whole build; and verification of random edits
 * inside the section from that build gives what it gives from a whole build (the same outcome,
 * written document and exported result).
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, seededIds, seededRandom, toTabsShape } from '../../src/docs/engine/index.js';
import { serializeDocument } from '../../src/docs/engine/json.js';
import { sameState } from '../../src/docs/export/context.js';
import { type BuiltTab, buildTab } from '../../src/docs/export/exporter.js';
import { type SectionExport, sectionOf } from '../../src/docs/export/index.js';
import { sectionSpans } from '../../src/docs/export/sections.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { requestsWithin } from '../../src/docs/import/request-reach.js';
import { verifyImport } from '../../src/docs/import/verify.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { parseMebdf } from '../../src/mebdf/index.js';
import { loadReal, realDocNames } from '../export/real-docs.js';

/** What an import reads of a section export. */
function seen(s: SectionExport) {
  const { content, model, sources, warnings, shown, firstBlock, endBlock, startIndex, endIndex } = s;
  return { content, model, sources, warnings, shown, firstBlock, endBlock, startIndex, endIndex };
}

function checkRead(whole: BuiltTab, partial: BuiltTab, anchorId: string): SectionExport {
  const a = sectionOf(whole, anchorId);
  const b = sectionOf(partial, anchorId);
  expect(seen(b), anchorId).toEqual(seen(a));
  // The blocks it converted, up to the one after the section (the next heading), are a whole
  // build's; those before the section it may have skipped (section-start.ts).
  const from = partial.skipped ?? 0;
  expect(from).toBeLessThanOrEqual(a.firstBlock);
  const upTo = Math.min(a.endBlock + 1, whole.model.blocks.length);
  expect(partial.model.blocks.slice(from, upTo)).toEqual(whole.model.blocks.slice(from, upTo));
  expect(partial.sources.slice(from, upTo)).toEqual(whole.sources.slice(from, upTo));
  expect(partial.model.blocks.length === a.endBlock).toBe(whole.model.blocks.length === a.endBlock);
  for (const at of [a.firstBlock, a.endBlock]) {
    const [x, y] = [whole.marks?.before.get(at), partial.marks?.before.get(at)];
    expect(y === undefined, `a state at block ${at}`).toBe(x === undefined);
    if (x && y) expect(sameState(x, y)).toBe(true);
  }
  return a;
}

const TEXTS = ['x', 'edited ', 'A new paragraph.\n'];

function randomEdit(rnd: () => number, s: number, e: number, tabId: string): Request[] {
  const at = s + 1 + Math.floor(rnd() * Math.max(1, e - s - 2));
  const pick = Math.floor(rnd() * 3);
  if (pick === 0)
    return [
      { insertText: { text: TEXTS[Math.floor(rnd() * TEXTS.length)]!, location: { index: at, tabId } } },
    ];
  if (pick === 1)
    return [{ deleteContentRange: { range: { startIndex: at, endIndex: Math.min(e - 1, at + 3), tabId } } }];
  return [
    {
      updateTextStyle: {
        range: { startIndex: at, endIndex: Math.min(e, at + 4), tabId },
        textStyle: { italic: true },
        fields: 'italic',
      },
    },
  ];
}

/** Verification's outcome in words a comparison can read. */
function outcome(
  doc: Document,
  requests: Request[],
  section: SectionExport,
  built: BuiltTab,
  intendedText: string,
) {
  const v = verifyImport({
    doc,
    requests,
    intended: parseMebdf(intendedText),
    scope: { tabId: built.tab.tabId, anchorId: section.anchorId },
    before: {
      get tab() {
        return buildTab(doc, built.tab.tabId).model;
      },
      target: section,
      built,
    },
  });
  if (!v.ok) return { failure: v.failure.kind, detail: v.failure.detail };
  return {
    after: withoutNewIds(doc, serializeDocument({ ...v.after, revisionId: '' })),
    result: v.result.content,
  };
}

/** The written JSON with the ids the engine drew at random (new headings, lists) numbered in order. */
function withoutNewIds(doc: Document, json: string): string {
  const old = serializeDocument(doc);
  const made = new Map<string, string>();
  return json.replace(/"(h|kix)\.[A-Za-z0-9]+"/g, (id) => {
    if (old.includes(id)) return id;
    if (!made.has(id)) made.set(id, `"new-${made.size}"`);
    return made.get(id)!;
  });
}

/** `verifyShare`: the share of sections an edit is verified in (the rest are only read). */
function checkDocument(doc: Document, seed: number, verifyShare = 0.5): void {
  const tabId = doc.tabs?.[0]?.tabProperties?.tabId;
  const whole = buildTab(doc, tabId);
  const rnd = seededRandom(seed);
  for (const span of sectionSpans(whole.model)) {
    const partial = buildTab(doc, tabId, { section: span.anchorId });
    const section = checkRead(whole, partial, span.anchorId);
    if (section.endBlock - section.firstBlock === 0 || rnd() > verifyShare) continue;
    const requests = randomEdit(rnd, section.startIndex, section.endIndex, whole.tab.tabId);
    if (!requestsWithin(requests, whole.tab.tabId, section.startIndex, section.endIndex)) continue;
    let written: Document;
    try {
      written = applyBatchUpdate(doc, { requests }, { ids: seededIds(3) }).document;
    } catch {
      continue;
    }
    // The intended text: what the write makes of the section (passes), and that with a word more (fails).
    const made = sectionOf(buildTab(written, whole.tab.tabId), span.anchorId).content;
    for (const intended of [made, `${made}\nOne more paragraph.\n`]) {
      const fromWhole = outcome(doc, requests, sectionOf(whole, span.anchorId), whole, intended);
      const fromPart = outcome(doc, requests, section, partial, intended);
      expect(fromPart, `${span.anchorId}: ${JSON.stringify(requests)}`).toEqual(fromWhole);
    }
  }
}

/**
 * `doc` with some of its top-level paragraphs made headings (levels 1–3, half of them without a
 * heading id, which get synthetic anchors): sections that start after lists, quotes, further blocks
 * of items, footnotes, tables and objects, where a read may start converting only near the section
 * (section-start.ts) and must find the state a whole build has there.
 */
function withHeadings(doc: Document, seed: number): Document {
  const rnd = seededRandom(seed);
  let n = 0;
  for (const tab of doc.tabs ?? []) {
    for (const se of tab.documentTab?.body?.content ?? []) {
      const p = se.paragraph;
      if (!p || rnd() > 0.2) continue;
      n += 1;
      const style = { ...p.paragraphStyle, namedStyleType: `HEADING_${1 + Math.floor(rnd() * 3)}` };
      if (n % 2 === 0) style.headingId = `h.made${n}`;
      else delete style.headingId;
      p.paragraphStyle = style;
    }
  }
  return doc;
}

describe('a section read that builds the tab only as far as the section needs', () => {
  it('reads and verifies as a whole build does, on the generated document', () => {
    checkDocument(toTabsShape(generateDocument({ pages: 4 })), 1);
  });

  it.each(realDocNames().map((name, n) => [name, n] as const))(
    'reads and verifies as a whole build does, on %s',
    (name, n) => {
      checkDocument(toTabsShape(structuredClone(loadReal(name))), 10 + n);
    },
  );

  it.each(realDocNames().map((name, n) => [name, n] as const))(
    'reads and verifies as a whole build does, on %s with headings made of its paragraphs',
    (name, n) => {
      checkDocument(withHeadings(toTabsShape(structuredClone(loadReal(name))), 100 + n), 200 + n, 0.15);
    },
  );
});

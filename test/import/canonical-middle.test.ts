/**
 * The planner's canonical form read back only for the changed middle of a target plans exactly
 * what reading the whole export back plans: on every tab of the real documents (up to 400 KB),
 * for the export as is and for each paragraph of it with one word changed (the first 20 such
 * paragraphs of each tab).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportTab, listTabs, resolveTab } from '../../src/docs/export/index.js';
import { withForcedParagraphs } from '../../src/docs/import/forced.js';
import { planImport, withHeadingAnchors } from '../../src/docs/import/index.js';
import { canonicalFor } from '../../src/docs/service/canonical-middle.js';
import type { Document } from '../../src/ground/docs-json.js';
import { type MebdfDocument, parseMebdf } from '../../src/mebdf/index.js';

const DIR = new URL('../fixtures/real/', import.meta.url);
const FILES = readdirSync(DIR).filter(
  (f) => f.endsWith('.json') && !f.includes('requests') && statSync(new URL(f, DIR)).size < 400_000,
);

function tryParse(text: string): MebdfDocument | undefined {
  try {
    return parseMebdf(text);
  } catch {
    return undefined;
  }
}

/** The export with one word (four letters or more) of its `n`th plain paragraph changed. */
function edits(content: string, max: number): string[] {
  const blocks = content.split('\n\n');
  const out: string[] = [];
  for (let i = 0; i < blocks.length && out.length < max; i++) {
    const block = blocks[i]!;
    // A paragraph, with the empty paragraphs written right under it, if any.
    const [line, ...under] = block.split('\n');
    if (/^[#|{<!>\-*\d]/.test(block) || under.some((l) => !l.startsWith('{!empty'))) continue;
    const word = / ([a-z]{4,})\b/.exec(line!);
    if (!word) continue;
    const edited = [...blocks];
    edited[i] = `${block.slice(0, word.index + 1)}changed${block.slice(word.index + 1 + word[1]!.length)}`;
    out.push(edited.join('\n\n'));
  }
  return out;
}

describe('the canonical form of the changed middle only', () => {
  it('plans what the whole export read back plans', () => {
    let compared = 0;
    let middleOnly = 0;
    for (const f of FILES) {
      const doc = JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as Document;
      if (!doc.body && !doc.tabs) continue;
      for (const t of listTabs(doc)) {
        const tab = exportTab(doc, t.tabId);
        const whole = tryParse(tab.content);
        if (!whole) continue;
        const content = resolveTab(doc, t.tabId).content;
        const body = content.body?.content ?? [];
        for (const text of [tab.content, ...edits(tab.content, 20)]) {
          const parsed = tryParse(text);
          if (!parsed) continue;
          // As an import does: headings written without their anchor get it back (import/heading-anchors.ts),
          // and the paragraphs Docs forces next to tables are put back (import/forced.ts).
          const next = withForcedParagraphs(
            withHeadingAnchors(parsed, tab.model),
            { startsBody: true, endsBody: true },
            tab.model.blocks,
          ).model;
          const plan = (canonical: MebdfDocument | undefined) =>
            planImport({
              tabId: t.tabId,
              tab: content,
              old: tab,
              next,
              bodyEnd: body[body.length - 1]?.endIndex ?? 1,
              scope: { kind: 'tab' },
              allowDeletions: false,
              ...(canonical ? { canonical } : {}),
            }).requests;
          const canonical = canonicalFor(tab.model, tab.content, next);
          expect(plan(canonical), `${f} ${t.tabId}`).toEqual(plan(whole));
          compared++;
          // Blocks kept from the export itself: the middle was read back, not the whole export.
          if (text !== tab.content && canonical?.blocks[0] === tab.model.blocks[0]) middleOnly++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(80);
    expect(middleOnly).toBeGreaterThanOrEqual(50);
  });
});

/**
 * Verification checks how lists go on across a section's edges: a plan that leaves the block
 * after the section (the next section's numbered heading) in a list of its own, or joins it to the
 * section's, changes what an untouched block reads ("4." becomes "1."), though the section alone
 * reads as intended and the blocks outside compare equal with their list keys left out.
 */
import { describe, expect, it } from 'vitest';
import { presetLevels } from '../../src/docs/engine/bullets.js';
import { toTabsShape } from '../../src/docs/engine/index.js';
import { buildTab } from '../../src/docs/export/exporter.js';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { type VerifyInput, verifyImport } from '../../src/docs/import/verify.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { parseMebdf } from '../../src/mebdf/index.js';
import { makeDoc, para } from '../export/builder.js';

const item = (t: string, list: string, style: Record<string, unknown> = {}) =>
  para(
    t,
    { indentStart: { magnitude: 36, unit: 'PT' }, indentFirstLine: { magnitude: 18, unit: 'PT' }, ...style },
    { bullet: { listId: list, textStyle: {} } },
  );
const heading = (id: string) => ({ namedStyleType: 'HEADING_1', headingId: id });
const numbered = { listProperties: { nestingLevels: presetLevels('NUMBERED_DECIMAL_ALPHA_ROMAN') } };

/** Terms: One, Two, Three; then Signatures and Four, numbered on in the same list (or in `next`). */
function document(next = 'L'): Document {
  return toTabsShape(
    makeDoc({
      blocks: [
        para('Terms', heading('h.terms')),
        para('Intro.'),
        item('One', 'L'),
        item('Two', 'L'),
        item('Three', 'L'),
        item('Signatures', next, heading('h.sign')),
        item('Four', next),
        para('Sign here.'),
      ],
      lists: { L: numbered, M: numbered },
    }) as Document,
  );
}

/** Where the paragraph saying `text` starts and ends in the body. */
function rangeOf(doc: Document, text: string): { startIndex: number; endIndex: number } {
  const body = doc.tabs![0]!.documentTab!.body!.content!;
  const se = body.find((e) => e.paragraph?.elements?.[0]?.textRun?.content === `${text}\n`)!;
  return { startIndex: se.startIndex!, endIndex: se.endIndex! };
}

/** The paragraphs from `first` to `last` bulleted anew: a list of their own, reading as before. */
function bulletedAnew(doc: Document, first: string, last: string): Request[] {
  const range = { startIndex: rangeOf(doc, first).startIndex, endIndex: rangeOf(doc, last).endIndex - 1 };
  return [
    { deleteParagraphBullets: { range } },
    { createParagraphBullets: { range, bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN' } },
  ];
}

/** Verification of section `anchor`, unchanged in text, planned with `requests`; with the build as read or not. */
function verifyUnchanged(doc: Document, anchor: string, requests: Request[], withBuild: boolean) {
  const target = exportSection(doc, undefined, anchor);
  const built = buildTab(doc, undefined);
  const input: VerifyInput = {
    doc,
    requests,
    intended: parseMebdf(target.content),
    scope: { tabId: target.tabId, anchorId: anchor },
    ...(withBuild ? { before: { tab: built.model, target, built } } : {}),
  };
  return verifyImport(input);
}

describe('lists across a section edge', () => {
  it('the document as read: the list goes on from the section into the next heading', () => {
    expect(exportTab(document()).content).toContain('3. Three\n4. # Signatures\n5. Four');
  });

  for (const withBuild of [false, true]) {
    const how = withBuild ? 'with the build as read' : 'built here';
    it(`fails a plan that numbers the heading after the section anew (${how})`, () => {
      const doc = document();
      const v = verifyUnchanged(doc, 'h.terms', bulletedAnew(doc, 'One', 'Three'), withBuild);
      expect(v.ok).toBe(false);
      if (v.ok) return;
      expect(v.failure.kind).toBe('outside');
      expect(v.failure.detail).toMatch(/Signatures.*after the section, would leave the list.*numbered anew/);
    });

    it(`fails a plan that joins the section's first item, in a list of its own, to the list before it (${how})`, () => {
      // Bulleted anew next to an item of the same preset, Docs puts the paragraphs in that item's list.
      const doc = document('M');
      const v = verifyUnchanged(doc, 'h.sign', bulletedAnew(doc, 'Signatures', 'Four'), withBuild);
      expect(v.ok).toBe(false);
      if (v.ok) return;
      expect(v.failure.detail).toMatch(
        /section's first block .*Signatures.* would join the list of the block before/,
      );
    });
  }

  it('passes the same plan where the heading after the section was in a list of its own', () => {
    const doc = document('M');
    expect(exportTab(doc).content).toContain('3. Three\n\n1) # Signatures');
    const v = verifyUnchanged(doc, 'h.terms', bulletedAnew(doc, 'One', 'Three'), false);
    expect(v.ok).toBe(true);
  });

  it('passes a plan that makes the section end its list where the intended text does', () => {
    const doc = document();
    const target = exportSection(doc, undefined, 'h.terms');
    const edited = target.content.replace('1. One\n2. Two\n3. Three', '- One\n- Two\n- Three');
    expect(edited).not.toBe(target.content);
    const range = {
      startIndex: rangeOf(doc, 'One').startIndex,
      endIndex: rangeOf(doc, 'Three').endIndex - 1,
    };
    const v = verifyImport({
      doc,
      requests: [
        { deleteParagraphBullets: { range } },
        { createParagraphBullets: { range, bulletPreset: 'BULLET_DISC_CIRCLE_SQUARE' } },
      ],
      intended: parseMebdf(edited),
      scope: { tabId: target.tabId, anchorId: 'h.terms' },
    });
    expect(v.ok ? 'ok' : v.failure.detail).toBe('ok');
  });
});

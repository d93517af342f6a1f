/**
 * Verify before write as its own stage: the planned requests applied to a copy, the target
 * exported again and compared; every failure is plain data naming the first differing block, and
 * the service turns it into a short VerificationError and writes nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toTabsShape } from '../../src/docs/engine/index.js';
import { buildTab } from '../../src/docs/export/exporter.js';
import { exportSection } from '../../src/docs/export/index.js';
import { exportTarget, saysIntended, type VerifyInput, verifyImport } from '../../src/docs/import/verify.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { VerificationError } from '../../src/errors.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { parseMebdf } from '../../src/mebdf/index.js';
import { makeDoc, para } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

/** Requests the mocked planner adds to every plan: a compiler bug on demand. */
const bug = vi.hoisted(() => ({ extra: [] as Request[] }));
vi.mock('../../src/docs/import/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/docs/import/index.js')>();
  return {
    ...original,
    planImport: (input: Parameters<typeof original.planImport>[0]) => {
      const plan = original.planImport(input);
      return { ...plan, requests: [...plan.requests, ...bug.extra] };
    },
  };
});

const heading = (t: string, id: string) => para(t, { namedStyleType: 'HEADING_1', headingId: id });

function document(): Document {
  return toTabsShape(
    makeDoc({
      blocks: [
        para('Intro.'),
        heading('Section A', 'h.a'),
        para('Alpha text.'),
        heading('Section B', 'h.b'),
        para('Beta text.'),
      ],
    }) as Document,
  );
}

/** Where a paragraph of the tab starts. */
function startOf(doc: Document, text: string): number {
  const tab = buildTab(doc, undefined);
  const i = tab.model.blocks.findIndex(
    (b) => b.type === 'paragraph' && b.inlines.some((x) => x.type === 'text' && x.text === text),
  );
  const src = tab.sources[i]!;
  return src.kind === 'paragraph' ? src.startIndex : -1;
}

const insert = (text: string, index: number): Request => ({ insertText: { text, location: { index } } });

/** Verification of section `h.a` of a fresh document, planned with `requests`, meant to say `edit(export)`. */
function verifySection(requests: Request[], edit: (content: string) => string) {
  const doc = document();
  const target = exportSection(doc, undefined, 'h.a');
  const input: VerifyInput = {
    doc,
    requests,
    intended: parseMebdf(edit(target.content)),
    scope: { tabId: target.tabId, anchorId: 'h.a' },
  };
  const frozen = JSON.stringify(doc);
  const verification = verifyImport(input);
  expect(JSON.stringify(doc), 'the document read is never modified').toBe(frozen);
  return verification;
}

describe('verifyImport', () => {
  const alpha = startOf(document(), 'Alpha text.');

  it('passes a plan that says the intended content, with the would-be document and export', () => {
    const v = verifySection([insert('!', alpha + 5)], (c) => c.replace('Alpha', 'Alpha!'));
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.result.content).toContain('Alpha! text.');
    expect(exportTarget(v.after, { tabId: v.result.tabId, anchorId: 'h.a' }).content).toBe(v.result.content);
  });

  it('names the first block that would differ from the intended content', () => {
    const v = verifySection([insert('!', alpha + 5)], (c) => c.replace('Alpha', 'Alpha?'));
    expect(v).toEqual({
      ok: false,
      failure: {
        kind: 'content',
        detail:
          'block 2 (paragraph "Alpha? text."): its text would be "Alpha! text." instead of "Alpha? text."',
      },
    });
  });

  it('names the first block outside the section that would change', () => {
    const beta = startOf(document(), 'Beta text.');
    const v = verifySection([insert('X', beta), insert('!', alpha + 5)], (c) => c.replace('Alpha', 'Alpha!'));
    expect(v).toEqual({
      ok: false,
      failure: {
        kind: 'outside',
        detail: 'block 5 of the tab (paragraph "Beta text."), after the section, would change',
      },
    });
  });

  it('reports requests the engine refuses, and a section whose heading would be gone', () => {
    const refused = verifySection([insert('x', 10_000)], (c) => c);
    expect(refused.ok === false && refused.failure.kind).toBe('unappliable');
    const sectionA = startOf(document(), 'Section A');
    const lost = verifySection(
      [{ deleteContentRange: { range: { startIndex: sectionA, endIndex: alpha } } }],
      (c) => c,
    );
    expect(lost.ok === false && lost.failure.kind).toBe('target-lost');
  });

  it('saysIntended puts back what the server assigns before comparing', () => {
    const doc = document();
    const target = exportSection(doc, undefined, 'h.a', { anchors: 'all' });
    const withoutId = target.content.replace('{^ h.a}', '');
    expect(withoutId).not.toBe(target.content);
    expect(saysIntended(target, parseMebdf(withoutId), () => withoutId)).toBe(true);
    expect(saysIntended(target, parseMebdf('# Other\n'), () => '# Other\n')).toBe(false);
  });
});

describe('the service on a plan that fails verification', () => {
  beforeEach(() => {
    bug.extra = [];
  });

  it('accepts a proposed anchor at the start of a plain paragraph (only headings read back with a leading id)', async () => {
    const be = new MemoryBackend(document());
    const content = exportSection(be.doc, undefined, 'h.a').content;
    await importSectionService(
      be,
      { document_id: 'doc', anchor_id: 'h.a' },
      content.replace('Alpha', '{^}Alpha'),
    );
    expect(exportSection(be.doc, undefined, 'h.a').content).toMatch(/\n\{\^ kix\.[a-z0-9]+\}Alpha text\.\n/);
  });

  it('throws a short VerificationError naming the first differing block, and writes nothing', async () => {
    const be = new MemoryBackend(document());
    const content = exportSection(be.doc, undefined, 'h.a').content;
    bug.extra = [insert('oops ', startOf(be.doc, 'Alpha text.'))];
    // A change (a text the section says already is answered before any planning).
    const error = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: 'h.a' },
      `${content}\nMore text.\n`,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerificationError);
    const message = (error as VerificationError).message;
    expect(message).toBe(
      'The planned requests would not produce the intended content: block 2 (paragraph "Alpha text."): its text would be "oops Alpha text." instead of "Alpha text."; nothing was written. This is a bug in the import compiler.',
    );
    expect(be.writes).toHaveLength(0);
  });

  it('says which block outside the section would change', async () => {
    const be = new MemoryBackend(document());
    const content = exportSection(be.doc, undefined, 'h.a').content;
    bug.extra = [insert('X', startOf(be.doc, 'Intro.'))];
    const error = await importSectionService(
      be,
      { document_id: 'doc', anchor_id: 'h.a' },
      content.replace('Alpha', 'Alpha!'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerificationError);
    expect((error as Error).message).toMatch(
      /outside the section being imported: block 1 of the tab \(paragraph "Intro\."\), before the section, would change; nothing was written\. This is a bug in the import compiler\.$/,
    );
    expect(be.writes).toHaveLength(0);
  });
});

/**
 * Heading anchors the export leaves out (export/shown-anchors.ts) and the import puts back
 * (import/heading-anchors.ts): a heading line written without its anchor is the target's heading
 * it matches, so an unchanged export imports as nothing and an edited heading keeps its id.
 */
import { describe, expect, it } from 'vitest';
import { exportTab, listTabs, resolveTab } from '../../src/docs/export/index.js';
import { withForcedParagraphs } from '../../src/docs/import/forced.js';
import { planImport, withHeadingAnchors } from '../../src/docs/import/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { parseMebdf } from '../../src/mebdf/index.js';
import type { MebdfDocument, ParagraphBlock } from '../../src/mebdf/model.js';
import { makeDoc, para } from '../export/builder.js';
import { loadReal, realDocNames } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

const anchorsOf = (doc: MebdfDocument): Array<string | null> =>
  doc.blocks.map((b) => {
    const first = (b as ParagraphBlock).inlines?.[0];
    return first?.type === 'anchor' ? first.id : null;
  });

describe('heading anchors put back', () => {
  const old = parseMebdf(
    '# {^ h.a}Intro\n\nText.\n\n## {^ h.b}Risks\n\nMore.\n\n## {^ h.c}Plan\n\n## {^ h.d}Plan\n',
  );

  it('should give each heading written without an anchor the id of the heading it matches', () => {
    const next = parseMebdf('# Intro\n\nText.\n\n## Risks and issues\n\nMore.\n\n## Plan\n\n## Plan\n');
    expect(anchorsOf(withHeadingAnchors(next, old))).toEqual(['h.a', null, 'h.b', null, 'h.c', 'h.d']);
  });

  it('should leave a new heading bare, and a heading written with `{^}` or an id as written', () => {
    const next = parseMebdf('# Intro\n\n## Something else entirely\n\n## {^ h.d}Plan\n\n## {^}Risks\n');
    expect(anchorsOf(withHeadingAnchors(next, old))).toEqual(['h.a', null, 'h.d', null]);
  });

  it('should not give an id twice, nor cross a heading written with its anchor', () => {
    // "Plan" before the written h.b cannot be h.c or h.d, which come after h.b in the target.
    const next = parseMebdf('## Plan\n\n## {^ h.b}Risks\n\n## Plan\n');
    expect(anchorsOf(withHeadingAnchors(next, old))).toEqual([null, 'h.b', 'h.c']);
  });

  it('should keep a heading renamed outright over its section, not one a new section replaced', () => {
    // "Risks" renamed to "Open questions" over the same "More.": the same heading.
    const renamed = parseMebdf('# Intro\n\nText.\n\n## Open questions\n\nMore.\n\n## Plan\n\n## Plan\n');
    expect(anchorsOf(withHeadingAnchors(renamed, old))[2]).toBe('h.b');
    // The section "Risks" deleted and "Budget" typed in its place, over text of its own: new.
    const replaced = parseMebdf('# Intro\n\nText.\n\n## Budget\n\nNumbers.\n\n## Plan\n\n## Plan\n');
    expect(anchorsOf(withHeadingAnchors(replaced, old))[2]).toBeNull();
  });

  it('should return the content itself when no heading needs an anchor', () => {
    const next = parseMebdf('Just text.\n');
    expect(withHeadingAnchors(next, old)).toBe(next);
  });
});

describe('the concise export imports back as nothing', () => {
  it('should plan no request for an unchanged export of every tab of the real documents', () => {
    for (const name of realDocNames()) {
      const doc = loadReal(name);
      for (const tab of listTabs(doc)) {
        const old = exportTab(doc, tab.tabId);
        const content = resolveTab(doc, tab.tabId).content;
        const body = content.body?.content ?? [];
        const plan = planImport({
          tabId: tab.tabId,
          tab: content,
          old,
          // As an import does: the empty paragraphs Docs forces around edge tables are put back.
          next: withForcedParagraphs(
            parseMebdf(old.content),
            { startsBody: true, endsBody: true },
            old.model.blocks,
          ).model,
          bodyEnd: body[body.length - 1]?.endIndex ?? 1,
          scope: { kind: 'tab' },
          allowDeletions: false,
        });
        expect(plan.requests, `${name} ${tab.tabId}`).toEqual([]);
      }
    }
  });

  it('should keep the id of a heading renamed without its anchor, and report no new heading', async () => {
    const doc = makeDoc({
      blocks: [
        para('Chapter', { namedStyleType: 'HEADING_1', headingId: 'h.ch' }),
        para('Text.'),
        para('Later', { namedStyleType: 'HEADING_2', headingId: 'h.la' }),
      ],
    });
    const be = new MemoryBackend(doc);
    const before = exportTab(be.doc).content;
    expect(before).toBe('# Chapter\n\nText.\n\n## Later\n');
    const r = await importTabService(
      be,
      { document_id: 'doc' },
      before.replace('# Chapter', '# First chapter'),
    );
    expect(r.new_headings).toEqual([]);
    expect(exportTab(be.doc, null, { anchors: 'all' }).content).toBe(
      '# {^ h.ch}First chapter\n\nText.\n\n## {^ h.la}Later\n',
    );
  });

  it('should show the anchor of a heading a link points to, and only that one', () => {
    const doc = loadReal('think41__extrasuite__1YKyqqH8wZa3kSnoBEdlwAumI94gRivSsZB1qvc9y4CA');
    const { content } = exportTab(doc);
    const shown = content.match(/\{\^ h\.[a-z0-9]+\}/g) ?? [];
    const linked = (content.match(/\(#\^h\.[a-z0-9]+\)/g) ?? []).map((l) => `{^ ${l.slice(3, -1)}}`);
    expect(shown.length).toBeGreaterThan(0);
    expect([...new Set(shown)].sort()).toEqual([...new Set(linked)].sort());
    const all = exportTab(doc, null, { anchors: 'all' }).content;
    expect((all.match(/\{\^ h\./g) ?? []).length).toBeGreaterThan(shown.length);
  });
});

/** Section boundaries on the block model: levels, subsections, preamble, Title, headings in tables. */
import { describe, expect, it } from 'vitest';
import { buildTab } from '../../src/docs/export/exporter.js';
import { findSection, sectionSpans } from '../../src/docs/export/sections.js';
import { listTabs } from '../../src/docs/export/tabs.js';
import { AnchorNotFoundError } from '../../src/errors.js';
import { makeDoc, para } from './builder.js';
import { loadReal, realDocNames } from './real-docs.js';

const h = (n: number, t: string, id?: string) =>
  para(t, { namedStyleType: `HEADING_${n}`, ...(id ? { headingId: id } : {}) });

const doc = makeDoc({
  blocks: [
    para('Doc title', { namedStyleType: 'TITLE', headingId: 'h.title' }),
    para('intro'),
    h(1, 'One', 'h.one'),
    para('one body'),
    h(2, 'One.A', 'h.onea'),
    para('Sub title inside', { namedStyleType: 'SUBTITLE' }),
    { table: [[[h(2, 'In a cell', 'h.cell')]]] },
    h(3, 'One.A.i'),
    h(2, 'One.B', 'h.oneb'),
    h(1, 'Two', 'h.two'),
    para('two body'),
  ],
});

describe('sections', () => {
  const model = buildTab(doc).model;
  const spans = sectionSpans(model);

  it('runs from a heading to the next of the same or higher level', () => {
    expect(spans.map((s) => [s.anchorId, s.level, s.text, s.firstBlock, s.endBlock])).toEqual([
      ['', 0, '', 0, 2],
      ['h.one', 1, 'One', 2, 9],
      ['h.onea', 2, 'One.A', 4, 8],
      ['h.synthetic-1', 3, 'One.A.i', 7, 8],
      ['h.oneb', 2, 'One.B', 8, 9],
      ['h.two', 1, 'Two', 9, 11],
    ]);
  });

  it('does not start sections at Title, Subtitle or headings in tables', () => {
    expect(spans.map((s) => s.anchorId)).not.toContain('h.title');
    expect(spans.map((s) => s.anchorId)).not.toContain('h.cell');
  });

  it('has an empty preamble when the tab starts with a heading', () => {
    const m = buildTab(makeDoc({ blocks: [h(1, 'First', 'h.f'), para('x')] })).model;
    expect(sectionSpans(m)[0]).toMatchObject({ anchorId: '', firstBlock: 0, endBlock: 0 });
  });

  it('rejects an unknown anchor with the valid ones', () => {
    expect(() => findSection(model, 'h.nope', 't.0')).toThrow(AnchorNotFoundError);
    expect(() => findSection(model, 'h.title', 't.0')).toThrow(
      expect.objectContaining({
        suggestion: expect.stringMatching(
          /get_hierarchy.*"" \(the preamble\).*h\.one \("One"\).*h\.synthetic-1/,
        ),
      }),
    );
  });

  it('finds sections by the heading ids of real documents', () => {
    let checked = 0;
    for (const name of realDocNames()) {
      const real = loadReal(name);
      for (const tab of listTabs(real)) {
        const built = buildTab(real, tab.tabId);
        const spansReal = sectionSpans(built.model);
        const ids: string[] = [];
        for (const se of tab.content.body?.content ?? []) {
          const ps = se.paragraph?.paragraphStyle;
          if (ps?.namedStyleType?.startsWith('HEADING_') && ps.headingId) ids.push(ps.headingId);
        }
        const real_ids = spansReal
          .slice(1)
          .map((s) => s.anchorId)
          .filter((a) => !a.startsWith('h.synthetic-'));
        expect(real_ids).toEqual(ids);
        // Sections tile: each ends where a heading of the same or higher level starts, or at the end.
        for (const s of spansReal.slice(1)) {
          const next = spansReal.find((o) => o.firstBlock >= s.endBlock && o.anchorId !== '');
          if (next && next.firstBlock === s.endBlock) expect(next.level).toBeLessThanOrEqual(s.level);
          else expect(s.endBlock).toBe(built.model.blocks.length);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

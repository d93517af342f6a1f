/**
 * Importing an unchanged export sends nothing: on every tab of the real documents (up to 400 KB)
 * whose export reads back as itself, the plan for the tab and for each section is empty. As in an
 * import, the empty paragraphs Docs forces next to tables (which the export leaves out at the body's
 * edges) are put back before planning (import/forced.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab, getHierarchy, listTabs, resolveTab } from '../../src/docs/export/index.js';
import { withForcedParagraphs } from '../../src/docs/import/forced.js';
import { planImport } from '../../src/docs/import/index.js';
import type { Document } from '../../src/ground/docs-json.js';
import { parseMebdf, stringifyMebdf } from '../../src/mebdf/index.js';

const DIR = new URL('../fixtures/real/', import.meta.url);
const FILES = readdirSync(DIR).filter(
  (f) => f.endsWith('.json') && !f.includes('requests') && statSync(new URL(f, DIR)).size < 400_000,
);

describe('an unchanged export imports as no requests', () => {
  it('on every real tab and section that reads back as itself', () => {
    let checked = 0;
    for (const f of FILES) {
      const doc = JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as Document;
      if (!doc.body && !doc.tabs) continue;
      for (const t of listTabs(doc)) {
        const tab = exportTab(doc, t.tabId);
        const content = resolveTab(doc, t.tabId).content;
        const body = content.body?.content ?? [];
        const bodyEnd = body[body.length - 1]?.endIndex ?? 1;
        let model: ReturnType<typeof parseMebdf>;
        try {
          model = parseMebdf(tab.content);
        } catch {
          continue; // a parser gap, covered by the language tests
        }
        if (stringifyMebdf(model) !== tab.content) continue;
        const plan = planImport({
          tabId: t.tabId,
          tab: content,
          old: tab,
          next: withForcedParagraphs(model, { startsBody: true, endsBody: true }, tab.model.blocks).model,
          bodyEnd,
          scope: { kind: 'tab' },
          allowDeletions: false,
        });
        expect(plan.requests, `${f} ${t.tabId}`).toEqual([]);
        checked++;
        for (const h of getHierarchy(doc, t.tabId).headings) {
          const section = exportSection(doc, t.tabId, h.anchor_id);
          const sp = planImport({
            tabId: t.tabId,
            tab: content,
            old: section,
            next: withForcedParagraphs(
              parseMebdf(section.content),
              {
                startsBody: section.firstBlock === 0,
                endsBody: section.endBlock === tab.model.blocks.length,
              },
              section.model.blocks,
            ).model,
            bodyEnd,
            scope: { kind: 'section', anchorId: h.anchor_id },
            allowDeletions: false,
          });
          expect(sp.requests, `${f} ${t.tabId} ${h.anchor_id}`).toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

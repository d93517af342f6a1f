/**
 * findSection finds one section without reading every heading's text: for every section of the
 * real documents and of a generated one, the span it gives is the one sectionSpans lists first for
 * that anchor, and an unknown anchor still fails listing the valid ones.
 */
import { describe, expect, it } from 'vitest';
import { buildTab } from '../../src/docs/export/exporter.js';
import { findSection, sectionSpans } from '../../src/docs/export/sections.js';
import { generateDocument } from '../../src/docs/generate-document.js';
import { AnchorNotFoundError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { loadReal, realDocNames } from './real-docs.js';

function checkAll(doc: Document): number {
  const built = buildTab(doc, doc.tabs?.[0]?.tabProperties?.tabId);
  const spans = sectionSpans(built.model);
  for (const span of spans) {
    const first = spans.find((s) => s.anchorId === span.anchorId);
    expect(findSection(built.model, span.anchorId, built.tab.tabId)).toEqual(first);
  }
  expect(() => findSection(built.model, 'h.not-there', built.tab.tabId)).toThrow(AnchorNotFoundError);
  return spans.length;
}

describe('findSection', () => {
  it('gives the span sectionSpans gives, on the generated document', () => {
    expect(checkAll(generateDocument({ pages: 6 }))).toBeGreaterThan(5);
  });

  it.each(realDocNames())('gives the span sectionSpans gives, on %s', (name) => {
    checkAll(loadReal(name));
  });
});

/**
 * Every tab of every real document: importing its own export changes nothing and sends nothing.
 * The export leaves out what the import puts back (the empty paragraphs Docs forces around a table
 * at the body's edges, grammar/README.md §7), so a no-op must stay a no-op.
 */
import { describe, expect, it } from 'vitest';
import { exportTab, listTabs } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { loadReal, realDocNames } from '../export/real-docs.js';
import { MemoryBackend } from './memory-backend.js';

describe('a real tab imported as exported', () => {
  for (const name of realDocNames()) {
    it(`sends no request: ${name.slice(0, 70)}`, async () => {
      const doc = loadReal(name);
      for (const tab of listTabs(doc)) {
        const be = new MemoryBackend(structuredClone(doc));
        const text = exportTab(be.doc, tab.tabId).content;
        const result = await importTabService(be, { document_id: 'doc', tab_id: tab.tabId }, text);
        expect(be.writes, tab.tabId).toHaveLength(0);
        expect(result.warnings.join(' '), tab.tabId).not.toMatch(/empty paragraph stays/);
      }
    });
  }
});

/** The block model of every tab of every real document passes every model check. */
import { describe, it } from 'vitest';
import { buildTab } from '../../src/docs/export/exporter.js';
import { listTabs } from '../../src/docs/export/tabs.js';
import { checkBuilt } from './check-model.js';
import { loadReal, realDocNames } from './real-docs.js';

describe('block model of the real documents', () => {
  for (const name of realDocNames()) {
    const doc = loadReal(name);
    for (const tab of listTabs(doc)) {
      it(`${name} ${tab.tabId}`, () => {
        checkBuilt(buildTab(doc, tab.tabId), tab.content);
      });
    }
  }
});

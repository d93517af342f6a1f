/**
 * The concise canonical form keeps edits local: text properties a paragraph's runs share live in
 * the block state (`{!…, font:Arial, size:11pt}` once, not a span per run), and an edit of one
 * paragraph must still leave the explicit run styles around it as they were.
 */
import { describe, expect, it } from 'vitest';
import { exportTab, listTabs, resolveTab } from '../../src/docs/export/index.js';
import { planImport } from '../../src/docs/import/index.js';
import { parseMebdf } from '../../src/mebdf/index.js';
import { loadReal } from './real-docs.js';

const PROPOSAL = 'think41__extrasuite__1arcBS-A_LqbvrstLAADAjCZj4kvTlqmQ0ztFNfyAEyc';

function plan(edit: (content: string) => string) {
  const doc = loadReal(PROPOSAL);
  const tabId = listTabs(doc)[0]!.tabId;
  const old = exportTab(doc, tabId);
  const tab = resolveTab(doc, tabId).content;
  const body = tab.body?.content ?? [];
  const edited = edit(old.content);
  expect(edited, 'the edit must change the export').not.toBe(old.content);
  return planImport({
    tabId,
    tab,
    old,
    next: parseMebdf(edited),
    bodyEnd: body[body.length - 1]?.endIndex ?? 1,
    scope: { kind: 'tab' },
    allowDeletions: false,
  });
}

describe('edits under the stateful canonical form', () => {
  it('should carry the runs’ shared font and size in a directive, not in spans', () => {
    const doc = loadReal(PROPOSAL);
    const { content } = exportTab(doc, listTabs(doc)[0]!.tabId);
    expect(content).toMatch(/\{![^}\n]*font:Arial, size:11pt\}\nEntero is looking/);
    expect(content).not.toContain('{!font:Arial, size:11pt}Entero');
  });

  it('should change only the edited words of a paragraph whose text style lives in the state', () => {
    const { requests } = plan((c) =>
      c.replace('This solution is designed to:', 'This solution is built to:'),
    );
    expect(requests.map((r) => Object.keys(r)[0])).toEqual(['deleteContentRange', 'insertText']);
  });

  it('should restyle only the run an edit restyles', () => {
    const { requests } = plan((c) =>
      c.replace('This solution is designed to:', 'This solution is {!size:14pt}designed{/!} to:'),
    );
    const styled = requests.filter((r) => r.updateTextStyle);
    expect(styled).toHaveLength(1);
    const range = styled[0]!.updateTextStyle!.range!;
    expect((range.endIndex ?? 0) - (range.startIndex ?? 0)).toBe('designed'.length);
    expect(requests.every((r) => !r.insertText && !r.deleteContentRange)).toBe(true);
  });
});

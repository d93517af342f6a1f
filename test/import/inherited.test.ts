/**
 * withoutInherited: a property equal to what its paragraph inherits in the tab is dropped; one
 * that differs stays; an untouched document comes back as the same object.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportTab, listTabs } from '../../src/docs/export/index.js';
import { withoutInherited } from '../../src/docs/import/inherited.js';
import type { Document, DocumentTab } from '../../src/ground/docs-json.js';
import { parseMebdf } from '../../src/mebdf/index.js';

const tab: DocumentTab = newDocumentTab();
const REAL = new URL('../fixtures/real/', import.meta.url);

function resolved(text: string) {
  return withoutInherited(parseMebdf(text), tab);
}

describe('withoutInherited', () => {
  it('drops run values equal to the named style, keeps those that differ', () => {
    expect(resolved('{!font:Arial, size:11pt, color:red}x{/!}')).toEqual(parseMebdf('{!color:red}x{/!}'));
  });

  it('drops a switch equal to the style, keeps one turned off against it', () => {
    expect(resolved('{!bold:false}x{/!}')).toEqual(parseMebdf('x'));
    const heading = parseMebdf('# {!bold:false}x{/!}');
    const headingBold = tab.namedStyles?.styles?.find((s) => s.namedStyleType === 'HEADING_1')?.textStyle
      ?.bold;
    expect(withoutInherited(heading, tab)).toEqual(headingBold ? heading : parseMebdf('# x'));
  });

  it('drops paragraph values equal to the named style', () => {
    expect(resolved('{!align:left, space-before:0pt}\nx')).toEqual(parseMebdf('x'));
    expect(resolved('{!align:center}\nx')).toEqual(parseMebdf('{!align:center}\nx'));
  });

  it("keeps a list item's indents (their base is the list level)", () => {
    expect(resolved('{!indent-left:0pt}\n- x')).toEqual(parseMebdf('{!indent-left:0pt}\n- x'));
  });

  it('resolves table cells against the cell base (single spacing)', () => {
    const text = '{!table}\n{!row}\n{!cell}\n{!line-spacing:single}\nx\n{!end-table}';
    const cell = resolved(text).blocks[0];
    expect(cell?.type === 'table' && cell.rows[0]?.[0]?.blocks[0]?.style.lineSpacing).toBeFalsy();
  });

  it('returns the same object when nothing is inherited explicitly', () => {
    const doc = parseMebdf('# Title\n\nSome **bold** {!color:red}red{/!} text.\n');
    expect(withoutInherited(doc, tab)).toBe(doc);
  });

  it('finds nothing to drop in what the exporter writes, on every real document', () => {
    for (const name of readdirSync(REAL).filter((n) => n.endsWith('.json'))) {
      const doc = JSON.parse(readFileSync(new URL(name, REAL), 'utf8')) as Document;
      for (const { tabId, content } of listTabs(doc)) {
        const model = exportTab(doc, tabId).model;
        expect(withoutInherited(model, content), `${name} ${tabId}`).toBe(model);
      }
    }
  });
});

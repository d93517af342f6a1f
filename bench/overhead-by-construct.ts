/**
 * Where the markup overhead of the export is, per real tab (the tabs bench/markup-overhead.ts
 * measures): the characters of each kind of MEBDF markup over the tab's text without markup.
 * `T.` marks what stands inside a `{!table}`; `nl` is the line ends of lines the markup leaves
 * blank (and the blank lines between blocks). `node --import tsx bench/overhead-by-construct.ts
 * [file-substring]` prints one line per tab, worst first, then the totals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toTabsShape } from '../src/docs/engine/index.js';
import { exportTab, listTabs } from '../src/docs/export/index.js';
import type { Document } from '../src/ground/docs-json.js';
import { MIN_TEXT, withoutMarkup } from './markup-overhead.js';

const dir = fileURLToPath(new URL('../test/fixtures/real/', import.meta.url));
const MARKUP = /(?<!\\)(?:\{![^}\n]*\}|\{\/!\}|\{\^(?:[^"}\n]|"(?:[^"\\\n]|\\.)*")*\})/g;

function kindOf(mark: string, line: string): string {
  if (mark === '{/!}') return 'span';
  if (mark.startsWith('{^=')) return 'embed';
  if (mark.startsWith('{^')) return 'anchor';
  if (line.trim() !== mark) return 'span';
  if (/^\{!(table|row|end-table)\}$/.test(mark)) return 'table';
  if (mark.startsWith('{!cell')) return 'cell';
  if (mark.startsWith('{!empty') || mark === '{!}') return 'empty';
  if (/^\{!\s*[a-z][a-z0-9-]*\s*=/.test(mark)) return 'names';
  return 'directive';
}

const filter = process.argv[2];
const rows: Array<{ ratio: number; line: string }> = [];
const totals: Record<string, number> = {};
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.batches.json'));
for (const file of files.sort()) {
  if (filter && !file.includes(filter)) continue;
  const doc = toTabsShape(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Document);
  for (const tab of listTabs(doc)) {
    const content = exportTab(doc, tab.tabId).content;
    const text = withoutMarkup(content).length;
    if (text < MIN_TEXT) continue;
    const by: Record<string, number> = {};
    let inTable = false;
    for (const line of content.split('\n')) {
      if (line === '{!table}') inTable = true;
      let rest = line;
      for (const mark of line.match(MARKUP) ?? []) {
        const kind = (inTable ? 'T.' : '') + kindOf(mark, line);
        by[kind] = (by[kind] ?? 0) + mark.length;
        rest = rest.replace(mark, '');
      }
      if (rest.trim() === '') by.nl = (by.nl ?? 0) + rest.length + 1;
      if (line === '{!end-table}') inTable = false;
    }
    const parts = Object.entries(by)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, chars]) => `${kind} ${(chars / text).toFixed(3)}`);
    for (const [kind, chars] of Object.entries(by)) totals[kind] = (totals[kind] ?? 0) + chars;
    const name = `${file.slice(0, -'.json'.length)}${tab.title ? ` / ${tab.title}` : ''}`;
    const ratio = content.length / text;
    rows.push({ ratio, line: `${ratio.toFixed(2)}  ${name}\n      ${parts.join('  ')}` });
  }
}
for (const row of rows.sort((a, b) => b.ratio - a.ratio)) console.log(row.line);
console.log('characters of markup by kind, all tabs:', totals);

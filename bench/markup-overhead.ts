/**
 * Markup overhead of the export: for each tab of the real documents in test/fixtures/real, the
 * length of its MEBDF export over the length of the same text with the MEBDF markup removed
 * (block directives, `{!…}` and `{/!}` of spans, `{^…}` anchors and embeds, and the lines left
 * blank). A model pays for every character it reads and must reproduce every marker, so this is
 * the price of the markup. Markdown's own marks (`#`, `**`, `- `, `|`) count as text: they are
 * what any Markdown export of the page would have. Tabs with less than MIN_TEXT characters of
 * text are left out: a heading and two lines say nothing about the ratio.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toTabsShape } from '../src/docs/engine/index.js';
import { exportTab, listTabs } from '../src/docs/export/index.js';
import type { Document } from '../src/ground/docs-json.js';
import type { Figure } from './measure.js';

const dir = fileURLToPath(new URL('../test/fixtures/real/', import.meta.url));

export const MIN_TEXT = 500;

export interface TabOverhead {
  /** `document` or `document / tab title`. */
  name: string;
  exportLength: number;
  textLength: number;
  /** exportLength / textLength. */
  ratio: number;
}

/**
 * MEBDF's own markup, not escaped: `{!…}` (a directive or a span's opening), `{/!}`, and `{^…}`
 * (an anchor, or an embed whose quoted caption may hold a `}`).
 */
const MEBDF_MARKUP = /(?<!\\)(?:\{![^}\n]*\}|\{\/!\}|\{\^(?:[^"}\n]|"(?:[^"\\\n]|\\.)*")*\})/g;

/** The export without MEBDF markup and without the lines that leaves blank. */
export function withoutMarkup(text: string): string {
  return text
    .replace(MEBDF_MARKUP, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Every tab of every real document with at least MIN_TEXT characters of text. */
export function tabOverheads(): TabOverhead[] {
  const out: TabOverhead[] = [];
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.batches.json'));
  for (const file of files.sort()) {
    const doc = toTabsShape(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')) as Document);
    const tabs = listTabs(doc);
    for (const tab of tabs) {
      const exported = exportTab(doc, tab.tabId);
      const text = withoutMarkup(exported.content).length;
      if (text < MIN_TEXT) continue;
      const base = file.slice(0, -'.json'.length);
      out.push({
        name: tabs.length > 1 ? `${base} / ${tab.title}` : base,
        exportLength: exported.content.length,
        textLength: text,
        ratio: exported.content.length / text,
      });
    }
  }
  return out;
}

export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The targets: the median and the worst tab. */
export const MAX_MEDIAN = 1.15;
export const MAX_WORST = 1.6;

/** Two figures, sizes rather than times (no ms): the median tab and the worst one. */
export async function benchMarkupOverhead(): Promise<Figure[]> {
  const tabs = tabOverheads();
  const median = medianOf(tabs.map((t) => t.ratio));
  const worst = tabs.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const baseline = 'text without markup';
  return [
    {
      name: `export size, median of ${tabs.length} real tabs`,
      ms: Number.NaN,
      baseline,
      ratio: median,
      target: `≤ ${MAX_MEDIAN}×`,
      ok: median <= MAX_MEDIAN,
      note: `tabs with ≥ ${MIN_TEXT} characters of text`,
    },
    {
      name: 'export size, worst real tab',
      ms: Number.NaN,
      baseline,
      ratio: worst.ratio,
      target: `≤ ${MAX_WORST}×`,
      ok: worst.ratio <= MAX_WORST,
      note: `${worst.name} (${(worst.exportLength / 1000).toFixed(1)} KB for ${(worst.textLength / 1000).toFixed(1)} KB of text)`,
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const t of tabOverheads().sort((a, b) => b.ratio - a.ratio))
    console.log(`${t.ratio.toFixed(2)}  ${t.exportLength}/${t.textLength}  ${t.name}`);
  for (const f of await benchMarkupOverhead()) console.log(f);
}

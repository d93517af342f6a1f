/**
 * The compiler's costs on generated documents of 1, 10, 100 and 500 pages, each against
 * `JSON.parse` of the same document text measured in the same run:
 * - export of the whole tab (Docs JSON -> model -> canonical MEBDF);
 * - a one-word edit of one section: planning (export the section, parse the edit, plan) and
 *   verify-before-write (apply the plan with the engine, export the result);
 * - a whole-tab rewrite (one word changed in every section) planned through import_tab;
 * - linearity: the 500-page figure over the 100-page one (≤ 5.5× for 5× the size);
 * - peak heap while exporting and planning the largest document.
 */
import { fileURLToPath } from 'node:url';
import { applyBatchUpdate } from '../src/docs/engine/index.js';
import {
  exportSection,
  exportTab,
  resolveTab,
  type SectionExport,
  type TabExport,
} from '../src/docs/export/index.js';
import { generateDocument } from '../src/docs/generate-document.js';
import { planImport } from '../src/docs/import/index.js';
import type { Document, Request } from '../src/ground/docs-json.js';
import { parseMebdf } from '../src/mebdf/index.js';
import { type Figure, median } from './measure.js';
import { middleAnchor } from './user.js';

const PAGES = [1, 10, 100, 500];

/** The section's content with its first body word (after the heading line) replaced. */
function editOneWord(content: string): string {
  const lines = content.split('\n');
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    const match = /^([A-Za-z]+)( .*)$/.exec(line);
    if (match) {
      lines[i] = `Edited${match[2]}`;
      return lines.join('\n');
    }
  }
  throw new Error('bench: no paragraph starting with a plain word to edit');
}

function plan(
  doc: Document,
  target: TabExport | SectionExport,
  edited: string,
  anchorId: string | null,
): Request[] {
  const tabId = target.tabId;
  const body = resolveTab(doc, tabId).content.body?.content ?? [];
  return planImport({
    tabId,
    tab: resolveTab(doc, tabId).content,
    old: { model: target.model, sources: target.sources, footnoteSources: target.footnoteSources },
    next: parseMebdf(edited),
    bodyEnd: body[body.length - 1]?.endIndex ?? 1,
    scope: anchorId === null ? { kind: 'tab' } : { kind: 'section', anchorId },
    allowDeletions: false,
  }).requests;
}

function rewriteEverySection(content: string): string {
  // Changes the first word of every paragraph that follows a level-2 heading.
  return content
    .split(/(?=^## )/m)
    .map((chunk) => {
      if (!chunk.startsWith('## ')) return chunk;
      try {
        return editOneWord(chunk);
      } catch {
        return chunk; // a section whose paragraphs all start with formatting stays as it is
      }
    })
    .join('');
}

export async function benchScaling(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const exportMs: Record<number, number> = {};
  const importMs: Record<number, number> = {};
  for (const pages of PAGES) {
    const doc = generateDocument({ pages });
    // Pretty-printed, as the API sends it and as real documents are stored.
    const text = JSON.stringify(doc, null, 2);
    const slow = pages >= 100 ? { minRuns: 5, minMs: 0 } : {};
    const parseMs = median(() => JSON.parse(text), slow);
    const mb = (text.length / 1e6).toFixed(2);

    const ex = median(() => exportTab(doc, 't.0'), slow);
    exportMs[pages] = ex;
    figures.push({
      name: `export ${pages} p`,
      ms: ex,
      baseline: 'JSON.parse',
      ratio: ex / parseMs,
      note: `${mb} MB JSON`,
      ...(pages === 100 ? { target: '≤ 4×', ok: ex / parseMs <= 4 } : {}),
    });

    const anchor = middleAnchor(doc);
    const section = exportSection(doc, 't.0', anchor);
    const edited = editOneWord(section.content);
    let requests: Request[] = [];
    const planMs = median(() => {
      const target = exportSection(doc, 't.0', anchor);
      requests = plan(doc, target, edited, anchor);
    }, slow);
    importMs[pages] = planMs;
    figures.push({
      name: `plan one-word section edit ${pages} p`,
      ms: planMs,
      baseline: 'JSON.parse',
      ratio: planMs / parseMs,
      note: `${requests.length} requests`,
      ...(pages === 100
        ? { target: '≤ 4×, ≤ 3 requests', ok: planMs / parseMs <= 4 && requests.length <= 3 }
        : {}),
    });

    const verifyMs = median(() => {
      const after = applyBatchUpdate(doc, { requests }).document;
      exportSection(after, 't.0', anchor);
    }, slow);
    figures.push({
      name: `verify-before-write ${pages} p`,
      ms: verifyMs,
      baseline: 'JSON.parse',
      ratio: verifyMs / parseMs,
      note: 'engine apply + export of the result',
    });

    if (pages <= 100) {
      const tab = exportTab(doc, 't.0');
      const rewritten = rewriteEverySection(tab.content);
      let count = 0;
      const rewriteMs = median(() => {
        count = plan(doc, exportTab(doc, 't.0'), rewritten, null).length;
      }, slow);
      figures.push({
        name: `plan whole-tab rewrite ${pages} p`,
        ms: rewriteMs,
        baseline: 'JSON.parse',
        ratio: rewriteMs / parseMs,
        note: `${count} requests`,
      });
    }
  }
  const exportGrowth = exportMs[500]! / exportMs[100]!;
  const importGrowth = importMs[500]! / importMs[100]!;
  figures.push(
    {
      name: 'export 500 p / 100 p',
      ms: exportMs[500]!,
      baseline: 'export 100 p',
      ratio: exportGrowth,
      target: '≤ 5.5×',
      ok: exportGrowth <= 5.5,
    },
    {
      name: 'one-word plan 500 p / 100 p',
      ms: importMs[500]!,
      baseline: 'plan 100 p',
      ratio: importGrowth,
      target: '≤ 5.5×',
      ok: importGrowth <= 5.5,
    },
  );
  figures.push(peakHeap());
  return figures;
}

/** Peak heap above the baseline while exporting and planning on the 500-page document. */
function peakHeap(): Figure {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const doc = generateDocument({ pages: 500 });
  gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const tab = exportTab(doc, 't.0');
  sample();
  const anchor = middleAnchor(doc);
  sample();
  const section = exportSection(doc, 't.0', anchor);
  plan(doc, section, editOneWord(section.content), anchor);
  sample();
  const mb = (peak - before) / 1e6;
  return {
    name: 'peak heap, export + plan 500 p',
    ms: 0,
    note: `${mb.toFixed(0)} MB over the loaded document${gc ? '' : ' (run with --expose-gc for a clean figure)'}; tab ${tab.content.length} chars`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const f of await benchScaling()) console.log(f);
}

/**
 * Export speed: exportTab (Docs JSON -> model -> canonical MEBDF) against JSON.parse of the same
 * document text, on the largest real document and on a generated ~100-page tab. The bar:
 * exporting costs no more than a few times JSON.parse. Run alone with
 * `node --import tsx bench/export.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTab } from '../src/docs/export/exporter.js';
import { exportTab } from '../src/docs/export/index.js';
import { render } from '../src/docs/export/render.js';
import type { Document } from '../src/ground/docs-json.js';
import { modelToTree } from '../src/mebdf/semantic/from-model.js';
import { stringifyTree } from '../src/mebdf/tree.js';
import { listDef, makeDoc, type ParaSpec, para, text } from '../test/export/builder.js';

export interface ExportBenchResult {
  name: string;
  /** Document JSON size in bytes. */
  bytes: number;
  /** Median milliseconds. */
  parseMs: number;
  exportMs: number;
  /** exportMs / parseMs. */
  ratio: number;
  /** The two halves of exportMs: Docs JSON -> block model, and model -> MEBDF text. */
  modelMs: number;
  renderMs: number;
  /**
   * The render's serializer alone (mdast-util-to-markdown with the MEBDF extension, on the mdast the
   * model became): what an export costs at least beside JSON.parse while that library writes it.
   */
  serializeMs: number;
  contentChars: number;
}

const here = dirname(fileURLToPath(import.meta.url));

function median(fn: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** A ~100-page tab: headings, styled paragraphs, lists, links and a table every few pages. */
export function generatedDocument(pages = 100): Document {
  const blocks: Array<ParaSpec | { table: ParaSpec[][][] }> = [];
  const sentence =
    'The quarterly review covers revenue, hiring and the roadmap; every team reported on time and under budget. ';
  for (let page = 0; page < pages; page++) {
    blocks.push(para(`Chapter ${page + 1}`, { namedStyleType: 'HEADING_1', headingId: `h.gen${page}` }));
    for (let p = 0; p < 6; p++) {
      blocks.push(
        para([
          text(sentence.repeat(2)),
          text('important ', { bold: true }),
          text('see the report', { link: { url: `https://example.com/${page}/${p}` } }),
          text(` ${sentence}`, { italic: p % 2 === 0 }),
        ]),
      );
    }
    for (let i = 0; i < 4; i++) {
      blocks.push(
        para(
          `Item ${i + 1} of page ${page + 1}`,
          {},
          { bullet: { listId: `kix.l${page}`, nestingLevel: i % 2 } },
        ),
      );
    }
    if (page % 5 === 0) {
      blocks.push({
        table: Array.from({ length: 4 }, (_, r) =>
          Array.from({ length: 3 }, (_, c) => [para(`cell ${r}.${c}`)]),
        ),
      });
      blocks.push(para(''));
    }
  }
  const lists: Record<string, ReturnType<typeof listDef>> = {};
  for (let page = 0; page < pages; page++) lists[`kix.l${page}`] = listDef(page % 2 ? 'ordered' : 'bullet');
  return makeDoc({ blocks, lists }, 'Generated 100-page document');
}

/** Medians of `a` and `b` timed in turn, run by run, so that both see the same machine. */
function paired(a: () => void, b: () => void, runs: number): [number, number] {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < runs; i++) {
    as.push(median(a, 1));
    bs.push(median(b, 1));
  }
  const mid = (xs: number[]): number => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [mid(as), mid(bs)];
}

function measure(name: string, textJson: string, runs: number): ExportBenchResult {
  const doc = JSON.parse(textJson) as Document;
  const tabId = doc.tabs?.[0]?.tabProperties?.tabId;
  // Warm up (JIT) before measuring either side: three runs left the export's first median about
  // twice its later ones (code still being optimised), which read as time spent outside the model
  // and the render.
  let content = '';
  for (let i = 0; i < 10; i++) content = exportTab(doc, tabId).content;
  for (let i = 0; i < 10; i++) JSON.parse(textJson);
  const [parseMs, exportMs] = paired(
    () => JSON.parse(textJson),
    () => exportTab(doc, tabId),
    runs,
  );
  const model = buildTab(doc, tabId).model;
  const modelMs = median(() => buildTab(doc, tabId), runs);
  const renderMs = median(() => render(model), runs);
  const tree = modelToTree(model);
  const serializeMs = median(() => stringifyTree(tree), runs);
  return {
    name,
    bytes: Buffer.byteLength(textJson),
    parseMs: Math.round(parseMs * 100) / 100,
    exportMs: Math.round(exportMs * 100) / 100,
    ratio: Math.round((exportMs / parseMs) * 100) / 100,
    modelMs: Math.round(modelMs * 100) / 100,
    renderMs: Math.round(renderMs * 100) / 100,
    serializeMs: Math.round(serializeMs * 100) / 100,
    contentChars: content.length,
  };
}

export async function benchExport(runs = 15): Promise<ExportBenchResult[]> {
  const real = 'think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI.json';
  const realText = readFileSync(join(here, '..', 'test', 'fixtures', 'real', real), 'utf8');
  const generatedText = JSON.stringify(generatedDocument(100), null, 2);
  return [measure(`real: ${real}`, realText, runs), measure('generated: 100 pages', generatedText, runs)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await benchExport();
  for (const r of results) {
    process.stdout.write(
      `${r.name}\n  ${(r.bytes / 1024).toFixed(0)} KiB JSON, ${r.contentChars} chars MEBDF: JSON.parse ${r.parseMs} ms, exportTab ${r.exportMs} ms, ratio ${r.ratio}× (model ${r.modelMs} ms = ${(r.modelMs / r.parseMs).toFixed(2)}× parse, render ${r.renderMs} ms, of which the serializer ${r.serializeMs} ms = ${(r.serializeMs / r.parseMs).toFixed(2)}× parse)\n`,
    );
  }
}

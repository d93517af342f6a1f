/**
 * Import planning speed on a generated ~100-page tab, against JSON.parse of the same document
 * text: a one-word edit in one section (the bar: ≤ 3 requests, a few times JSON.parse), a
 * one-word edit through a whole-tab import, and a whole-tab rewrite (every body paragraph edited).
 * "plan" is what the service does between its read and its write, verification excluded: export
 * the target, parse the new MEBDF, diff and emit requests. "verify" adds the engine dry run and
 * the re-export. Run alone with `node --import tsx bench/import.ts`.
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
import { planImport } from '../src/docs/import/index.js';
import { importSectionService } from '../src/docs/service/import.js';
import type { Document, Request } from '../src/ground/docs-json.js';
import { parseMebdf } from '../src/mebdf/index.js';
import type { MebdfDocument } from '../src/mebdf/model.js';
import { generatedDocument } from './export.js';
import { median } from './measure.js';

export interface ImportBenchResult {
  name: string;
  requests: number;
  /** JSON.parse of the document text: the baseline. */
  parseMs: number;
  /** The planner alone (diff + requests), given the exported target and the parsed content. */
  planMs: number;
  /** Export of the target + parse of the MEBDF + plan: the service's work before verifying. */
  pipelineMs: number;
  /** Engine dry run of the requests + re-export of the target. */
  verifyMs: number;
  /** planMs / parseMs and pipelineMs / parseMs. */
  ratio: number;
  pipelineRatio: number;
}

const round = (n: number): number => Math.round(n * 100) / 100;

function plan(doc: Document, anchor: string | null, content: string): Request[] {
  const tabId = doc.tabs?.[0]?.tabProperties?.tabId ?? 't.0';
  const target: TabExport | SectionExport =
    anchor === null ? exportTab(doc, tabId) : exportSection(doc, tabId, anchor);
  return planOnly(doc, anchor, target, parseMebdf(content));
}

function planOnly(doc: Document, anchor: string | null, target: TabExport, next: MebdfDocument): Request[] {
  const tabId = target.tabId;
  const tab = resolveTab(doc, tabId).content;
  const body = tab.body?.content ?? [];
  return planImport({
    tabId,
    tab,
    old: target,
    next,
    bodyEnd: body[body.length - 1]?.endIndex ?? 1,
    scope: anchor === null ? { kind: 'tab' } : { kind: 'section', anchorId: anchor },
    allowDeletions: false,
  }).requests;
}

function measure(
  name: string,
  text: string,
  anchor: string | null,
  edit: (s: string) => string,
): ImportBenchResult {
  const doc = JSON.parse(text) as Document;
  const tabId = doc.tabs?.[0]?.tabProperties?.tabId ?? 't.0';
  const before = anchor === null ? exportTab(doc, tabId).content : exportSection(doc, tabId, anchor).content;
  const content = edit(before);
  if (content === before) throw new Error(`${name}: the edit changed nothing`);
  const requests = plan(doc, anchor, content);
  const target = anchor === null ? exportTab(doc, tabId) : exportSection(doc, tabId, anchor);
  const next = parseMebdf(content);
  const parseMs = median(() => JSON.parse(text));
  const planMs = median(() => planOnly(doc, anchor, target, next));
  const pipelineMs = median(() => plan(doc, anchor, content));
  const verifyMs = median(() => {
    const after = applyBatchUpdate(doc, { requests }).document;
    return anchor === null ? exportTab(after, tabId) : exportSection(after, tabId, anchor);
  });
  return {
    name,
    requests: requests.length,
    parseMs: round(parseMs),
    planMs: round(planMs),
    pipelineMs: round(pipelineMs),
    verifyMs: round(verifyMs),
    ratio: round(planMs / parseMs),
    pipelineRatio: round(pipelineMs / parseMs),
  };
}

/** The whole service path without the network: get (a clone), plan, verify, no write (dry run). */
async function measureService(
  text: string,
  anchor: string,
): Promise<{ name: string; ms: number; parseMs: number }> {
  const doc = JSON.parse(text) as Document;
  const tabId = doc.tabs?.[0]?.tabProperties?.tabId ?? 't.0';
  const content = exportSection(doc, tabId, anchor).content.replace('quarterly review', 'annual review');
  const backend = {
    kind: 'bench',
    get: async () => structuredClone(doc),
    batchUpdate: async () => ({}),
    create: async () => doc,
    list: async () => ({ documents: [], total_count: 0 }),
    metadata: async () => ({
      document_id: '',
      title: '',
      last_modified: '',
      owner: '',
      can_edit: true,
      can_comment: true,
    }),
  };
  const run = () =>
    importSectionService(backend, { document_id: 'd', anchor_id: anchor }, content, { dry_run: true });
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    name: 'service dry run of the one-word section edit (get + plan + verify)',
    ms: round(times[2]!),
    parseMs: round(median(() => JSON.parse(text))),
  };
}

export async function benchImport(): Promise<ImportBenchResult[]> {
  const text = JSON.stringify(generatedDocument(100), null, 2);
  const oneWord = (s: string): string => s.replace('quarterly review', 'annual review');
  return [
    measure('one-word edit, section import (chapter 51 of 100 pages)', text, 'h.gen50', oneWord),
    measure('one-word edit, whole-tab import (100 pages)', text, null, oneWord),
    measure('whole-tab rewrite (every body paragraph edited)', text, null, (s) =>
      s.replaceAll('every team reported', 'each team reported'),
    ),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const svc = await measureService(JSON.stringify(generatedDocument(100), null, 2), 'h.gen50');
  process.stdout.write(`${svc.name}\n  ${svc.ms} ms (${round(svc.ms / svc.parseMs)}× JSON.parse)\n`);
  for (const r of await benchImport()) {
    process.stdout.write(
      `${r.name}\n  ${r.requests} requests; JSON.parse ${r.parseMs} ms; planner ${r.planMs} ms (${r.ratio}× parse); export + parse MEBDF + plan ${r.pipelineMs} ms (${r.pipelineRatio}×); engine dry run + re-export ${r.verifyMs} ms\n`,
    );
  }
}

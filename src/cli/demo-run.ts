/**
 * The body of `gdoc demo`, kept apart from the command so that it is loaded only when run.
 * Prints each step as it happens; with `json`, one object at the end instead.
 */
import { chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalBackend } from '../docs/backends/local.js';
import type { HeadingInfo } from '../docs/service/contract.js';
import { exportSectionService, exportTabService, hierarchyService } from '../docs/service/export.js';
import { importSectionService } from '../docs/service/import.js';
import { ValidationError } from '../errors.js';
import { cliIo } from './io.js';

/** The bundled sample (see samples/README.md for where it comes from). */
export const SAMPLE_FILE = fileURLToPath(new URL('../../samples/sample.json', import.meta.url));
const DOC = 'sample';
const ADDED = 'This sentence was added by the gdoc demo.';

export interface DemoReport {
  success: true;
  store: string | null;
  outline: string;
  section: { anchor_id: string; text: string; before: string; after: string };
  dry_run: { diff: string; request_count: number };
  import: { revision_before: string; revision_after: string; request_count: number; request_types: string[] };
  untouched: { sections_compared: number; sections_identical: number; tab_lines_changed: number };
}

export async function runDemo(options: { keep: boolean; json: boolean }): Promise<DemoReport> {
  const dir = await mkdtemp(join(tmpdir(), 'gdoc-demo-'));
  const say = options.json ? () => {} : (text = '') => cliIo().stdout.write(`${text}\n`);
  try {
    const copy = join(dir, `${DOC}.json`);
    await copyFile(SAMPLE_FILE, copy);
    // The bundled file may be installed read-only; the copy is ours to edit.
    await chmod(copy, 0o644);
    const backend = new LocalBackend({ dir });
    const target = { document_id: DOC };

    say('gdoc demo — a real Google Docs document in a temporary local store (no account, no network)');
    const outline = await hierarchyService(backend, target);
    step(say, 1, 'The outline: every heading with its anchor (gdoc outline)');
    say(indent(outline.markdown.trim()));

    const heading = pickSection(outline.headings);
    const tab = outline.tab_id;
    const exported = await exportSectionService(backend, {
      ...target,
      tab_id: tab,
      anchor_id: heading.anchor_id,
    });
    step(say, 2, `Export one section: "${heading.text}" (gdoc export --section ${heading.anchor_id})`);
    say(indent(exported.content.trimEnd()));

    const edited = addSentence(exported.content);
    step(say, 3, 'Edit it: one sentence added, everything else as exported');
    say(
      indent(
        addedLines(exported.content, edited)
          .map((line) => `+ ${line}`)
          .join('\n'),
      ),
    );
    const tabBefore = await exportTabService(backend, { ...target, tab_id: tab });
    const othersBefore = await exportOthers(backend, tab, outline.headings, heading);

    const dry = await importSectionService(
      backend,
      { ...target, tab_id: tab, anchor_id: heading.anchor_id },
      edited,
      { dry_run: true, base: exported.base },
    );
    step(
      say,
      4,
      `Dry run: the diff, and the plan — ${dry.requests.length} request(s), nothing written (--dry-run)`,
    );
    say(indent((dry.diff ?? '').trimEnd()));

    const done = await importSectionService(
      backend,
      { ...target, tab_id: tab, anchor_id: heading.anchor_id },
      edited,
      { base: exported.base },
    );
    const types = done.requests.map((r) => Object.keys(r as object)[0] ?? '?');
    step(say, 5, 'Import it (gdoc import --section)');
    say(
      indent(
        `${done.requests.length} request(s) in one atomic batchUpdate: ${types.join(', ') || 'none'}\n` +
          `revision ${short(exported.revision_id)} → ${short(done.revision_id)}`,
      ),
    );

    const othersAfter = await exportOthers(backend, tab, outline.headings, heading);
    const tabAfter = await exportTabService(backend, { ...target, tab_id: tab });
    const identical = [...othersBefore].filter(([anchor, text]) => othersAfter.get(anchor) === text).length;
    const changedLines = countChangedLines(tabBefore.content, tabAfter.content);
    const after = await exportSectionService(backend, {
      ...target,
      tab_id: tab,
      anchor_id: heading.anchor_id,
    });
    step(say, 6, 'Everything else is untouched');
    say(
      indent(
        `${identical} of ${othersBefore.size} other sections (preamble included) export byte-for-byte as before;\n` +
          `the whole tab differs in ${changedLines} line(s) — the edited one.\n` +
          `The section now reads:\n\n${after.content.trimEnd()}`,
      ),
    );
    if (identical !== othersBefore.size) {
      throw new ValidationError(
        'The demo found a change outside the edited section; this is a bug, please report it.',
      );
    }
    say();
    say(
      options.keep
        ? `Store kept at ${dir} — try: gdoc outline ${DOC} --local ${dir}`
        : 'Next: gdoc serve (MCP) or see README.md.',
    );

    const report: DemoReport = {
      success: true,
      store: options.keep ? dir : null,
      outline: outline.markdown,
      section: {
        anchor_id: heading.anchor_id,
        text: heading.text,
        before: exported.content,
        after: after.content,
      },
      dry_run: { diff: dry.diff ?? '', request_count: dry.requests.length },
      import: {
        revision_before: exported.revision_id,
        revision_after: done.revision_id,
        request_count: done.requests.length,
        request_types: types,
      },
      untouched: {
        sections_compared: othersBefore.size,
        sections_identical: identical,
        tab_lines_changed: changedLines,
      },
    };
    if (options.json) cliIo().stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report;
  } finally {
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
}

function step(say: (text?: string) => void, n: number, title: string): void {
  say();
  say(`${n}. ${title}`);
  say();
}

function short(revision: string): string {
  return revision.length > 16 ? `${revision.slice(0, 16)}…` : revision;
}

function addedLines(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');
}

/** A leaf section (no subsections) with some body text reads best; else the first heading. */
function pickSection(headings: HeadingInfo[]): HeadingInfo {
  const leaf = headings.find((h, i) => {
    const next = headings[i + 1];
    return h.level >= 2 && (!next || next.level <= h.level);
  });
  const chosen = leaf ?? headings[0];
  if (!chosen) throw new ValidationError('The sample document has no headings.');
  return chosen;
}

/** Appends a sentence to the first body paragraph after the heading line. */
export function addSentence(content: string): string {
  const lines = content.split('\n');
  const index = lines.findIndex((line, i) => i > 0 && /^[\p{L}\p{N}*_]/u.test(line));
  if (index < 0) return `${content.trimEnd()}\n\n${ADDED}\n`;
  lines[index] = `${lines[index]} ${ADDED}`;
  return lines.join('\n');
}

/**
 * Every section that neither contains nor lies inside the edited one (plus the preamble),
 * exported as text: these must not change.
 */
async function exportOthers(
  backend: LocalBackend,
  tab: string,
  headings: HeadingInfo[],
  edited: HeadingInfo,
): Promise<Map<string, string>> {
  const related = relatedAnchors(headings, edited);
  const out = new Map<string, string>();
  for (const anchor of ['', ...headings.map((h) => h.anchor_id)]) {
    if (related.has(anchor)) continue;
    const result = await exportSectionService(backend, { document_id: DOC, tab_id: tab, anchor_id: anchor });
    out.set(anchor, result.content);
  }
  return out;
}

function relatedAnchors(headings: HeadingInfo[], edited: HeadingInfo): Set<string> {
  const i = headings.indexOf(edited);
  const related = new Set([edited.anchor_id]);
  for (let j = i + 1; j < headings.length && (headings[j]?.level ?? 0) > edited.level; j++) {
    related.add(headings[j]!.anchor_id);
  }
  let level = edited.level;
  for (let j = i - 1; j >= 0; j--) {
    const h = headings[j]!;
    if (h.level < level) {
      related.add(h.anchor_id);
      level = h.level;
    }
  }
  return related;
}

/** Lines outside the common head and tail of the two texts: the size of the change. */
function countChangedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return Math.max(a.length, b.length) - head - tail;
}

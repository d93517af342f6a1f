/**
 * Whether a paragraph's raw HTML reads back as written: the check a producer of models that did
 * not come from MEBDF text (the Docs exporter, which finds raw HTML by named ranges over text a
 * person may have edited) makes before it calls text raw HTML. Text marked as HTML that would not
 * read back as the same HTML (`<b` after an edit, a blank line inside an HTML block of kind 6, an
 * unclosed `<script>` block that would swallow the paragraphs after it, a tag alone on a paragraph
 * that would read as an HTML block) is plain text instead.
 */
import type { Inline, ParagraphBlock, TextInline } from './model.js';
import { modelToTree } from './semantic/from-model.js';
import { KEPT_TEXT_MAX } from './semantic/read-back.js';
import { sameTextStyle } from './semantic/style.js';
import { treeToModel } from './semantic/to-model.js';
import { parseTree, stringifyTree } from './tree.js';

/** A paragraph after the probe, so that an HTML block that never ends shows. */
const AFTER = 'after';

/** Text and line breaks only: what other inlines are does not change how HTML reads. */
function probeInlines(inlines: readonly Inline[]): Inline[] {
  return inlines.filter((inline) => inline.type === 'text' || inline.type === 'break');
}

function htmlRuns(inlines: readonly Inline[]): TextInline[] {
  return inlines.filter(
    (inline): inline is TextInline => inline.type === 'text' && inline.style.html === true,
  );
}

function sameRuns(a: readonly TextInline[], b: readonly TextInline[]): boolean {
  return (
    a.length === b.length &&
    a.every((run, i) => run.text === b[i]!.text && sameTextStyle(run.style, b[i]!.style))
  );
}

/**
 * How `block` (an HTML block, or a paragraph with raw inline HTML) written as MEBDF reads back:
 * `closed` when it reads as the same HTML (the same HTML block, or a paragraph with the same raw
 * HTML runs: text, line ends and style) with a paragraph after it; `open` for an HTML block that
 * reads back only when nothing follows it (a `<script>` or `<!--` never closed runs to the end of
 * its container); `no` otherwise.
 */
export function rawHtmlReading(block: ParagraphBlock): 'closed' | 'open' | 'no' {
  if (readsBack(block, true)) return 'closed';
  return block.html && readsBack(block, false) ? 'open' : 'no';
}

/**
 * Readings made in this process, by probe: each is a write and a whole parse (a few hundred
 * microseconds), and an export of the same document again meets the same paragraphs.
 */
const readings = new Map<string, boolean>();
const READINGS_MAX = 4096;

function readsBack(block: ParagraphBlock, followed: boolean): boolean {
  const probe: ParagraphBlock = {
    type: 'paragraph',
    style: { namedStyle: block.style.namedStyle },
    inlines: probeInlines(block.inlines),
  };
  if (block.html) probe.html = true;
  const key = JSON.stringify([probe, followed]);
  let reads = readings.get(key);
  if (reads === undefined) {
    reads = probeReadsBack(probe, followed);
    if (key.length <= KEPT_TEXT_MAX) {
      if (readings.size >= READINGS_MAX) readings.clear();
      readings.set(key, reads);
    }
  }
  return reads;
}

/** Whether `probe` written out (with a paragraph after it when `followed`) reads back as itself. */
function probeReadsBack(probe: ParagraphBlock, followed: boolean): boolean {
  const after: ParagraphBlock = {
    type: 'paragraph',
    style: { namedStyle: 'NORMAL_TEXT' },
    inlines: [{ type: 'text', text: AFTER, style: {} }],
  };
  const blocks = followed ? [probe, after] : [probe];
  const text = stringifyTree(modelToTree({ blocks, footnotes: {} }));
  const { document, diagnostics } = treeToModel(parseTree(text), text);
  const [got, next] = document.blocks;
  if (diagnostics.some((d) => d.severity !== 'warning') || document.blocks.length !== blocks.length)
    return false;
  if (got?.type !== 'paragraph' || (followed && next?.type !== 'paragraph') || !!got.html !== !!probe.html)
    return false;
  if (probe.html) return JSON.stringify(got.inlines) === JSON.stringify(probe.inlines);
  return sameRuns(htmlRuns(got.inlines), htmlRuns(probe.inlines));
}

/**
 * The canonical texts this process has exported lately, with their models and pieces, so that an
 * import of a text edited from one of them parses only what changed (mebdf/incremental.ts): the
 * read an import makes, and the export its verification makes of the result (the text the next
 * import of the same target is edited from). Whatever is remembered, the parse is the same: an
 * incremental parse is accepted only when it is provably the whole text's, so this is a cache of
 * work, never of meaning. A few texts only: each holds a tab's model and its block texts.
 */
import { commonEnds, type KnownText, nearEnough, parseIncrementalKnown } from '../../mebdf/incremental.js';
import { type MebdfDiagnostic, parseMebdfWithWarnings } from '../../mebdf/index.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { RenderCache } from '../../mebdf/render-blocks.js';
import { forgetHeldRecords } from './kept-text.js';

/** How many texts are kept (the last read and the last result, of one or two targets). */
const KEPT = 3;

const texts: KnownText[] = [];

/** How the texts were parsed since the process started: only what changed, or the whole text. */
export const parses = { incremental: 0, whole: 0 };

/** Keeps `known` as the newest text (a text kept already moves to the front, with its renderings). */
export function rememberKnown(known: KnownText | undefined): void {
  if (!known) return;
  const at = texts.findIndex((k) => k === known || k.content === known.content);
  const kept = at >= 0 ? texts.splice(at, 1)[0]! : known;
  texts.unshift(kept);
  texts.length = Math.min(texts.length, KEPT);
}

/** The texts kept, newest first: an export of a model equal to one's is that text (export/index.ts). */
export function knownTexts(): readonly KnownText[] {
  return texts;
}

/**
 * Whether a text kept here is close enough to `text` to parse it from (else the text kept by
 * another process for its target is worth reading: a process that worked on another document,
 * or on this one before another process wrote it, knows nothing useful for it).
 */
export function knowsNear(text: string): boolean {
  return texts.some((known) => nearEnough(text, known.content));
}

/**
 * `parseMebdf(text)`, parsing only what differs from the closest text kept; throws
 * `MebdfParseError` with every problem of the text as `parseMebdf` does (a text that does not
 * parse is never parsed incrementally). `canonical`: the text is known to be the model written
 * out (an incremental parse checks that it is).
 */
export function parseKnown(text: string): { model: MebdfDocument; canonical: boolean; warnings: string[] } {
  const known = closest(text);
  const parsed = known ? parseIncrementalKnown(text, known) : null;
  if (parsed) {
    parses.incremental += 1;
    // Written out by the check: an export of a model equal to it (the import's result) is this text.
    rememberKnown(parsed);
    return { model: parsed.model, canonical: true, warnings: [] };
  }
  parses.whole += 1;
  const { document, warnings } = parseMebdfWithWarnings(text);
  return { model: document, canonical: false, warnings: warnings.map(warningLine) };
}

/** What the text says that Docs cannot keep (a checked box, a start number), as a result warning. */
function warningLine(d: MebdfDiagnostic): string {
  return `Line ${d.line}: ${d.message}${d.suggestion ? ` (${d.suggestion})` : ''}.`;
}

/** The kept text that shares the most characters with `text` at its two ends. */
function closest(text: string): KnownText | undefined {
  let best: KnownText | undefined;
  let most = -1;
  for (const known of texts) {
    if (known.content === text) return known;
    const ends = commonEnds(text, known.content);
    const shared = ends.prefix + ends.suffix;
    if (shared > most) {
      most = shared;
      best = known;
    }
  }
  return best;
}

/** Renders an import makes (read, parse check, verification), kept for the next ones: two imports. */
const RENDERS_KEPT = 8;

/**
 * The render cache for a command's renders: the newest text's, so the next import of a tab
 * serialises only the blocks that changed since (less what no recent render used).
 */
export function renderCache(): RenderCache {
  const cache = texts[0]?.cache;
  if (!cache) return new RenderCache();
  cache.forget(RENDERS_KEPT);
  return cache;
}

/** Forgets every text, and the store's records held (tests: the next command is another process's). */
export function forgetKnown(): void {
  texts.length = 0;
  forgetHeldRecords();
}

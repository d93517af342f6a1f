/**
 * Finding text in every tab of a document (child tabs included), each match placed in its tab and
 * its innermost section (the last heading before it), with a short snippet. Pure.
 */
import { ValidationError } from '../../errors.js';
import type { Document } from '../../ground/docs-json.js';
import type { Block } from '../../mebdf/model.js';
import { buildTab } from '../export/exporter.js';
import { blockParagraphs, plainText } from '../export/model-utils.js';
import { sectionHeading } from '../export/sections.js';
import { listTabs } from '../export/tabs.js';

export interface FindQuery {
  /** Plain text, or a regular expression (JavaScript syntax) when `regex`. */
  query: string;
  regex?: boolean;
  caseSensitive?: boolean;
  /** Only this tab (and not its children); all tabs when absent. */
  tabId?: string;
  /** At most this many matches are returned. */
  limit: number;
}

export interface FindMatch {
  tab_id: string;
  tab_title: string;
  /** The innermost section holding the match: its heading's anchor, `""` for the preamble. */
  anchor_id: string;
  heading_text: string;
  /** The matched text as it stands in the document. */
  match: string;
  /** The match with some text either side (`…` where cut). */
  snippet: string;
}

/** Where each match of the pattern is in each text: `[index, matched text]` pairs, per text. */
export type Matcher = (texts: string[], pattern: RegExp) => Array<Array<[number, string]>>;

/** Matching in this thread: fine for plain text, which cannot backtrack badly. */
export const matchHere: Matcher = (texts, pattern) =>
  texts.map((t) => Array.from(t.matchAll(pattern), (m): [number, string] => [m.index, m[0]]));

export interface FindResult {
  matches: FindMatch[];
  /** All matches, which may exceed the number returned. */
  total_count: number;
}

/** The longest pattern accepted: a search term, not a program. */
export const MAX_QUERY_CHARS = 500;
const SNIPPET_SIDE = 40;

/** One paragraph's text, with its tab and innermost section. */
interface Place {
  tab_id: string;
  tab_title: string;
  anchor_id: string;
  heading_text: string;
  text: string;
}

/**
 * Finds `q` in the document. `match` runs the pattern over the texts; a caller matching a
 * pattern it did not write passes one that bounds the time (see the find service).
 */
export function findInDocument(doc: Document, q: FindQuery, match: Matcher = matchHere): FindResult {
  const pattern = compile(q);
  const places = placesOf(doc, q.tabId);
  const found = match(
    places.map((p) => p.text),
    pattern,
  );
  const matches: FindMatch[] = [];
  let total = 0;
  places.forEach((place, i) => {
    for (const [index, text] of found[i] ?? []) {
      if (text === '') continue; // an empty match finds nothing a reader would see
      total++;
      if (matches.length >= q.limit) continue;
      const { text: whole, ...where } = place;
      matches.push({ ...where, match: text, snippet: snippet(whole, index, text.length) });
    }
  });
  return { matches, total_count: total };
}

/** Every paragraph of the tabs searched, in reading order, with where it is. */
function placesOf(doc: Document, tabId: string | undefined): Place[] {
  const out: Place[] = [];
  for (const tab of listTabs(doc).filter((t) => tabId === undefined || t.tabId === tabId)) {
    const { model } = buildTab(doc, tab.tabId);
    let anchorId = '';
    let headingText = '';
    for (const block of model.blocks) {
      const heading = sectionHeading(block);
      const texts = textsOf(block);
      if (heading) {
        anchorId = heading.anchorId;
        headingText = texts[0] ?? '';
      }
      for (const text of texts) {
        out.push({
          tab_id: tab.tabId,
          tab_title: tab.title,
          anchor_id: anchorId,
          heading_text: headingText,
          text,
        });
      }
    }
  }
  return out;
}

function compile(q: FindQuery): RegExp {
  if (!q.query) {
    throw new ValidationError('The search text is empty.', 'Pass the text (or pattern) to find.');
  }
  if (q.query.length > MAX_QUERY_CHARS) {
    throw new ValidationError(
      `The search text is ${q.query.length} characters; at most ${MAX_QUERY_CHARS} are accepted.`,
      'Search for a shorter, distinctive part of the text.',
    );
  }
  const flags = q.caseSensitive ? 'gu' : 'giu';
  const source = q.regex ? q.query : q.query.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  try {
    return new RegExp(source, flags);
  } catch (e) {
    throw new ValidationError(
      `The pattern is not a valid regular expression: ${e instanceof Error ? e.message : String(e)}`,
      'Fix the pattern, or search for plain text (regex: false).',
    );
  }
}

/** The text of each paragraph of a block (a table's cells one by one), as a reader sees it. */
function textsOf(block: Block): string[] {
  return [...blockParagraphs(block)].map((p) => plainText(p.inlines)).filter((t) => t !== '');
}

function snippet(text: string, at: number, length: number): string {
  const start = Math.max(0, at - SNIPPET_SIDE);
  const end = Math.min(text.length, at + length + SNIPPET_SIDE);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

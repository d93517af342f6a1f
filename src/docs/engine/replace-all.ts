/**
 * replaceAllText: every match (case-insensitive unless matchCase; optionally a regular
 * expression) in every segment of the chosen tabs (all tabs by default) is replaced; the
 * replacement takes the style of the first matched character. Matches never cross paragraphs.
 */
import type { StructuralElement, Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { deleteRangeIn } from './delete-range.js';
import type { Segment } from './document.js';
import { segmentOf } from './document.js';
import { allTabs } from './indices.js';
import { insertTextAt } from './insert-text.js';
import { isRecord } from './json.js';
import { elementAt, elementStyle, paragraphsInRange } from './paragraphs.js';
import { stripInsertedText } from './utf16.js';

function segments(tab: Tab): Segment[] {
  const dt = tab.documentTab;
  const ids = [
    '',
    ...Object.keys(dt?.headers ?? {}),
    ...Object.keys(dt?.footers ?? {}),
    ...Object.keys(dt?.footnotes ?? {}),
  ];
  return ids.map((id) => segmentOf(tab, id)).filter((s): s is Segment => s !== undefined);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches [start, end) in one segment, in document order. */
function findMatches(content: StructuralElement[], re: RegExp): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const end = content[content.length - 1]?.endIndex ?? 0;
  for (const { se, para } of paragraphsInRange(content, 0, end)) {
    const text = (para.elements ?? [])
      .map((el) => (el.textRun ? (el.textRun.content ?? '') : '\ue907'))
      .join('');
    const base = se.startIndex ?? 0;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      // Never match across the paragraph's final newline or an object.
      if (m[0].includes('\ue907') || m.index + m[0].length === text.length) continue;
      out.push([base + m.index, base + m.index + m[0].length]);
    }
  }
  return out;
}

/** replaceAllText `{containsText{text, matchCase, searchByRegex}, replaceText, tabsCriteria?}`. */
export function replaceAllText(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const crit = isRecord(req.containsText) ? req.containsText : {};
  const text = crit.text;
  if (typeof text !== 'string' || text === '')
    throw new RequestError('The text to search for must not be empty.');
  let re: RegExp;
  try {
    re = new RegExp(crit.searchByRegex ? text : escapeRegExp(text), crit.matchCase ? 'g' : 'gi');
  } catch {
    throw new RequestError(`Invalid regular expression: ${text}`);
  }
  const replacement = stripInsertedText(typeof req.replaceText === 'string' ? req.replaceText : '');
  const tc =
    isRecord(req.tabsCriteria) && Array.isArray(req.tabsCriteria.tabIds) ? req.tabsCriteria.tabIds : null;
  const tabs = tc ? tc.map((id) => ctx.tab(id)) : allTabs(ctx.doc);
  let count = 0;
  for (const tab of tabs) {
    for (const seg of segments(tab)) {
      const matches = findMatches(seg.content, re);
      for (const [s, e] of matches.reverse()) {
        const hit = paragraphsInRange(seg.content, s, s + 1)[0]!;
        const el = elementAt(hit.para, s);
        const style = structuredClone((el && elementStyle(el)) ?? {});
        deleteRangeIn(ctx, tab, seg, s, e);
        if (replacement) insertTextAt(ctx, tab, seg, s, replacement, style);
        count++;
      }
    }
  }
  return { replaceAllText: count > 0 ? { occurrencesChanged: count } : {} };
}

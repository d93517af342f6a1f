/**
 * Where comments sit in a tab, in the words of the tools: the passage a quote names (a text to
 * find in a section or in the whole tab, as Docs indices), and the section an anchor falls in.
 */
import { ValidationError } from '../../errors.js';
import type { Document, StructuralElement } from '../../ground/docs-json.js';
import { exportSection, exportTab, sectionSpans } from '../export/index.js';

/** The body's text between two indices, with each character's Docs index. */
function bodyText(content: StructuralElement[], from: number, to: number): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  const walk = (list: StructuralElement[]): void => {
    for (const se of list) {
      if ((se.endIndex ?? 0) <= from || (se.startIndex ?? 0) >= to) continue;
      for (const el of se.paragraph?.elements ?? []) {
        const run = el.textRun?.content ?? '';
        const start = el.startIndex ?? 0;
        for (let i = 0; i < run.length; i++) {
          if (start + i < from || start + i >= to) continue;
          text += run[i];
          at.push(start + i);
        }
      }
      for (const row of se.table?.tableRows ?? [])
        for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
    }
  };
  walk(content);
  return { text, at };
}

export interface Passage {
  tabId: string;
  startIndex: number;
  endIndex: number;
  text: string;
}

/**
 * The passage `quote` names in a section (`anchorId`; absent: the whole tab), the
 * `occurrence`-th (from 1) when it occurs more than once. Without a quote, the section's heading.
 */
export function findPassage(
  doc: Document,
  where: {
    tabId?: string | undefined;
    anchorId?: string | undefined;
    quote?: string | undefined;
    occurrence?: number | undefined;
  },
): Passage {
  const section = where.anchorId !== undefined ? exportSection(doc, where.tabId, where.anchorId) : undefined;
  const scope = section ?? exportTab(doc, where.tabId);
  const content = findTabContent(doc, scope.tabId)?.body?.content ?? [];
  const range = section
    ? { from: section.startIndex, to: section.endIndex }
    : { from: 0, to: Number.POSITIVE_INFINITY };
  const { text, at } = bodyText(content, range.from, range.to);
  const what =
    where.anchorId !== undefined ? `section ${where.anchorId || '(preamble)'}` : `tab ${scope.tabId}`;
  let quote = where.quote;
  if (quote === undefined || quote === '') {
    if (!where.anchorId) {
      throw new ValidationError(
        'Say which text to comment on: a quote, or the anchor_id of a heading.',
        'Pass quote (the text as it reads in the document) and, to narrow the search, anchor_id.',
      );
    }
    quote = text.slice(0, Math.max(0, text.indexOf('\n')));
    if (quote.trim() === '')
      throw new ValidationError(`The heading of ${what} has no text to comment on.`, 'Pass a quote.');
  }
  const hits: number[] = [];
  for (let i = text.indexOf(quote); i !== -1; i = text.indexOf(quote, i + 1)) hits.push(i);
  if (hits.length === 0) {
    throw new ValidationError(
      `"${short(quote)}" does not occur in ${what}.`,
      'Quote the text exactly as it reads in the document (no MEBDF or Markdown marks); export the section to see it.',
    );
  }
  const n = where.occurrence ?? 1;
  if (where.occurrence === undefined && hits.length > 1) {
    throw new ValidationError(
      `"${short(quote)}" occurs ${hits.length} times in ${what}.`,
      `Quote more of the text, or pass occurrence (1–${hits.length}).`,
    );
  }
  const hit = hits[n - 1];
  if (hit === undefined || !Number.isInteger(n)) {
    throw new ValidationError(
      `occurrence ${n} is out of range: "${short(quote)}" occurs ${hits.length} time${hits.length === 1 ? '' : 's'} in ${what}.`,
      `Pass an occurrence from 1 to ${hits.length}.`,
    );
  }
  return {
    tabId: scope.tabId,
    startIndex: at[hit]!,
    endIndex: at[hit + quote.length - 1]! + 1,
    text: quote,
  };
}

function findTabContent(doc: Document, tabId: string) {
  const walk = (tabs: Document['tabs']): NonNullable<Document['tabs']>[number] | undefined => {
    for (const t of tabs ?? []) {
      if (t.tabProperties?.tabId === tabId) return t;
      const child = walk(t.childTabs);
      if (child) return child;
    }
    return undefined;
  };
  return walk(doc.tabs)?.documentTab ?? undefined;
}

/** The innermost section holding body index `index` of a tab: its anchor and heading text. */
export function sectionAt(
  doc: Document,
  tabId: string,
): (index: number) => { anchor_id: string; heading_text: string } {
  const out = exportTab(doc, tabId);
  const spans = sectionSpans(out.model);
  return (index) => {
    let found = spans[0];
    for (const s of spans) {
      const start = out.sources[s.firstBlock]?.startIndex;
      if (start !== undefined && start <= index) found = s;
    }
    return { anchor_id: found?.anchorId ?? '', heading_text: found?.text ?? '' };
  };
}

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

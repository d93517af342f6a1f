/**
 * The suggestions of a document, one entry per suggestion id and tab: what it inserts and deletes
 * (text excerpts), which text and paragraph style fields it changes, whether it changes bullets,
 * and the innermost section it starts in (the last heading before it). Pure; reads the
 * SUGGESTIONS_INLINE view.
 */
import type { Document, Paragraph, StructuralElement } from '../../ground/docs-json.js';
import { innerOf, segmentsOf } from '../engine/suggestion-marks.js';
import { listTabs, resolveTab } from '../export/tabs.js';

export interface SuggestionInfo {
  suggestion_id: string;
  tab_id: string;
  /** The innermost section the suggestion starts in (`""` = the preamble; a header, footer or footnote's id otherwise: see `segment`). */
  anchor_id: string;
  heading_text: string;
  /** `body`, or the header / footer / footnote id the suggestion is in. */
  segment: string;
  /** Text the suggestion adds (`…` where long), `""` when none. */
  inserted_text: string;
  /** Text the suggestion removes, `""` when none. */
  deleted_text: string;
  /** Text style fields it changes (`bold`, `link`, …). */
  text_style_changes: string[];
  /** Paragraph style fields it changes (`namedStyleType`, `alignment`, …). */
  paragraph_style_changes: string[];
  /** True when it adds, removes or re-levels bullets. */
  bullet_change: boolean;
  /** Where it starts and ends in its segment (SUGGESTIONS_INLINE indices). */
  start_index: number;
  end_index: number;
}

const MAX_EXCERPT = 200;
const HEADINGS = new Set(['HEADING_1', 'HEADING_2', 'HEADING_3', 'HEADING_4', 'HEADING_5', 'HEADING_6']);

function excerpt(text: string): string {
  const flat = text.replace(/\n/g, '¶').replace(/[\u000b]/g, ' ');
  return flat.length > MAX_EXCERPT ? `${flat.slice(0, MAX_EXCERPT)}…` : flat;
}

function stateFields(state: Record<string, unknown> | undefined | null): string[] {
  return Object.keys(state ?? {})
    .map((k) =>
      k === 'shadingSuggestionState'
        ? 'shading'
        : k.endsWith('Suggested')
          ? k.slice(0, -'Suggested'.length)
          : '',
    )
    .filter((f) => f !== '');
}

function paragraphText(p: Paragraph): string {
  return (p.elements ?? []).map((e) => e.textRun?.content ?? '').join('');
}

/** Every suggestion of one tab (or of every tab), in document order. */
export function listSuggestions(doc: Document, tabId?: string): SuggestionInfo[] {
  const tabs = tabId ? [resolveTab(doc, tabId)] : listTabs(doc);
  const out: SuggestionInfo[] = [];
  for (const resolved of tabs) {
    const byId = new Map<string, SuggestionInfo>();
    const tab = { documentTab: resolved.content };
    for (const seg of segmentsOf(tab)) {
      let anchor = '';
      let heading = '';
      const entry = (id: string, at: number, end: number): SuggestionInfo => {
        let info = byId.get(id);
        if (!info) {
          info = {
            suggestion_id: id,
            tab_id: resolved.tabId,
            anchor_id: seg.kind === 'body' ? anchor : seg.id,
            heading_text: seg.kind === 'body' ? heading : '',
            segment: seg.kind === 'body' ? 'body' : seg.id,
            inserted_text: '',
            deleted_text: '',
            text_style_changes: [],
            paragraph_style_changes: [],
            bullet_change: false,
            start_index: at,
            end_index: end,
          };
          byId.set(id, info);
          out.push(info);
        }
        info.end_index = Math.max(info.end_index, end);
        return info;
      };
      const walk = (content: StructuralElement[]) => {
        for (const se of content) {
          for (const row of se.table?.tableRows ?? []) {
            for (const cell of row.tableCells ?? []) walk(cell.content ?? []);
          }
          if (se.tableOfContents) walk(se.tableOfContents.content ?? []);
          const p = se.paragraph;
          if (!p) continue;
          const style = p.paragraphStyle;
          if (seg.kind === 'body' && style?.headingId && HEADINGS.has(style.namedStyleType ?? '')) {
            anchor = style.headingId;
            heading = paragraphText(p).trim();
          }
          for (const el of p.elements ?? []) {
            const inner = innerOf(el) as Record<string, unknown> | undefined;
            if (!inner) continue;
            const s = el.startIndex ?? 0;
            const e = el.endIndex ?? s;
            const text = el.textRun?.content ?? '\ue907';
            for (const id of (inner.suggestedInsertionIds as string[] | undefined) ?? []) {
              const info = entry(id, s, e);
              info.inserted_text = excerpt(info.inserted_text + text);
            }
            for (const id of (inner.suggestedDeletionIds as string[] | undefined) ?? []) {
              const info = entry(id, s, e);
              info.deleted_text = excerpt(info.deleted_text + text);
            }
            const changes = (inner.suggestedTextStyleChanges ?? {}) as Record<
              string,
              { textStyleSuggestionState?: Record<string, unknown> }
            >;
            for (const [id, change] of Object.entries(changes)) {
              const info = entry(id, s, e);
              for (const f of stateFields(change.textStyleSuggestionState))
                if (!info.text_style_changes.includes(f)) info.text_style_changes.push(f);
            }
          }
          const ps = se.startIndex ?? 0;
          const pe = se.endIndex ?? ps;
          for (const [id, change] of Object.entries(p.suggestedParagraphStyleChanges ?? {})) {
            const info = entry(id, ps, pe);
            for (const f of stateFields(change.paragraphStyleSuggestionState as Record<string, unknown>))
              if (!info.paragraph_style_changes.includes(f)) info.paragraph_style_changes.push(f);
          }
          for (const id of Object.keys(p.suggestedBulletChanges ?? {}))
            entry(id, ps, pe).bullet_change = true;
        }
      };
      walk(seg.content);
    }
  }
  return out;
}

/**
 * The style a character of the document as read has, in model terms (relative to its paragraph's
 * named style, as the exporter says it). The model has no style for what it does not show (a
 * paragraph's closing newline, an object), yet text typed next to those takes their style: knowing
 * it lets the planner write only the fields that differ instead of every field.
 */

import type {
  DocsTextStyle,
  DocumentTab,
  Paragraph,
  ParagraphElement,
  StructuralElement,
} from '../../ground/docs-json.js';
import type { NamedStyleType, TextStyle } from '../../mebdf/model.js';
import { linkHref } from '../export/paragraph.js';
import {
  diffText,
  type NamedStyleBase,
  overlayText,
  type TextLoss,
  toNamedStyle,
} from '../export/style-overrides.js';

interface Located {
  start: number;
  end: number;
  paragraph: Paragraph;
}

export class RunStyles {
  private readonly bySegment = new Map<string, Located[]>();

  constructor(
    private readonly tab: DocumentTab,
    private readonly tabId: string,
    private readonly bases: Record<NamedStyleType, NamedStyleBase>,
  ) {}

  /**
   * The model style of the character at `index` of segment `seg`; null when it cannot be said.
   * `named`: said against that named style instead of its own paragraph's (a character that moves
   * into another paragraph).
   */
  at(seg: string, index: number, named?: NamedStyleType): TextStyle | null {
    const p = this.located(seg, index);
    return p ? this.inParagraph(p.paragraph, index, named) : null;
  }

  /**
   * The model style the character at `index` of segment `seg` reads as under named style `named`,
   * a suggested one too (`at` leaves those out: new text never copies them); null when it cannot
   * be said. What a restyle in place compares with.
   */
  readsAs(seg: string, index: number, named: NamedStyleType): TextStyle | null {
    const p = this.located(seg, index);
    return p ? this.inParagraph(p.paragraph, index, named, true) : null;
  }

  /**
   * The Docs text style of the character at `index` of segment `seg` as stored (values the model
   * cannot say included); null when it cannot be said.
   */
  raw(seg: string, index: number): DocsTextStyle | null {
    const p = this.located(seg, index);
    const el = p && elementAt(p.paragraph, index);
    return el ? (holderOf(el)?.textStyle ?? {}) : null;
  }

  /**
   * The Docs text style the runs of the paragraph holding `index` inherit: NORMAL_TEXT's overlaid
   * by its own named style's. A value set equal to it is stored unset ("Inherited text styles are
   * represented as unset fields", the Docs API reference, `TextStyle`).
   */
  inherited(seg: string, index: number): DocsTextStyle | null {
    const p = this.located(seg, index);
    if (!p) return null;
    const styles = this.tab.namedStyles?.styles ?? [];
    const of = (type: string) => styles.find((s) => s.namedStyleType === type)?.textStyle ?? {};
    return { ...of('NORMAL_TEXT'), ...of(p.paragraph.paragraphStyle?.namedStyleType ?? 'NORMAL_TEXT') };
  }

  /** The paragraph of segment `seg` holding `index`, as read. */
  paragraphAt(seg: string, index: number): Paragraph | null {
    return this.located(seg, index)?.paragraph ?? null;
  }

  /** Whether the character at `index` of segment `seg` is a suggested insertion. */
  suggestedInsertion(seg: string, index: number): boolean {
    const p = this.located(seg, index);
    const el = p && elementAt(p.paragraph, index);
    return (el?.textRun?.suggestedInsertionIds?.length ?? 0) > 0;
  }

  private located(seg: string, index: number): Located | null {
    const paras = this.paragraphs(seg);
    let lo = 0;
    let hi = paras.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const p = paras[mid]!;
      if (index < p.start) hi = mid - 1;
      else if (index >= p.end) lo = mid + 1;
      else return p;
    }
    return null;
  }

  private inParagraph(
    p: Paragraph,
    index: number,
    named?: NamedStyleType,
    suggested = false,
  ): TextStyle | null {
    const el = elementAt(p, index);
    if (!el) return null;
    const ts = holderOf(el)?.textStyle;
    if (!suggested && (el.textRun?.suggestedInsertionIds?.length || el.textRun?.suggestedDeletionIds?.length))
      return null;
    const base = this.bases[named ?? toNamedStyle(p.paragraphStyle?.namedStyleType)].text;
    const losses: TextLoss[] = [];
    const style = diffText(overlayText(base, ts), base, !!ts?.link, losses);
    // An "off" the model cannot say (not bold under a bold named style) is inherited as it is, so
    // new text looks like its neighbours; only what the model says differently gets written.
    if (ts?.link) {
      const href = linkHref(ts.link, this.tabId);
      if (!href) return null;
      style.link = href;
    }
    return style;
  }

  private paragraphs(seg: string): Located[] {
    let list = this.bySegment.get(seg);
    if (!list) {
      list = [];
      const content = seg === '' ? this.tab.body?.content : this.tab.footnotes?.[seg]?.content;
      collect(content ?? [], list);
      list.sort((a, b) => a.start - b.start);
      this.bySegment.set(seg, list);
    }
    return list;
  }
}

function elementAt(p: Paragraph, index: number): ParagraphElement | undefined {
  return (p.elements ?? []).find((e) => (e.startIndex ?? 0) <= index && index < (e.endIndex ?? 0));
}

/** What holds an element's text style. */
function holderOf(el: ParagraphElement): { textStyle?: DocsTextStyle } | undefined {
  return (el.textRun ??
    el.inlineObjectElement ??
    el.person ??
    el.richLink ??
    el.dateElement ??
    el.autoText ??
    el.footnoteReference ??
    el.pageBreak ??
    el.columnBreak ??
    el.horizontalRule) as { textStyle?: DocsTextStyle } | undefined;
}

function collect(content: StructuralElement[], out: Located[]): void {
  for (const se of content) {
    if (se.paragraph) out.push({ start: se.startIndex ?? 0, end: se.endIndex ?? 0, paragraph: se.paragraph });
    else if (se.table) {
      for (const row of se.table.tableRows ?? [])
        for (const cell of row.tableCells ?? []) collect(cell.content ?? [], out);
    } else if (se.tableOfContents) collect(se.tableOfContents.content ?? [], out);
  }
}

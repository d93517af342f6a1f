/**
 * A tiny builder of Docs JSON for tests: write paragraphs as lists of elements and get a tabs-shape
 * document with correct UTF-16 indices (section break at [0,1), tables with their markers).
 */
import type { docs_v1 } from '@googleapis/docs';

type El = docs_v1.Schema$ParagraphElement;
type SE = docs_v1.Schema$StructuralElement;

export interface ParaSpec {
  elements: El[];
  style?: docs_v1.Schema$ParagraphStyle;
  bullet?: docs_v1.Schema$Bullet;
  positionedObjectIds?: string[];
}

export type BlockSpec = ParaSpec | { table: ParaSpec[][][] } | { toc: ParaSpec[] } | { sectionBreak: string };

export const text = (content: string, textStyle: docs_v1.Schema$TextStyle = {}, extra: object = {}): El => ({
  textRun: { content, textStyle, ...extra },
});
export const el = (e: El): El => e;
export const para = (
  elements: El[] | string,
  style: docs_v1.Schema$ParagraphStyle = {},
  more: Partial<ParaSpec> = {},
): ParaSpec => ({
  elements: typeof elements === 'string' ? [text(elements)] : elements,
  style,
  ...more,
});

function elLength(e: El): number {
  return e.textRun ? (e.textRun.content ?? '').length : 1;
}

/** Lay out paragraphs from `start`; returns the structural elements and the end index. */
function layoutPara(p: ParaSpec, start: number): { se: SE; end: number } {
  let at = start;
  const elements: El[] = p.elements.map((e) => {
    const out = { ...e, startIndex: at, endIndex: at + elLength(e) };
    at += elLength(e);
    return out;
  });
  // Every paragraph ends with \n, in its last text run (or a run of its own).
  const last = elements[elements.length - 1];
  if (last?.textRun && !(last.textRun.content ?? '').endsWith('\n')) {
    last.textRun = { ...last.textRun, content: `${last.textRun.content}\n` };
    last.endIndex = (last.endIndex ?? 0) + 1;
    at += 1;
  } else if (!last?.textRun) {
    elements.push({ startIndex: at, endIndex: at + 1, textRun: { content: '\n', textStyle: {} } });
    at += 1;
  }
  const paragraph: docs_v1.Schema$Paragraph = {
    elements,
    paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT', ...p.style },
  };
  if (p.bullet) paragraph.bullet = p.bullet;
  if (p.positionedObjectIds) paragraph.positionedObjectIds = p.positionedObjectIds;
  return { se: { startIndex: start, endIndex: at, paragraph }, end: at };
}

export function layout(blocks: BlockSpec[], start: number): { content: SE[]; end: number } {
  const content: SE[] = [];
  let at = start;
  for (const b of blocks) {
    if ('table' in b) {
      const tableStart = at;
      at += 1;
      const tableRows: docs_v1.Schema$TableRow[] = b.table.map((row) => {
        const rowStart = at;
        at += 1;
        const tableCells = row.map((cell) => {
          const cellStart = at;
          at += 1;
          // Google gives every paragraph of a table cell explicit single line spacing.
          const paras = (cell.length ? cell : [para([])]).map((p) => ({
            ...p,
            style: { lineSpacing: 100, ...p.style },
          }));
          const inner = layout(paras, at);
          at = inner.end;
          return { startIndex: cellStart, endIndex: at, content: inner.content, tableCellStyle: {} };
        });
        return { startIndex: rowStart, endIndex: at, tableCells };
      });
      at += 1;
      content.push({
        startIndex: tableStart,
        endIndex: at,
        table: { rows: b.table.length, columns: b.table[0]?.length ?? 0, tableRows },
      });
    } else if ('toc' in b) {
      const tocStart = at;
      const inner = layout(b.toc, at + 1);
      at = inner.end + 1;
      content.push({ startIndex: tocStart, endIndex: at, tableOfContents: { content: inner.content } });
    } else if ('sectionBreak' in b) {
      content.push({
        startIndex: at,
        endIndex: at + 1,
        sectionBreak: { sectionStyle: { sectionType: b.sectionBreak } },
      });
      at += 1;
    } else {
      const { se, end } = layoutPara(b, at);
      content.push(se);
      at = end;
    }
  }
  return { content, end: at };
}

export const DEFAULT_NAMED_STYLES: docs_v1.Schema$NamedStyles = {
  styles: [
    {
      namedStyleType: 'NORMAL_TEXT',
      textStyle: {
        fontSize: { magnitude: 11, unit: 'PT' },
        weightedFontFamily: { fontFamily: 'Arial', weight: 400 },
        foregroundColor: { color: { rgbColor: {} } },
      },
      paragraphStyle: {
        namedStyleType: 'NORMAL_TEXT',
        alignment: 'START',
        lineSpacing: 115,
        direction: 'LEFT_TO_RIGHT',
      },
    },
    {
      namedStyleType: 'TITLE',
      textStyle: { fontSize: { magnitude: 26, unit: 'PT' } },
      paragraphStyle: { namedStyleType: 'TITLE', spaceBelow: { magnitude: 3, unit: 'PT' } },
    },
    {
      namedStyleType: 'SUBTITLE',
      textStyle: { fontSize: { magnitude: 15, unit: 'PT' } },
      paragraphStyle: { namedStyleType: 'SUBTITLE' },
    },
    {
      namedStyleType: 'HEADING_1',
      textStyle: { fontSize: { magnitude: 20, unit: 'PT' } },
      paragraphStyle: {
        namedStyleType: 'HEADING_1',
        spaceAbove: { magnitude: 20, unit: 'PT' },
        spaceBelow: { magnitude: 6, unit: 'PT' },
      },
    },
    {
      namedStyleType: 'HEADING_2',
      textStyle: { fontSize: { magnitude: 16, unit: 'PT' } },
      paragraphStyle: { namedStyleType: 'HEADING_2' },
    },
    {
      namedStyleType: 'HEADING_3',
      textStyle: { bold: true, fontSize: { magnitude: 14, unit: 'PT' } },
      paragraphStyle: { namedStyleType: 'HEADING_3' },
    },
  ],
};

export interface TabSpec {
  tabId?: string;
  title?: string;
  blocks: BlockSpec[];
  lists?: docs_v1.Schema$DocumentTab['lists'];
  footnotes?: Record<string, BlockSpec[]>;
  inlineObjects?: docs_v1.Schema$DocumentTab['inlineObjects'];
  positionedObjects?: docs_v1.Schema$DocumentTab['positionedObjects'];
  namedRanges?: docs_v1.Schema$DocumentTab['namedRanges'];
  childTabs?: TabSpec[];
}

function buildTabJson(spec: TabSpec, index: number): docs_v1.Schema$Tab {
  const body = layout(spec.blocks, 1);
  const footnotes: docs_v1.Schema$DocumentTab['footnotes'] = {};
  for (const [id, blocks] of Object.entries(spec.footnotes ?? {})) {
    footnotes[id] = { footnoteId: id, content: layout(blocks, 0).content };
  }
  const documentTab: docs_v1.Schema$DocumentTab = {
    body: {
      content: [
        { endIndex: 1, sectionBreak: { sectionStyle: { sectionType: 'CONTINUOUS' } } },
        ...body.content,
      ],
    },
    namedStyles: DEFAULT_NAMED_STYLES,
    lists: spec.lists ?? {},
    footnotes,
    inlineObjects: spec.inlineObjects ?? {},
    positionedObjects: spec.positionedObjects ?? {},
    namedRanges: spec.namedRanges ?? {},
  };
  const tab: docs_v1.Schema$Tab = {
    tabProperties: { tabId: spec.tabId ?? 't.0', title: spec.title ?? 'Tab 1', index },
    documentTab,
  };
  if (spec.childTabs) tab.childTabs = spec.childTabs.map((c, i) => buildTabJson(c, i));
  return tab;
}

export function makeDoc(tabs: TabSpec[] | TabSpec, title = 'Test document'): docs_v1.Schema$Document {
  const list = Array.isArray(tabs) ? tabs : [tabs];
  return {
    documentId: 'test-doc',
    title,
    revisionId: 'rev-1',
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    tabs: list.map((t, i) => buildTabJson(t, i)),
  };
}

/** A list definition with the same kind on all 9 levels. */
export function listDef(kind: 'bullet' | 'ordered' | 'checkbox'): docs_v1.Schema$List {
  const glyphs = ['●', '○', '■'];
  const numbers = ['DECIMAL', 'ALPHA', 'ROMAN'];
  return {
    listProperties: {
      nestingLevels: Array.from({ length: 9 }, (_, i) => {
        const common = {
          indentFirstLine: { magnitude: 18 + 36 * i, unit: 'PT' },
          indentStart: { magnitude: 36 + 36 * i, unit: 'PT' },
          startNumber: 1,
        };
        if (kind === 'bullet') return { ...common, glyphSymbol: glyphs[i % 3] };
        if (kind === 'ordered') return { ...common, glyphType: numbers[i % 3], glyphFormat: `%${i}.` };
        return { ...common, glyphType: 'GLYPH_TYPE_UNSPECIFIED' };
      }),
    },
  };
}

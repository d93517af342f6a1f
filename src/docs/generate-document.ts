/**
 * Builds realistic Docs JSON documents of a given number of pages for benchmarks, property tests
 * and the background gdoc's warm-up (cli/daemon/warm-up.ts): headings with ids, styled runs, links, bullet and numbered lists, tables, inline images
 * and emoji, with indices laid out exactly as Google does (UTF-16, section break at [0,1), table
 * markers). Deterministic for a given seed, so figures are comparable between runs.
 */
import type {
  DocsTextStyle,
  Document,
  List,
  Paragraph,
  ParagraphElement,
  StructuralElement,
  TableRow,
} from '../ground/docs-json.js';
import { seededRandom } from './engine/ids.js';

export interface GenerateOptions {
  /** About 3,000 characters of body text a page. */
  pages: number;
  seed?: number;
  title?: string;
}

const WORDS = (
  'the quarterly plan covers revenue growth hiring targets product launches customer ' +
  'feedback roadmap risks budget timeline partners market research design review ' +
  'engineering support onboarding metrics résumé naïve café 東京 データ 🚀 ✅ 👩‍💻 e\u0301clair'
).split(' ');

class Builder {
  index = 1;
  readonly content: StructuralElement[] = [
    {
      endIndex: 1,
      sectionBreak: {
        sectionStyle: {
          columnSeparatorStyle: 'NONE',
          contentDirection: 'LEFT_TO_RIGHT',
          sectionType: 'CONTINUOUS',
        },
      },
    },
  ];
  readonly lists: Record<string, List> = {};
  readonly inlineObjects: Record<string, unknown> = {};
  private counter = 0;

  constructor(readonly random: () => number) {}

  id(prefix: string): string {
    this.counter += 1;
    const body = (this.counter * 2654435761).toString(36).padStart(12, '0').slice(-12);
    return `${prefix}.${body}`;
  }

  words(n: number): string {
    const out: string[] = [];
    for (let i = 0; i < n; i += 1) out.push(WORDS[Math.floor(this.random() * WORDS.length)]!);
    return out.join(' ');
  }

  /** Lays out one paragraph at `start`; returns the element and its length. */
  paragraph(
    start: number,
    runs: Array<{ text: string; style?: DocsTextStyle } | { image: string }>,
    style: Paragraph['paragraphStyle'],
    bullet?: Paragraph['bullet'],
  ): StructuralElement {
    let at = start;
    const elements: ParagraphElement[] = [];
    runs.forEach((run, i) => {
      const last = i === runs.length - 1;
      if ('image' in run) {
        elements.push({
          startIndex: at,
          endIndex: at + 1,
          inlineObjectElement: { inlineObjectId: run.image, textStyle: {} },
        });
        at += 1;
        if (last) {
          elements.push({ startIndex: at, endIndex: at + 1, textRun: { content: '\n', textStyle: {} } });
          at += 1;
        }
        return;
      }
      const content = last ? `${run.text}\n` : run.text;
      elements.push({
        startIndex: at,
        endIndex: at + content.length,
        textRun: { content, textStyle: run.style ?? {} },
      });
      at += content.length;
    });
    const paragraph: Paragraph = { elements, paragraphStyle: style };
    if (bullet) paragraph.bullet = bullet;
    return { startIndex: start, endIndex: at, paragraph };
  }

  push(element: StructuralElement): void {
    this.content.push(element);
    this.index = element.endIndex!;
  }

  heading(level: number): void {
    const style = { headingId: this.id('h'), namedStyleType: `HEADING_${level}`, direction: 'LEFT_TO_RIGHT' };
    this.push(
      this.paragraph(
        this.index,
        [{ text: capitalise(this.words(3 + Math.floor(this.random() * 4))) }],
        style,
      ),
    );
  }

  prose(): void {
    const runs: Array<{ text: string; style?: DocsTextStyle }> = [];
    const pieces = 3 + Math.floor(this.random() * 4);
    for (let i = 0; i < pieces; i += 1) {
      const roll = this.random();
      const text = `${this.words(4 + Math.floor(this.random() * 12))} `;
      if (roll < 0.15) runs.push({ text, style: { bold: true } });
      else if (roll < 0.25) runs.push({ text, style: { italic: true } });
      else if (roll < 0.3)
        runs.push({
          text,
          style: {
            underline: true,
            foregroundColor: { color: { rgbColor: { red: 0.06666667, green: 0.33333334, blue: 0.8 } } },
            link: { url: 'https://example.com/page' },
          },
        });
      else if (roll < 0.35)
        runs.push({ text, style: { foregroundColor: { color: { rgbColor: { red: 0.8 } } } } });
      else runs.push({ text });
    }
    runs.push({ text: `${this.words(5)}.` });
    this.push(
      this.paragraph(this.index, runs, { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' }),
    );
  }

  list(ordered: boolean): void {
    const listId = this.id('kix');
    this.lists[listId] = { listProperties: { nestingLevels: nestingLevels(ordered) } };
    const items = 3 + Math.floor(this.random() * 4);
    for (let i = 0; i < items; i += 1) {
      const level = i > 0 && this.random() < 0.3 ? 1 : 0;
      const bullet: Paragraph['bullet'] = level
        ? { listId, nestingLevel: level, textStyle: { underline: false } }
        : { listId, textStyle: { underline: false } };
      const style = {
        namedStyleType: 'NORMAL_TEXT',
        direction: 'LEFT_TO_RIGHT',
        indentFirstLine: { magnitude: 18 + 36 * level, unit: 'PT' },
        indentStart: { magnitude: 36 + 36 * level, unit: 'PT' },
      };
      this.push(
        this.paragraph(
          this.index,
          [{ text: capitalise(this.words(4 + Math.floor(this.random() * 6))) }],
          style,
          bullet,
        ),
      );
    }
  }

  table(): void {
    const rows = 2 + Math.floor(this.random() * 3);
    const columns = 2 + Math.floor(this.random() * 2);
    const start = this.index;
    let at = start + 1;
    const tableRows: TableRow[] = [];
    for (let r = 0; r < rows; r += 1) {
      const rowStart = at;
      at += 1;
      const tableCells = [];
      for (let c = 0; c < columns; c += 1) {
        const cellStart = at;
        const para = this.paragraph(
          at + 1,
          [{ text: capitalise(this.words(1 + Math.floor(this.random() * 3))) }],
          {
            namedStyleType: 'NORMAL_TEXT',
            direction: 'LEFT_TO_RIGHT',
          },
        );
        at = para.endIndex!;
        tableCells.push({
          startIndex: cellStart,
          endIndex: at,
          content: [para],
          tableCellStyle: { rowSpan: 1, columnSpan: 1 },
        });
      }
      tableRows.push({
        startIndex: rowStart,
        endIndex: at,
        tableCells,
        tableRowStyle: { minRowHeight: { unit: 'PT' } },
      });
    }
    this.push({
      startIndex: start,
      endIndex: at + 1,
      table: {
        rows,
        columns,
        tableRows,
        tableStyle: {
          tableColumnProperties: Array.from({ length: columns }, () => ({ widthType: 'EVENLY_DISTRIBUTED' })),
        },
      },
    });
    // A paragraph always follows a table.
    this.push(
      this.paragraph(this.index, [{ text: '' }], {
        namedStyleType: 'NORMAL_TEXT',
        direction: 'LEFT_TO_RIGHT',
      }),
    );
  }

  image(): void {
    const objectId = this.id('kix');
    this.inlineObjects[objectId] = {
      objectId,
      inlineObjectProperties: {
        embeddedObject: {
          title: 'Chart',
          description: 'A generated chart',
          imageProperties: {
            contentUri: 'https://lh3.googleusercontent.com/generated',
            sourceUri: 'https://example.com/chart.png',
          },
          size: { width: { magnitude: 300, unit: 'PT' }, height: { magnitude: 200, unit: 'PT' } },
        },
      },
    };
    this.push(
      this.paragraph(this.index, [{ text: 'Figure: ' }, { image: objectId }], {
        namedStyleType: 'NORMAL_TEXT',
        direction: 'LEFT_TO_RIGHT',
      }),
    );
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function nestingLevels(ordered: boolean): NonNullable<List['listProperties']>['nestingLevels'] {
  const symbols = ['●', '○', '■'];
  return Array.from({ length: 9 }, (_, n) => ({
    ...(ordered
      ? { glyphType: ['DECIMAL', 'ALPHA', 'ROMAN'][n % 3]!, glyphFormat: `%${n}.` }
      : { glyphSymbol: symbols[n % 3]!, glyphFormat: `%${n}` }),
    bulletAlignment: 'START',
    indentFirstLine: { magnitude: 18 + 36 * n, unit: 'PT' },
    indentStart: { magnitude: 36 + 36 * n, unit: 'PT' },
    textStyle: { underline: false },
    startNumber: 1,
  }));
}

/** Default named styles of a fresh document (Arial 11, headings as Google creates them). */
function namedStyles(): Document['namedStyles'] {
  const text = (size: number, grey?: number) => ({
    fontSize: { magnitude: size, unit: 'PT' },
    ...(grey ? { foregroundColor: { color: { rgbColor: { red: grey, green: grey, blue: grey } } } } : {}),
  });
  const para = (type: string, above: number, below: number, keep = true) => ({
    namedStyleType: type,
    direction: 'LEFT_TO_RIGHT',
    ...(above ? { spaceAbove: { magnitude: above, unit: 'PT' } } : {}),
    ...(below ? { spaceBelow: { magnitude: below, unit: 'PT' } } : {}),
    ...(keep ? { keepWithNext: true } : {}),
  });
  return {
    styles: [
      {
        namedStyleType: 'NORMAL_TEXT',
        textStyle: { ...text(11), weightedFontFamily: { fontFamily: 'Arial', weight: 400 } },
        paragraphStyle: {
          namedStyleType: 'NORMAL_TEXT',
          alignment: 'START',
          lineSpacing: 115,
          direction: 'LEFT_TO_RIGHT',
        },
      },
      { namedStyleType: 'HEADING_1', textStyle: text(20), paragraphStyle: para('HEADING_1', 20, 6) },
      { namedStyleType: 'HEADING_2', textStyle: text(16), paragraphStyle: para('HEADING_2', 18, 6) },
      {
        namedStyleType: 'HEADING_3',
        textStyle: text(14, 0.2627451),
        paragraphStyle: para('HEADING_3', 16, 4),
      },
      { namedStyleType: 'HEADING_4', textStyle: text(12, 0.4), paragraphStyle: para('HEADING_4', 14, 4) },
      { namedStyleType: 'HEADING_5', textStyle: text(11, 0.4), paragraphStyle: para('HEADING_5', 12, 4) },
      {
        namedStyleType: 'HEADING_6',
        textStyle: { ...text(11, 0.4), italic: true },
        paragraphStyle: para('HEADING_6', 12, 4),
      },
      { namedStyleType: 'TITLE', textStyle: text(26), paragraphStyle: para('TITLE', 0, 3) },
      { namedStyleType: 'SUBTITLE', textStyle: text(15, 0.4), paragraphStyle: para('SUBTITLE', 0, 16) },
    ],
  };
}

/** A document of about `pages` pages, in the tabs shape (`includeTabsContent=true`). */
export function generateDocument(options: GenerateOptions): Document {
  const b = new Builder(seededRandom(options.seed ?? 42));
  const target = options.pages * 3000;
  let section = 0;
  while (b.index < target) {
    section += 1;
    b.heading(1);
    for (let sub = 0; sub < 3 && b.index < target; sub += 1) {
      b.heading(2);
      b.prose();
      b.prose();
      const roll = b.random();
      if (roll < 0.3) b.list(false);
      else if (roll < 0.5) b.list(true);
      else if (roll < 0.65) b.table();
      else if (roll < 0.75) b.image();
      b.prose();
    }
  }
  // The body ends with an empty paragraph, as most real documents do.
  b.push(b.paragraph(b.index, [{ text: '' }], { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' }));
  return {
    title: options.title ?? `Generated ${options.pages}-page document`,
    revisionId: `ALm37generated${section}`,
    suggestionsViewMode: 'SUGGESTIONS_INLINE',
    documentId: `generated-${options.pages}`,
    tabs: [
      {
        tabProperties: { tabId: 't.0', title: 'Tab 1' },
        documentTab: {
          body: { content: b.content },
          documentStyle: {
            pageSize: { width: { magnitude: 612, unit: 'PT' }, height: { magnitude: 792, unit: 'PT' } },
            marginTop: { magnitude: 72, unit: 'PT' },
            marginBottom: { magnitude: 72, unit: 'PT' },
            marginLeft: { magnitude: 72, unit: 'PT' },
            marginRight: { magnitude: 72, unit: 'PT' },
          },
          namedStyles: namedStyles(),
          lists: b.lists,
          inlineObjects: b.inlineObjects as Document['inlineObjects'],
        },
      },
    ],
  };
}

/**
 * Requests that insert one-index elements or objects: createFootnote (a " \n" footnote segment,
 * 10pt, lineSpacing 100; footnote numbers follow body order), insertPageBreak (break + newline),
 * insertSectionBreak (newline + break), insertInlineImage (URI recorded, nothing fetched),
 * deletePositionedObject, and the smart chips insertPerson, insertRichLink, insertDate.
 */
import type { ParagraphElement, StructuralElement, Tab } from '../types.js';
import { type EngineContext, RequestError } from './context.js';
import { tabMap } from './document.js';
import { insertTextAt } from './insert-text.js';
import { isRecord } from './json.js';
import { insertionParagraph, resolvePoint } from './locations.js';
import { findParagraph, insertionStyle } from './paragraphs.js';

/** Renumber footnote references ("1", "2", … in body order). */
export function renumberFootnotes(tab: Tab): void {
  let n = 0;
  const walk = (content: StructuralElement[] | null | undefined) => {
    for (const se of content ?? []) {
      for (const el of se.paragraph?.elements ?? []) {
        if (el.footnoteReference) el.footnoteReference.footnoteNumber = String(++n);
      }
      for (const row of se.table?.tableRows ?? []) for (const c of row.tableCells ?? []) walk(c.content);
    }
  };
  walk(tab.documentTab?.body?.content);
}

/** Insert one non-text element (and optionally text after it) at a request's location. */
function insertElement(
  ctx: EngineContext,
  req: Record<string, unknown>,
  make: (style: Record<string, unknown>) => ParagraphElement,
  text = '',
  allowed: { footnote?: boolean; header?: boolean; table?: boolean } = {},
): { tab: Tab; index: number } {
  const { tab, seg, index } = resolvePoint(ctx, req);
  const hit = insertionParagraph(seg, index);
  if (seg.kind === 'footnote' && !allowed.footnote)
    throw new RequestError('This element cannot be inserted into a footnote.');
  if ((seg.kind === 'header' || seg.kind === 'footer') && !allowed.header) {
    throw new RequestError('This element cannot be inserted into a header or footer.');
  }
  if (hit.cell && allowed.table === false)
    throw new RequestError('This element cannot be inserted into a table.');
  const style = insertionStyle(hit, index) as Record<string, unknown>;
  insertTextAt(ctx, tab, seg, index, text, undefined, make(style));
  return { tab, index };
}

/** createFootnote `{location | endOfSegmentLocation}` -> `{createFootnote:{footnoteId}}`. */
export function createFootnote(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const footnoteId = ctx.ids.kix();
  const { tab } = insertElement(ctx, req, (textStyle) => ({
    startIndex: 0,
    endIndex: 0,
    footnoteReference: { footnoteId, footnoteNumber: '1', textStyle },
  }));
  const dt = tab.documentTab!;
  tabMap(dt, 'footnotes');
  dt.footnotes![footnoteId] = {
    footnoteId,
    content: [
      {
        endIndex: 2,
        paragraph: {
          elements: [
            {
              endIndex: 2,
              textRun: { content: ' \n', textStyle: { fontSize: { magnitude: 10, unit: 'PT' } } },
            },
          ],
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT', lineSpacing: 100, direction: 'LEFT_TO_RIGHT' },
        },
      },
    ],
  };
  renumberFootnotes(tab);
  return { createFootnote: { footnoteId } };
}

/** insertPageBreak: a pageBreak followed by a newline; body only, not in tables. */
export function insertPageBreak(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  insertElement(ctx, req, (textStyle) => ({ startIndex: 0, endIndex: 0, pageBreak: { textStyle } }), '\n', {
    table: false,
  });
  return {};
}

/** insertSectionBreak `{sectionType, location | endOfSegmentLocation}`: a newline, then the break. */
export function insertSectionBreak(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const sectionType = req.sectionType;
  if (sectionType !== 'CONTINUOUS' && sectionType !== 'NEXT_PAGE') {
    throw new RequestError('The section type must be CONTINUOUS or NEXT_PAGE.');
  }
  const { tab, seg, index } = resolvePoint(ctx, req);
  const hit = insertionParagraph(seg, index);
  if (seg.kind !== 'body') throw new RequestError('Section breaks can only be inserted into the body.');
  if (hit.cell) throw new RequestError('Section breaks cannot be inserted into a table.');
  insertTextAt(ctx, tab, seg, index, '\n');
  const after = findParagraph(seg.content, index + 1)!;
  const sectionStyle = { columnSeparatorStyle: 'NONE', contentDirection: 'LEFT_TO_RIGHT', sectionType };
  after.container.splice(after.pos, 0, { startIndex: 0, endIndex: 0, sectionBreak: { sectionStyle } });
  ctx.touch(seg);
  ctx.reindex(seg);
  return {};
}

const pt = (n: number) => ({ magnitude: n, unit: 'PT' });

/** insertInlineImage `{uri, objectSize?, location | endOfSegmentLocation}` -> `{insertInlineImage:{objectId}}`. */
export function insertInlineImage(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const uri = req.uri;
  if (typeof uri !== 'string' || uri === '') throw new RequestError('The image URI must be set.');
  if (uri.length > 2048) throw new RequestError('The URI must be less than 2 kB.');
  if (!/^https:\/\/[^\s/]+/.test(uri)) {
    throw new RequestError(
      'There was a problem retrieving the image. The provided image should be publicly accessible.',
    );
  }
  const objectId = ctx.ids.kix();
  // Without fetching we cannot know the pixel size; an unsized image is recorded at 100x100pt.
  const size = isRecord(req.objectSize) ? req.objectSize : {};
  const h =
    isRecord(size.height) && typeof size.height.magnitude === 'number' ? size.height.magnitude : undefined;
  const w =
    isRecord(size.width) && typeof size.width.magnitude === 'number' ? size.width.magnitude : undefined;
  const height = h ?? w ?? 100;
  const width = w ?? h ?? 100;
  const { tab } = insertElement(
    ctx,
    req,
    (textStyle) => ({
      startIndex: 0,
      endIndex: 0,
      inlineObjectElement: { inlineObjectId: objectId, textStyle },
    }),
    '',
    { header: true },
  );
  const dt = tab.documentTab!;
  tabMap(dt, 'inlineObjects');
  dt.inlineObjects![objectId] = {
    objectId,
    inlineObjectProperties: {
      embeddedObject: {
        imageProperties: { contentUri: uri, sourceUri: uri, cropProperties: {} },
        embeddedObjectBorder: {
          color: { color: { rgbColor: {} } },
          width: { unit: 'PT' },
          dashStyle: 'SOLID',
          propertyState: 'NOT_RENDERED',
        },
        size: { height: pt(height), width: pt(width) },
        marginTop: pt(9),
        marginBottom: pt(9),
        marginRight: pt(9),
        marginLeft: pt(9),
      },
    },
  };
  return { insertInlineImage: { objectId } };
}

/** deletePositionedObject `{objectId, tabId?}`. */
export function deletePositionedObject(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const tab = ctx.tab(req.tabId);
  const id = req.objectId;
  const dt = tab.documentTab!;
  if (typeof id !== 'string' || !dt.positionedObjects?.[id]) {
    throw new RequestError(`The positioned object with ID "${String(id)}" does not exist.`);
  }
  delete dt.positionedObjects[id];
  if (Object.keys(dt.positionedObjects).length === 0) delete dt.positionedObjects;
  const walk = (content: StructuralElement[] | null | undefined) => {
    for (const se of content ?? []) {
      const p = se.paragraph;
      if (p?.positionedObjectIds?.includes(id)) {
        p.positionedObjectIds = p.positionedObjectIds.filter((x) => x !== id);
        if (p.positionedObjectIds.length === 0) delete p.positionedObjectIds;
      }
      for (const row of se.table?.tableRows ?? []) for (const c of row.tableCells ?? []) walk(c.content);
    }
  };
  walk(dt.body?.content);
  return {};
}

/** insertPerson `{personProperties{email, name?}, location | endOfSegmentLocation}`. */
export function insertPerson(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const props = isRecord(req.personProperties) ? req.personProperties : {};
  if (typeof props.email !== 'string' || !props.email.includes('@')) {
    throw new RequestError('The person properties must include a valid email address.');
  }
  const personProperties: Record<string, unknown> = {};
  if (typeof props.name === 'string') personProperties.name = props.name;
  personProperties.email = props.email;
  insertElement(
    ctx,
    req,
    (textStyle) => ({
      startIndex: 0,
      endIndex: 0,
      person: { personId: ctx.ids.kix(), textStyle, personProperties },
    }),
    '',
    { footnote: true, header: true },
  );
  return {};
}

/** insertRichLink `{richLinkProperties{uri}, …}`: title and mimeType cannot be derived offline. */
export function insertRichLink(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const props = isRecord(req.richLinkProperties) ? req.richLinkProperties : {};
  if (typeof props.uri !== 'string' || !/^https:\/\//.test(props.uri)) {
    throw new RequestError('The rich link URI must be a valid Google Workspace URL.');
  }
  const uri = props.uri;
  const mimeType = /docs\.google\.com\/document\//.test(uri) ? 'application/vnd.google-apps.kix' : undefined;
  const richLinkProperties: Record<string, unknown> = { title: uri, uri };
  if (mimeType) richLinkProperties.mimeType = mimeType;
  insertElement(
    ctx,
    req,
    (textStyle) => ({
      startIndex: 0,
      endIndex: 0,
      richLink: { richLinkId: ctx.ids.kix(), textStyle, richLinkProperties },
    }),
    '',
    { footnote: true, header: true },
  );
  return {};
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_FULL = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The displayText Google derives for a date chip (UTC; en locale). */
export function dateDisplayText(timestamp: string, dateFormat: string, timeFormat: string): string {
  const d = new Date(timestamp);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  let text: string;
  switch (dateFormat) {
    case 'DATE_FORMAT_ISO8601':
      text = `${y}-${pad(m + 1)}-${pad(day)}`;
      break;
    case 'DATE_FORMAT_MONTH_DAY_ABBREVIATED':
      text = `${MONTHS[m]} ${day}`;
      break;
    case 'DATE_FORMAT_MONTH_DAY_FULL':
      text = `${MONTHS_FULL[m]} ${pad(day)}`;
      break;
    default:
      text = `${MONTHS[m]} ${day}, ${y}`;
  }
  if (timeFormat === 'TIME_FORMAT_HOUR_MINUTE' || timeFormat === 'TIME_FORMAT_HOUR_MINUTE_TIMEZONE') {
    const h = d.getUTCHours();
    text += ` ${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
    if (timeFormat === 'TIME_FORMAT_HOUR_MINUTE_TIMEZONE') text += ' UTC';
  }
  return text;
}

/** insertDate `{dateElementProperties, location | endOfSegmentLocation}`. */
export function insertDate(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const p = isRecord(req.dateElementProperties) ? req.dateElementProperties : {};
  const timestamp = typeof p.timestamp === 'string' ? p.timestamp : '';
  if (!timestamp || Number.isNaN(Date.parse(timestamp)))
    throw new RequestError('The date timestamp must be set.');
  const dateFormat =
    typeof p.dateFormat === 'string' && p.dateFormat !== 'DATE_FORMAT_UNSPECIFIED'
      ? p.dateFormat
      : 'DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED';
  const timeFormat =
    typeof p.timeFormat === 'string' && p.timeFormat !== 'TIME_FORMAT_UNSPECIFIED'
      ? p.timeFormat
      : 'TIME_FORMAT_DISABLED';
  const props: Record<string, unknown> = {
    timestamp: new Date(timestamp).toISOString().replace('.000Z', 'Z'),
  };
  props.timeZoneId = typeof p.timeZoneId === 'string' ? p.timeZoneId : 'etc/UTC';
  props.locale = typeof p.locale === 'string' ? p.locale : 'en';
  props.dateFormat = dateFormat;
  props.timeFormat = timeFormat;
  props.displayText = dateDisplayText(timestamp, dateFormat, timeFormat);
  insertElement(
    ctx,
    req,
    (textStyle) => ({
      startIndex: 0,
      endIndex: 0,
      dateElement: { dateId: ctx.ids.kix(), textStyle, dateElementProperties: props },
    }),
    '',
    { footnote: true, header: true },
  );
  return {};
}

/** replaceImage `{imageObjectId, uri, imageReplaceMethod?, tabId?}`: the new URI is recorded, nothing fetched. */
export function replaceImage(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const tab = ctx.tab(req.tabId);
  const id = req.imageObjectId;
  const obj = typeof id === 'string' ? tab.documentTab?.inlineObjects?.[id] : undefined;
  const image = obj?.inlineObjectProperties?.embeddedObject?.imageProperties;
  if (!image) throw new RequestError(`The image with ID "${String(id)}" does not exist.`);
  const uri = req.uri;
  if (typeof uri !== 'string' || !/^https:\/\/[^\s/]+/.test(uri) || uri.length > 2048) {
    throw new RequestError(
      'There was a problem retrieving the image. The provided image should be publicly accessible.',
    );
  }
  image.contentUri = uri;
  image.sourceUri = uri;
  return {};
}

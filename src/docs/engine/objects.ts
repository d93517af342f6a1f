/**
 * Requests that insert one-index elements or objects: createFootnote (a " \n" footnote segment,
 * 10pt, lineSpacing 100; footnote numbers follow body order), insertPageBreak (break + newline),
 * insertSectionBreak (newline + break), insertInlineImage (URI recorded, nothing fetched),
 * deletePositionedObject, replaceImage.
 */
import type { StructuralElement, Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { tabMap } from './document.js';
import { insertElement } from './insert-element.js';
import { insertTextAt } from './insert-text.js';
import { isRecord } from './json.js';
import { insertionParagraph, resolvePoint } from './locations.js';
import { findParagraph } from './paragraphs.js';

/** Renumber footnote references ("1", "2", … in body order). */
export function renumberFootnotes(tab: Tab): void {
  let n = 0;
  const walk = (content: StructuralElement[] | null | undefined) => {
    for (const se of content ?? []) {
      for (const el of se.paragraph?.elements ?? []) {
        const ref = el.footnoteReference;
        if (!ref) continue;
        // A new object where the number changes: an element copied for its indices shares its
        // reference with the document the batch was given, which must not change.
        const number = String(++n);
        if (ref.footnoteNumber !== number) el.footnoteReference = { ...ref, footnoteNumber: number };
      }
      for (const row of se.table?.tableRows ?? []) for (const c of row.tableCells ?? []) walk(c.content);
    }
  };
  walk(tab.documentTab?.body?.content);
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

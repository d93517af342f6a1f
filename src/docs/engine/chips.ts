/**
 * Smart chips: insertPerson, insertRichLink, insertDate. Each is one index; the reply is `{}` and
 * the new element's id shows only on re-read. Nothing is looked up online: a rich link's title is
 * its URI.
 */
import type { EngineContext } from './context.js';
import { RequestError } from './context.js';
import { insertElement } from './insert-element.js';
import { isRecord } from './json.js';

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

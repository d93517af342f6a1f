/**
 * New smart chips. A chip placeholder written without an id, whose caption is the value the chip
 * is made of, is a chip to create: `{^= person "ada@example.com"}` (or `"Ada Lovelace
 * <ada@example.com>"`), `{^= date "2026-11-24"}` (or `"Nov 24, 2026"`), `{^= richlink
 * "https://docs.google.com/…"}`. It reads like an exported chip (`{^= kix.… person "…"}`) without
 * the id, which Docs gives on insert. Any other id-less placeholder keeps an existing object
 * (embed-match.ts). Pure.
 */
import type { Request } from '../../ground/docs-json.js';
import type { EmbedInline } from '../../mebdf/model.js';

/** The insert request of a new chip, without its location. */
export type ChipInsert =
  | { insertPerson: { personProperties: { email: string; name?: string } } }
  | { insertDate: { dateElementProperties: { timestamp: string; dateFormat: string } } }
  | { insertRichLink: { richLinkProperties: { uri: string } } };

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const NAMED_EMAIL = /^(.+?)\s*<([^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+)>$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY_YEAR = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The kinds of chip the Docs API can insert. */
export const CHIP_KINDS: ReadonlySet<string> = new Set(['person', 'date', 'richlink']);

/** Midnight UTC of a calendar date, or null when the date does not exist (Feb 30). */
function utcDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month || d.getUTCDate() !== day) return null;
  return d.toISOString().replace('.000Z', 'Z');
}

function dateInsert(caption: string): ChipInsert | null {
  const iso = ISO_DATE.exec(caption);
  if (iso) {
    const timestamp = utcDate(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    // Shown as written: the ISO 8601 format displays `2026-11-24`.
    return timestamp
      ? { insertDate: { dateElementProperties: { timestamp, dateFormat: 'DATE_FORMAT_ISO8601' } } }
      : null;
  }
  const mdy = MONTH_DAY_YEAR.exec(caption);
  const month = mdy ? MONTHS.indexOf(mdy[1]!) : -1;
  if (!mdy || month < 0) return null;
  const timestamp = utcDate(Number(mdy[3]), month, Number(mdy[2]));
  return timestamp
    ? {
        insertDate: {
          dateElementProperties: { timestamp, dateFormat: 'DATE_FORMAT_MONTH_DAY_YEAR_ABBREVIATED' },
        },
      }
    : null;
}

/** The insert request of `embed` when it is a new chip (see the module comment), else null. */
export function newChipInsert(embed: EmbedInline): ChipInsert | null {
  if (embed.id !== '' || embed.caption === undefined || !CHIP_KINDS.has(embed.kind)) return null;
  const caption = embed.caption.trim();
  switch (embed.kind) {
    case 'person': {
      if (EMAIL.test(caption)) return { insertPerson: { personProperties: { email: caption } } };
      const named = NAMED_EMAIL.exec(caption);
      return named
        ? { insertPerson: { personProperties: { email: named[2]!, name: named[1]!.trim() } } }
        : null;
    }
    case 'date':
      return dateInsert(caption);
    default:
      return /^https:\/\/\S+$/.test(caption) && caption.length <= 2048
        ? { insertRichLink: { richLinkProperties: { uri: caption } } }
        : null;
  }
}

/** Whether `embed` is a chip to create. */
export function isNewChip(embed: EmbedInline): boolean {
  return newChipInsert(embed) !== null;
}

/** The request inserting the new chip `embed` at `location`. */
export function chipRequest(embed: EmbedInline, location: Record<string, unknown>): Request {
  const insert = newChipInsert(embed);
  if (!insert) throw new Error(`not a new chip: ${embed.kind} ${embed.caption ?? ''}`);
  const [[type, body]] = Object.entries(insert) as [[string, Record<string, unknown>]];
  return { [type]: { ...body, location } } as Request;
}

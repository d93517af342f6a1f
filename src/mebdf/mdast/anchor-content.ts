/**
 * Splits the inside of `{^…}` into an anchor or an embed. Pure string work shared by the
 * from-markdown extension (which builds nodes) and its tests.
 */

import { EMBED_KINDS } from '../model.js';

/** Ids are runs of `[A-Za-z0-9._:-]` (real Docs ids look like `h.4k2x9`, `kix.abc123`, `t.0`). */
export const ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

export type AnchorContent =
  | { type: 'anchor'; id: string | null }
  | { type: 'embed'; id: string; kind: string; caption?: string }
  | { type: 'malformed'; message: string };

/** `raw` is everything between `{^` and `}`. */
export function parseAnchorContent(raw: string): AnchorContent {
  if (raw.startsWith('=')) return parseEmbed(raw.slice(1));
  const id = raw.trim();
  if (id === '') return { type: 'anchor', id: null };
  if (!ID_PATTERN.test(id)) {
    return {
      type: 'malformed',
      message: `anchor id \`${id}\` may only contain letters, digits, \`.\`, \`_\`, \`:\` and \`-\``,
    };
  }
  return { type: 'anchor', id };
}

function parseEmbed(rest: string): AnchorContent {
  // `{^= equation}`: a kind word alone, as MEBDF's first exporter writes equations; the importer
  // finds the object by kind and position. The id is empty.
  const bare = /^\s*([a-z]+)\s*(?:"((?:[^"\\]|\\.)*)"\s*)?$/.exec(rest);
  if (bare && (EMBED_KINDS as readonly string[]).includes(bare[1]!)) {
    return withCaption({ type: 'embed', id: '', kind: bare[1]! }, bare[2]);
  }
  const match = /^\s*([^\s"]+)\s+([^\s"]+)\s*(?:"((?:[^"\\]|\\.)*)"\s*)?$/.exec(rest);
  if (!match) {
    return { type: 'malformed', message: 'an embed is written `{^= id kind}` or `{^= id kind "caption"}`' };
  }
  const [, id, kind, caption] = match as unknown as [string, string, string, string | undefined];
  if (!ID_PATTERN.test(id)) {
    return {
      type: 'malformed',
      message: `embed id \`${id}\` may only contain letters, digits, \`.\`, \`_\`, \`:\` and \`-\``,
    };
  }
  return withCaption({ type: 'embed', id, kind }, caption);
}

function withCaption(embed: AnchorContent & { type: 'embed' }, caption: string | undefined): AnchorContent {
  if (caption !== undefined)
    embed.caption = caption.replace(/\\(.)/g, (_, character: string) => UNESCAPE[character] ?? character);
  return embed;
}

/** `\n`, `\r`, `\t`, `\v` in a caption stand for the control characters (a caption is one line). */
const UNESCAPE: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', v: '\v' };
const ESCAPE: Readonly<Record<string, string>> = {
  '\n': 'n',
  '\r': 'r',
  '\t': 't',
  '\v': 'v',
  '"': '"',
  '\\': '\\',
};

/** Quotes a caption so that `parseAnchorContent` reads it back unchanged. */
export function quoteCaption(caption: string): string {
  return `"${caption.replace(/[\\"\n\r\t\v]/g, (character) => `\\${ESCAPE[character]}`)}"`;
}

/**
 * The lines of a Markdown paragraph, where MEBDF reads them differently from CommonMark or where a
 * writer probably meant something else.
 *
 * CommonMark joins the lines of a paragraph (a single newline is a space). MEBDF's first
 * definition reads a line holding only an embed (`{^= a image}` then `{^= b image}` on the next
 * line) as a paragraph of its own, as its exporter wrote them: `embedLineGroups` splits such a
 * paragraph there. Other lines stay joined, but two lines that are each a complete sentence were
 * probably meant as two paragraphs: `joinedSentenceLines` finds them for a lint warning.
 */
import type { PhrasingContent } from 'mdast';

const NEWLINE = /\r\n|\r|\n/;

/**
 * The paragraph's inline nodes in groups, one paragraph each: a line holding only an embed (and
 * spaces) is a group of its own; the lines between stay one group, still joined by newlines.
 * `[children]` when no line holds only an embed, or when that is the only line. Only newlines in
 * text directly in the paragraph split it (one inside emphasis or a span does not).
 */
export function embedLineGroups(children: PhrasingContent[]): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [[]];
  for (const child of children) {
    if (child.type !== 'text' || !NEWLINE.test(child.value)) {
      lines[lines.length - 1]!.push(child);
      continue;
    }
    child.value.split(NEWLINE).forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ type: 'text', value: part });
    });
  }
  if (lines.length < 2 || !lines.some(isEmbedLine)) return [children];
  const groups: PhrasingContent[][] = [];
  let open: PhrasingContent[] | null = null;
  for (const line of lines) {
    if (isEmbedLine(line)) {
      groups.push(line.filter((node) => node.type === 'mebdfEmbed'));
      open = null;
    } else if (open) {
      open.push({ type: 'text', value: '\n' }, ...line);
    } else {
      open = [...line];
      groups.push(open);
    }
  }
  return groups;
}

function isEmbedLine(line: PhrasingContent[]): boolean {
  const meaningful = line.filter((node) => !(node.type === 'text' && node.value.trim() === ''));
  return meaningful.length === 1 && meaningful[0]!.type === 'mebdfEmbed';
}

/** A line that reads as a whole sentence: a capital first, sentence punctuation last. */
const SENTENCE = /^\p{Lu}.*[.!?…]["'”’)\]]*$/u;

/**
 * The indices (0-based, within `source`, the paragraph's text) of lines that follow another line
 * with only a single newline while both are complete sentences. A line ending in a hard break
 * (`\` or two spaces) is not joined, so it does not count.
 */
export function joinedSentenceLines(source: string): number[] {
  const lines = source.split(NEWLINE);
  const found: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1]!;
    if (previous.endsWith('\\') || previous.endsWith('  ')) continue;
    if (SENTENCE.test(previous.trim()) && SENTENCE.test(lines[i]!.trim())) found.push(i);
  }
  return found;
}

/**
 * What an import says about the images Docs could not fetch (`TextStyle.image`): each one new to
 * the target is kept as its linked text (export/image-marks.ts), and the result names its URL.
 */
import type { MebdfDocument } from '../../mebdf/model.js';
import { markedInlines } from './guards.js';

function keptImages(model: MebdfDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of markedInlines(model)) {
    if (i.type === 'text' && i.style.image && i.style.link)
      out.set(`${i.style.link}\u0000${i.text}\u0000${i.style.image}`, i.style.link);
  }
  return out;
}

/** One warning per image of `next` kept as linked text that the target `old` does not hold yet. */
export function keptImageWarnings(old: MebdfDocument, next: MebdfDocument): string[] {
  const had = keptImages(old);
  const urls = new Set<string>();
  for (const [key, url] of keptImages(next)) if (!had.has(key)) urls.add(url);
  return [...urls].map(
    (url) =>
      `Google Docs could not fetch the image at \`${url.slice(0, 200)}\` (it fetches images from a public https URL of at most 2 KB): it is kept as its alt text linked to the URL, and reads back as the image.`,
  );
}

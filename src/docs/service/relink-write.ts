/**
 * The second write of an import that typed anew headings that links point to (a section swapped
 * with another, a heading moved past an image): once the first write has made the new headings
 * and their ids are read back, every link of the document to an old id is pointed at its new
 * heading (import/retyped-headings.ts), in one batchUpdate guarded by the revision the first
 * write made. A colleague's edit in between is read again and the links found anew.
 */
import { RevisionConflictError } from '../../errors.js';
import type { Backend } from '../../ground/backend.js';
import type { Document, Request } from '../../ground/docs-json.js';
import type { MebdfDocument } from '../../mebdf/model.js';
import { headingAnchorOf } from '../export/shown-anchors.js';
import { headingLevel } from '../export/style-overrides.js';
import { textOf } from '../import/guards.js';
import { relinkRequests } from '../import/retyped-headings.js';
import type { NewHeading } from './contract.js';

const ATTEMPTS = 3;

export interface Relinked {
  revision: string;
  requests: Request[];
  warnings: string[];
}

/**
 * Old heading id -> new, for each heading of `relinked` (ids of headings of `old`): the new
 * heading of the same level and text, in order.
 */
export function newIds(
  old: MebdfDocument,
  relinked: ReadonlySet<string>,
  headings: readonly NewHeading[],
): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<NewHeading>();
  for (const b of old.blocks) {
    if (b.type !== 'paragraph') continue;
    const id = headingAnchorOf(b);
    if (!id || !relinked.has(id)) continue;
    const text = textOf(b);
    const level = headingLevel(b.style.namedStyle);
    const to = headings.find((h) => !taken.has(h) && h.level === level && h.text === text);
    if (!to) continue;
    taken.add(to);
    if (to.anchor_id !== id) out.set(id, to.anchor_id);
  }
  return out;
}

/** Points the links of the document to the old ids at the new headings; `written`: the re-read. */
export async function relinkAfterWrite(
  backend: Backend,
  documentId: string,
  tabId: string,
  moved: ReadonlyMap<string, string>,
  written: { doc: Document; revision: string },
): Promise<Relinked> {
  let { doc, revision } = written;
  for (let attempt = 1; ; attempt++) {
    const { requests, texts } = relinkRequests(doc, tabId, moved);
    if (requests.length === 0) return { revision, requests, warnings: [] };
    try {
      const response = await backend.batchUpdate(documentId, {
        requests,
        writeControl: { requiredRevisionId: revision },
      });
      return { revision: response.writeControl?.requiredRevisionId ?? revision, requests, warnings: [] };
    } catch (e) {
      if (!(e instanceof RevisionConflictError)) throw e;
      if (attempt === ATTEMPTS) {
        const names = texts.map((t) => JSON.stringify(t)).join(', ');
        return {
          revision,
          requests: [],
          warnings: [
            `The document kept changing after the import, so the links to the headings it typed anew were not pointed at them: ${names}. Point them at the headings in new_headings.`,
          ],
        };
      }
      doc = await backend.get(documentId);
      revision = doc.revisionId ?? revision;
    }
  }
}

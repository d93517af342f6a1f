/**
 * Suggested text in a real document (a heading and a paragraph typed in Docs' suggesting mode):
 * an import that leaves the {!suggest:insert id} spans as exported keeps them, edits next to them
 * land in edit and in suggest mode, and changing or removing the suggested text itself is refused
 * with a message that says how to resolve it first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { suggestionIdsIn } from '../../src/docs/engine/index.js';
import { exportSection } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import { MemoryBackend } from './memory-backend.js';

const DOC = JSON.parse(
  readFileSync(
    new URL(
      '../fixtures/real/markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json',
      import.meta.url,
    ),
    'utf8',
  ),
);
const ANCHOR = 'h.u1qjctnofws1';
const SPAN = '{!suggest:insert suggest.8ubgzadllrvh}This is an inline suggestion{/!}';
const target = { document_id: 'doc', tab_id: 't.0', anchor_id: ANCHOR };

function original(): string {
  return exportSection(new MemoryBackend(DOC).doc, 't.0', ANCHOR).content;
}

const NEXT_TO: Record<string, (s: string) => string> = {
  'a paragraph after it': (s) => s.replace(SPAN, `${SPAN}\n\nA new paragraph.`),
  'words after it': (s) => s.replace(SPAN, `${SPAN} and more`),
  'words before it': (s) => s.replace(SPAN, `Before ${SPAN}`),
};

describe('suggested text on import', () => {
  it('exports suggestions with their ids', () => {
    expect(original()).toContain(SPAN);
    expect(original()).toContain(
      '{!suggest:insert suggest.8ubgzadllrvh}This is an inline suggestion heading{/!}',
    );
  });

  for (const [what, edit] of Object.entries(NEXT_TO)) {
    it(`edit mode: ${what} lands and the suggestion is kept`, async () => {
      const be = new MemoryBackend(DOC);
      const content = edit(original());
      await importSectionService(be, target, content);
      expect(exportSection(be.doc, 't.0', ANCHOR).content).toBe(content);
      expect(suggestionIdsIn(be.doc)).toContain('suggest.8ubgzadllrvh');
    });

    it(`suggest mode: ${what} becomes a new suggestion beside the old one`, async () => {
      const be = new MemoryBackend(DOC);
      const result = await importSectionService(be, target, edit(original()), { mode: 'suggest' });
      expect(result.suggestion_ids?.length).toBeGreaterThan(0);
      const ids = suggestionIdsIn(be.doc);
      expect(ids).toContain('suggest.8ubgzadllrvh');
      for (const id of result.suggestion_ids ?? []) expect(ids).toContain(id);
      // The accepted text is what it was.
      const before = await new MemoryBackend(DOC).get('doc', {
        suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS',
      });
      const after = await be.get('doc', { suggestionsViewMode: 'PREVIEW_WITHOUT_SUGGESTIONS' });
      expect(JSON.stringify(after.tabs?.[0]?.documentTab?.body)).toBe(
        JSON.stringify(before.tabs?.[0]?.documentTab?.body),
      );
    });
  }

  it('changing or removing the suggested text is refused, naming how to resolve it', async () => {
    for (const content of [
      original().replace(SPAN, SPAN.replace('inline', 'INLINE')),
      original().replace(`${SPAN}\n`, ''),
    ]) {
      const be = new MemoryBackend(DOC);
      const before = JSON.stringify(be.doc);
      const err = await importSectionService(be, target, content).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).message).toContain('pending suggestion');
      expect((err as ValidationError).suggestion).toContain('accept_suggestions');
      expect(JSON.stringify(be.doc)).toBe(before);
    }
  });
});

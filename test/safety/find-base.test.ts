/**
 * Which of a target's last reads an import without a base compares with (findBase): the read the
 * content was edited from. Two reads that share as many whole paragraphs with the content (the
 * content edits a paragraph that differs between them) are told apart by characters, and the
 * newer is taken only when the content holds every change from the older one to it — so a
 * content edited from the older read is never compared with the newer one (which would revert
 * what changed in between).
 */
import { describe, expect, it } from 'vitest';
import { MemoryBaseStore, rememberRead } from '../../src/docs/service/base-store.js';
import { baseTokenFor, decodeBaseToken } from '../../src/docs/service/base-token.js';
import { findBase, reconcile } from '../../src/docs/service/import-base.js';

const scope = { documentId: 'doc', tabId: 't.0', anchorId: 'h.1' };
const first = '## Title\n\nThis has bold text and italic text in it.\n\nAnother paragraph.\n';
// The first read with "bold" edited and imported, then read again.
const second = '## Title\n\nThis has heavy text and italic text in it.\n\nAnother paragraph.\n';

async function storeWith(...reads: string[]): Promise<{ store: MemoryBaseStore; tokens: string[] }> {
  const store = new MemoryBaseStore();
  const tokens: string[] = [];
  for (const [i, text] of reads.entries()) {
    const token = baseTokenFor({ ...scope, revisionId: `r${i}` }, text);
    await rememberRead(store, scope, text, token);
    tokens.push(token);
  }
  return { store, tokens };
}

async function baseRevision(store: MemoryBaseStore, content: string): Promise<string | undefined> {
  return (await findBase(null, scope, content, store))?.revisionId;
}

describe('findBase among reads that tie on whole paragraphs', () => {
  it('takes the newer read when the content was edited from it', async () => {
    const { store } = await storeWith(first, second);
    const edited = second.replace('italic text', 'slanted text');
    expect(await baseRevision(store, edited)).toBe('r1');
  });

  it('keeps the older read when the content was edited from it (the change in between is not in it)', async () => {
    const { store } = await storeWith(first, second);
    const edited = first.replace('italic text', 'slanted text');
    expect(await baseRevision(store, edited)).toBe('r0');
  });

  it('keeps the older read when the content rewrote what changed in between', async () => {
    const { store } = await storeWith(first, second);
    const edited = first.replace('bold text', 'heavier text');
    expect(await baseRevision(store, edited)).toBe('r0');
  });

  it('still prefers the read sharing more whole paragraphs, whatever its age', async () => {
    const { store } = await storeWith(second, first);
    expect(await baseRevision(store, `${first}\nNew paragraph.\n`)).toBe('r1');
  });
});

describe("findBase with a file's sidecar base (file_base)", () => {
  const decode = async (store: MemoryBaseStore, file: string, content: string) =>
    (await findBase(null, scope, content, store, decodeBaseToken(file)))?.revisionId;
  // The sidecar's read, then a colleague's edit of another paragraph read again (export > FILE).
  const later = first.replace('Another paragraph.', 'Another paragraph, edited.');

  it('takes a later read the file was exported over from (its changes all in the content)', async () => {
    const { store, tokens } = await storeWith(first, later);
    expect(await decode(store, tokens[0]!, later.replace('bold text', 'heavy text'))).toBe('r1');
  });

  it('keeps the sidecar when the content was edited from it (a later change is not in it)', async () => {
    const { store, tokens } = await storeWith(first, later);
    expect(await decode(store, tokens[0]!, first.replace('bold text', 'heavy text'))).toBe('r0');
  });

  it('never takes a read made before the sidecar', async () => {
    const { store, tokens } = await storeWith(later, first);
    expect(await decode(store, tokens[1]!, later.replace('bold text', 'heavy text'))).toBe('r1');
  });
});

describe('findBase after a paragraph was added', () => {
  const added = `${first}\nA paragraph added by the last import.\n`;

  it('takes the read the paragraph was added in for an edit of that paragraph', async () => {
    // Counting both sides, the read before (which lacks the paragraph) was nearer, and the
    // paragraph looked added on both sides: a refusal of an edit nobody else made.
    const { store } = await storeWith(first, added);
    const edited = added.replace('by the last import.', 'by the last import, and edited.');
    expect(await baseRevision(store, edited)).toBe('r1');
  });

  it('keeps the older read when the content adds its own paragraph and lacks one added elsewhere', async () => {
    // The content adds a paragraph that holds the other one's words, at another place: the newer
    // read is farther (its paragraph is missing from the content), so it is not compared with.
    const other = first.replace('## Title\n', '## Title\n\nBudget approved.\n');
    const { store } = await storeWith(first, other);
    const edited = `${first}\nBudget approved, we think.\n`;
    expect(await baseRevision(store, edited)).toBe('r0');
  });
});

describe('the clash of a guessed base', () => {
  // The same words edited in a later read and in the text: the older read is the base, and the
  // refusal names the read to take again, for the target imported into.
  async function clash(anchorId: string | null): Promise<{ message: string; suggestion?: string }> {
    const target = { ...scope, anchorId };
    const base = baseTokenFor({ ...target, revisionId: 'r0' }, first);
    const store = new MemoryBaseStore();
    await rememberRead(store, target, first, base);
    const edited = first.replace('bold text', 'heavier text');
    return await reconcile(edited, second, decodeBaseToken(base), store, false).then(
      () => expect.fail('the import was not refused'),
      (error: { message: string; suggestion?: string }) => error,
    );
  }

  it('names export_tab for a tab and export_section for a section', async () => {
    const tab = await clash(null);
    expect(tab.message).toContain('touch the same paragraphs');
    expect(tab.suggestion).toContain('Read it again (export_tab)');
    expect((await clash('h.1')).suggestion).toContain('Read it again (export_section)');
  });
});

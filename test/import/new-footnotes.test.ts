/**
 * New footnotes. Google forces two writes: createFootnote in a first batchUpdate (its reply carries
 * the new footnote's id), then the footnote's text into that segment in a second one guarded by the
 * revision the first returned. Both are verified on the engine before anything is sent; the result
 * says Google forced two writes; the re-export reads as written, with Docs' numbers as labels.
 */
import { describe, expect, it } from 'vitest';
import { applyBatchUpdate } from '../../src/docs/engine/index.js';
import { exportSection, exportTab, getHierarchy } from '../../src/docs/export/index.js';
import { verifyImport } from '../../src/docs/import/verify.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import { ValidationError } from '../../src/errors.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { formatMebdf, parseMebdf } from '../../src/mebdf/index.js';
import { emptyDocument, type MemoryBackend } from './memory-backend.js';

const newDocument = (): MemoryBackend => emptyDocument('New');

const kinds = (requests: Request[] | undefined): string[] => (requests ?? []).map((r) => Object.keys(r)[0]!);
const segments = (requests: Request[] | undefined): Set<string> =>
  new Set((JSON.stringify(requests).match(/"segmentId":"[^"]*"/g) ?? []).map((m) => m.slice(13, -1)));
const footnoteIds = (doc: Document): string[] => Object.keys(doc.tabs![0]!.documentTab!.footnotes ?? {});

const TEXT = 'A claim[^a] and **another**[^b].\n\n[^a]: The *first* note.\n\n[^b]: Second note.\n';

describe('a new footnote is created in two writes', () => {
  it('into a new document: createFootnote first, the text second, guarded by the first revision', async () => {
    const backend = newDocument();
    const result = await importTabService(backend, { document_id: 'doc' }, TEXT);

    expect(backend.writes).toHaveLength(2);
    const [first, second] = backend.writes;
    // First write: the body, with one createFootnote per new footnote and nothing in a footnote.
    expect(kinds(first!.requests).filter((k) => k === 'createFootnote')).toHaveLength(2);
    expect(segments(first!.requests).size).toBe(0);
    expect(first!.writeControl).toEqual({ requiredRevisionId: 'rev-0' });
    // Second write: only the new footnote segments, guarded by the revision the first returned.
    expect(segments(second!.requests)).toEqual(new Set(footnoteIds(backend.doc)));
    expect(second!.writeControl!.requiredRevisionId).not.toBe('rev-0');
    expect(kinds(second!.requests)).toContain('insertText');

    // What was written reads back as written, footnotes numbered by Docs.
    expect(exportTab(backend.doc).content).toBe(
      formatMebdf(TEXT.replaceAll('^a', '^1').replaceAll('^b', '^2')),
    );
    expect(result.revision_id).toBe(backend.doc.revisionId);
    expect(result.requests).toEqual([...first!.requests!, ...second!.requests!]);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^New footnotes \[\^a\], \[\^b\] take two writes/),
    ]);
  });

  it('between existing footnotes: the later ones are renumbered, their text untouched', async () => {
    const backend = newDocument();
    await importTabService(
      backend,
      { document_id: 'doc' },
      'One[^1] two[^2].\n\n[^1]: First.\n\n[^2]: Second.\n',
    );
    const before = exportTab(backend.doc).content;
    const edited = before
      .replace(' two', ' new[^x] two')
      .replace('[^2]: Second.', '[^2]: Second.\n\n[^x]: Inserted.');
    await importTabService(backend, { document_id: 'doc' }, edited);
    expect(exportTab(backend.doc).content).toBe(
      formatMebdf('One[^1] new[^2] two[^3].\n\n[^1]: First.\n\n[^2]: Inserted.\n\n[^3]: Second.\n'),
    );
  });

  it('into a section, with footnotes of later sections renumbered and nothing else outside changed', async () => {
    const backend = newDocument();
    await importTabService(
      backend,
      { document_id: 'doc' },
      '# One\n\nFirst section[^1].\n\n# Two\n\nSecond section[^2].\n\n[^1]: Note one.\n\n[^2]: Note two.\n',
    );
    const [one, two] = getHierarchy(backend.doc).headings;
    const secondBefore = exportSection(backend.doc, undefined, two!.anchor_id).content;
    const current = exportSection(backend.doc, undefined, one!.anchor_id).content;
    const edited = `${current.replace('section[^1].', 'section[^1], more[^new].')}\n[^new]: A new note.\n`;
    await importSectionService(backend, { document_id: 'doc', anchor_id: one!.anchor_id }, edited);

    expect(exportSection(backend.doc, undefined, one!.anchor_id).content).toBe(
      formatMebdf(edited.replaceAll('[^new]', '[^2]')),
    );
    expect(exportSection(backend.doc, undefined, two!.anchor_id).content).toBe(
      secondBefore.replaceAll('[^2]', '[^3]'),
    );
  });

  it('a dry run writes nothing and shows both batches', async () => {
    const backend = newDocument();
    const result = await importTabService(backend, { document_id: 'doc' }, TEXT, { dry_run: true });
    expect(backend.writes).toEqual([]);
    const shown = kinds(result.requests as Request[]);
    const lastCreate = shown.lastIndexOf('createFootnote');
    expect(shown.filter((k) => k === 'createFootnote')).toHaveLength(2);
    // The footnote text comes after every body request.
    expect(segments((result.requests as Request[]).slice(0, lastCreate + 1)).size).toBe(0);
    expect(segments((result.requests as Request[]).slice(lastCreate + 1)).size).toBe(2);
    expect(result.result_content).toBe(formatMebdf(TEXT.replaceAll('^a', '^1').replaceAll('^b', '^2')));
  });

  it('when the document moves between the two writes, the text is planned again and written', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, 'Before.\n\nA claim.\n');
    const current = exportTab(backend.doc).content;
    let calls = 0;
    backend.beforeWrite = (doc) => {
      // A colleague edits another paragraph right before the footnote text is written.
      if (++calls !== 2) return doc;
      const requests = [
        { replaceAllText: { containsText: { text: 'Before.', matchCase: true }, replaceText: 'Earlier.' } },
      ];
      return applyBatchUpdate(doc, { requests }).document;
    };
    await importTabService(
      backend,
      { document_id: 'doc' },
      current.replace('A claim.', 'A claim[^n].\n\n[^n]: The note.'),
    );
    // The setup, the first write, the second refused on its guard, the second planned again.
    expect(backend.writes).toHaveLength(4);
    const [, first, refused, again] = backend.writes;
    expect(kinds(first!.requests)).toContain('createFootnote');
    expect(refused!.requests).toEqual(again!.requests);
    expect(again!.writeControl!.requiredRevisionId).not.toBe(refused!.writeControl!.requiredRevisionId);
    expect(exportTab(backend.doc).content).toBe(formatMebdf('Earlier.\n\nA claim[^1].\n\n[^1]: The note.\n'));
  });
});

describe('what Docs cannot hold is refused, writing nothing', () => {
  it('a new footnote referenced twice', async () => {
    const backend = newDocument();
    const twice = importTabService(backend, { document_id: 'doc' }, 'A[^n] and B[^n].\n\n[^n]: Once.\n');
    await expect(twice).rejects.toThrow(ValidationError);
    await expect(twice).rejects.toThrow(/referenced 2 times/);
    expect(backend.writes).toEqual([]);
  });

  it('a new footnote referenced from a footnote', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, 'A[^1].\n\n[^1]: Old.\n');
    const nested = importTabService(
      backend,
      { document_id: 'doc' },
      'A[^1].\n\n[^1]: Old[^n].\n\n[^n]: Nested.\n',
    );
    await expect(nested).rejects.toThrow(/body only/);
    expect(backend.writes).toHaveLength(2); // the two of the setup
  });
});

describe('verification covers both writes', () => {
  const doc = (): Document => newDocument().doc;
  const intended = parseMebdf('Claim[^1].\n\n[^1]: The note.\n');
  const first: Request[] = [
    { insertText: { text: 'Claim.', location: { index: 1 } } },
    { createFootnote: { location: { index: 6 } } },
  ];
  const scope = { tabId: 't.0', anchorId: null };

  it('fails when the second batch would not write the footnote text', () => {
    const verified = verifyImport({ doc: doc(), requests: first, intended, scope, second: () => [] });
    expect(verified.ok).toBe(false);
    if (!verified.ok)
      expect(verified.failure).toMatchObject({ kind: 'content', detail: expect.stringMatching(/footnote/) });
  });

  it('passes when the second batch, made from the first reply, writes it', () => {
    const verified = verifyImport({
      doc: doc(),
      requests: first,
      intended,
      scope,
      second: (_after, replies) => {
        const reply = (replies ?? [])[1] as { createFootnote: { footnoteId: string } };
        const segmentId = reply.createFootnote.footnoteId;
        return [
          { insertText: { text: 'The note.', location: { segmentId, index: 0 } } },
          { deleteContentRange: { range: { segmentId, startIndex: 9, endIndex: 10 } } },
          {
            updateTextStyle: {
              range: { segmentId, startIndex: 0, endIndex: 9 },
              textStyle: {},
              fields: 'fontSize',
            },
          },
          {
            updateParagraphStyle: {
              range: { segmentId, startIndex: 0, endIndex: 1 },
              paragraphStyle: {},
              fields: 'lineSpacing',
            },
          },
        ];
      },
    });
    expect(verified.ok ? 'ok' : verified.failure.detail).toBe('ok');
    if (verified.ok) expect(verified.second?.requests).toHaveLength(4);
  });
});

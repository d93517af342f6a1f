/**
 * The formatting use cases end to end over the local store (our engine writes the documents): on
 * real documents, normalize and apply change exactly the formatting asked for and nothing else.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { canonicalKey } from '../../src/docs/equality.js';
import { resolveTab } from '../../src/docs/export/tabs.js';
import {
  applyStylesService,
  extractStylesService,
  normalizeService,
} from '../../src/docs/service/formatting.js';
import { isCodeRun, resolveTabStyles } from '../../src/docs/styles/index.js';
import { MultipleTabsError, RevisionConflictError, ValidationError } from '../../src/errors.js';
import type { Backend } from '../../src/ground/backend.js';
import type {
  BatchUpdateRequest,
  Document,
  DocumentTab,
  StructuralElement,
} from '../../src/ground/docs-json.js';
import { DOCS } from './helpers.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'real');
let dir: string;
let backend: LocalBackend;

/** Each test works on its own copy: `name` → a fresh document id. */
let copies = 0;
function copy(name: string): string {
  copies += 1;
  const id = `doc${copies}`;
  writeFileSync(join(dir, `${id}.json`), readFileSync(join(REAL, name)));
  return id;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gdoc-styles-'));
  backend = new LocalBackend({ dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ---- independent views of what must not change ---------------------------------------------------

function walk(content: StructuralElement[] | null | undefined, visit: (e: StructuralElement) => void): void {
  for (const e of content ?? []) {
    visit(e);
    for (const row of e.table?.tableRows ?? [])
      for (const cell of row.tableCells ?? []) walk(cell.content, visit);
  }
}

function plainText(tab: DocumentTab): string {
  let out = '';
  walk(tab.body?.content, (e) => {
    for (const pe of e.paragraph?.elements ?? []) out += pe.textRun?.content ?? (pe.textRun ? '' : '\ue907');
  });
  return out;
}

/** Per character: bold, italic, underline, strikethrough, link, highlight, super/subscript. */
function characterMeaning(tab: DocumentTab): string[] {
  const out: string[] = [];
  walk(tab.body?.content, (e) => {
    for (const pe of e.paragraph?.elements ?? []) {
      const s = pe.textRun?.textStyle;
      if (!pe.textRun || !s) continue;
      const key = canonicalKey([
        s.bold === true,
        s.italic === true,
        s.underline === true,
        s.strikethrough === true,
        s.link ?? null,
        s.backgroundColor?.color?.rgbColor ?? null,
        s.baselineOffset && s.baselineOffset !== 'NONE' ? s.baselineOffset : null,
      ]);
      for (let i = 0; i < (pe.textRun.content ?? '').length; i += 1) out.push(key);
    }
  });
  return out;
}

function objects(tab: DocumentTab): string[] {
  const out: string[] = [];
  walk(tab.body?.content, (e) => {
    for (const pe of e.paragraph?.elements ?? []) {
      if (pe.inlineObjectElement) out.push(`${pe.startIndex} image ${pe.inlineObjectElement.inlineObjectId}`);
      if (pe.footnoteReference) out.push(`${pe.startIndex} footnote ${pe.footnoteReference.footnoteId}`);
      if (pe.person || pe.richLink || pe.dateElement || pe.horizontalRule || pe.pageBreak) {
        out.push(`${pe.startIndex} ${Object.keys(pe).sort().join(',')}`);
      }
    }
  });
  return out;
}

function headings(tab: DocumentTab): string[] {
  const out: string[] = [];
  walk(tab.body?.content, (e) => {
    const s = e.paragraph?.paragraphStyle;
    if (s?.headingId) out.push(`${e.startIndex} ${s.namedStyleType} ${s.headingId}`);
  });
  return out;
}

function tabOf(doc: Document, tabId?: string): DocumentTab {
  return resolveTab(doc, tabId).content;
}

const PARAMS = {
  body_font: 'Georgia',
  body_size: '12pt',
  heading_font: 'Lato',
  line_spacing: '1.5',
  space_after: '6pt',
};

describe('normalizeService on real documents', () => {
  for (const name of [
    DOCS.contract,
    DOCS.simple,
    DOCS.encoda,
    DOCS.specialChars,
    DOCS.footnotes,
    DOCS.codes,
  ]) {
    it(`gives every body paragraph the asked look and keeps everything else: ${name}`, async () => {
      const id = copy(name);
      const before = tabOf(await backend.get(id));
      const result = await normalizeService(backend, { document_id: id, ...PARAMS });
      expect(result.success).toBe(true);
      expect(result.dry_run).toBe(false);
      expect(result.changes_made).toBeGreaterThan(0);
      const afterDoc = await backend.get(id);
      expect(result.revision_id).toBe(afterDoc.revisionId);
      const after = tabOf(afterDoc);

      const styled = resolveTabStyles(after);
      let bodyRuns = 0;
      for (const p of styled.paragraphs) {
        if (p.namedStyleType === 'NORMAL_TEXT') {
          expect(p.look.lineSpacing).toBe(150);
          expect(p.look.spaceBelow).toBe(6);
        }
        for (const run of p.runs) {
          if (!run.isText) continue;
          const code = isCodeRun(run, styled.named[p.namedStyleType].fontFamily);
          if (p.namedStyleType === 'NORMAL_TEXT') {
            bodyRuns += 1;
            expect(run.look.fontSize).toBe(12);
            if (!code) expect(run.look.fontFamily).toBe('Georgia');
          } else if (!code) {
            expect(run.look.fontFamily).toBe('Lato');
          }
        }
      }
      expect(bodyRuns).toBeGreaterThan(0);

      expect(plainText(after)).toBe(plainText(before));
      expect(characterMeaning(after)).toEqual(characterMeaning(before));
      expect(objects(after)).toEqual(objects(before));
      expect(headings(after)).toEqual(headings(before));
      // The checks above have something to check on the documents chosen for it.
      if (name === DOCS.contract) expect(objects(before).join()).toMatch(/image/);
      if (name === DOCS.footnotes) expect(objects(before).join()).toMatch(/footnote/);
      if (name === DOCS.simple || name === DOCS.encoda) expect(headings(before).length).toBeGreaterThan(0);
      if (name === DOCS.contract)
        expect(characterMeaning(before).some((k) => k.startsWith('[true'))).toBe(true);
      if (name === DOCS.encoda || name === DOCS.simple) {
        expect(characterMeaning(before).some((k) => (JSON.parse(k) as unknown[])[4] !== null)).toBe(true);
      }
      expect(after.inlineObjects ?? {}).toEqual(before.inlineObjects ?? {});
      expect(after.footnotes ?? {}).toEqual(before.footnotes ?? {});
      expect(after.lists ?? {}).toEqual(before.lists ?? {});

      // Code keeps its monospace font.
      const codeBefore = resolveTabStyles(before)
        .paragraphs.flatMap((p) =>
          p.runs.filter(
            (r) => r.isText && isCodeRun(r, resolveTabStyles(before).named[p.namedStyleType].fontFamily),
          ),
        )
        .map((r) => `${r.startIndex} ${r.look.fontFamily}`);
      const codeAfter = styled.paragraphs
        .flatMap((p) =>
          p.runs.filter((r) => r.isText && isCodeRun(r, styled.named[p.namedStyleType].fontFamily)),
        )
        .map((r) => `${r.startIndex} ${r.look.fontFamily}`);
      expect(codeAfter).toEqual(codeBefore);

      // The same call again changes nothing and writes nothing.
      const again = await normalizeService(backend, { document_id: id, ...PARAMS });
      expect(again.changes_made).toBe(0);
      expect((await backend.get(id)).revisionId).toBe(afterDoc.revisionId);
    });
  }

  it('a dry run reports the changes the real run makes and writes nothing', async () => {
    const id = copy(DOCS.contract);
    const file = join(dir, `${id}.json`);
    const bytes = readFileSync(file, 'utf8');
    const dry = await normalizeService(backend, { document_id: id, ...PARAMS, dry_run: true });
    expect(dry.dry_run).toBe(true);
    expect(dry.changes_made).toBeGreaterThan(0);
    expect(dry.requests?.length).toBeGreaterThan(0);
    expect(readFileSync(file, 'utf8')).toBe(bytes);
    const real = await normalizeService(backend, { document_id: id, ...PARAMS });
    expect(real.changes_made).toBe(dry.changes_made);
    expect(readFileSync(file, 'utf8')).not.toBe(bytes);
  });

  it('rejects bad parameters with a ValidationError and changes nothing', async () => {
    const id = copy(DOCS.simple);
    const file = join(dir, `${id}.json`);
    const bytes = readFileSync(file, 'utf8');
    for (const bad of [{ body_size: '12px' }, { line_spacing: 'lots' }, { space_after: '-2pt' }, {}]) {
      await expect(normalizeService(backend, { document_id: id, ...bad })).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    expect(readFileSync(file, 'utf8')).toBe(bytes);
  });

  it('needs a tab id on a multi-tab document and changes only that tab', async () => {
    const id = copy(DOCS.multiTab);
    await expect(normalizeService(backend, { document_id: id, body_font: 'Georgia' })).rejects.toBeInstanceOf(
      MultipleTabsError,
    );
    const before = await backend.get(id);
    const tabIds = (before.tabs ?? []).map((t) => t.tabProperties?.tabId ?? '');
    const target = tabIds[1]!;
    const result = await normalizeService(backend, { document_id: id, tab_id: target, body_font: 'Georgia' });
    expect(result.tab_id).toBe(target);
    const after = await backend.get(id);
    for (const tabId of tabIds) {
      if (tabId === target) {
        expect(resolveTabStyles(tabOf(after, tabId)).named.NORMAL_TEXT.fontFamily).toBe('Georgia');
      } else {
        expect(tabOf(after, tabId)).toEqual(tabOf(before, tabId));
      }
    }
  });
});

describe('apply_styles(extract_styles(A)) on B', () => {
  const pairs: Array<[string, string]> = [
    [DOCS.markdownSingle, DOCS.contract],
    [DOCS.encoda2, DOCS.specialChars],
    [DOCS.contract, DOCS.encoda],
    [DOCS.fresh, DOCS.footnotes],
  ];
  for (const [a, b] of pairs) {
    it(`makes B extract as A: ${a} → ${b}`, async () => {
      const idA = copy(a);
      const idB = copy(b);
      const source = await extractStylesService(backend, { document_id: idA });
      expect(source.source_document_id).toBe(idA);
      const target = await extractStylesService(backend, { document_id: idB });
      expect(target.styles).not.toEqual(source.styles);
      const beforeB = tabOf(await backend.get(idB));
      const applied = await applyStylesService(backend, { document_id: idB }, source.styles);
      expect(applied.changes_made).toBeGreaterThan(0);
      const result = await extractStylesService(backend, { document_id: idB });
      expect(result.styles).toEqual(source.styles);
      const afterB = tabOf(await backend.get(idB));
      expect(plainText(afterB)).toBe(plainText(beforeB));
      expect(characterMeaning(afterB)).toEqual(characterMeaning(beforeB));
      expect(objects(afterB)).toEqual(objects(beforeB));
      expect(headings(afterB)).toEqual(headings(beforeB));
      // Applying again is a no-op.
      const again = await applyStylesService(backend, { document_id: idB }, source.styles);
      expect(again.changes_made).toBe(0);
    });
  }
});

describe('concurrent edits', () => {
  /** A store where someone types "Hi " at the start of the body just before each of our first `edits` writes. */
  function racing(edits: number): { store: Backend; writes: BatchUpdateRequest[] } {
    const writes: BatchUpdateRequest[] = [];
    let left = edits;
    const store: Backend = {
      kind: 'racing',
      get: (id) => backend.get(id),
      create: (title) => backend.create(title),
      list: (q, n) => backend.list(q, n),
      metadata: (id) => backend.metadata(id),
      batchUpdate: async (id, body, options) => {
        if (left > 0) {
          left -= 1;
          const doc = await backend.get(id);
          await backend.batchUpdate(id, {
            requests: [{ insertText: { text: 'Hi ', location: { index: 1, tabId: resolveTab(doc).tabId } } }],
          });
        }
        writes.push(body);
        return await backend.batchUpdate(id, body, options);
      },
    };
    return { store, writes };
  }

  it('re-reads and re-plans when the document changed since it was read', async () => {
    const id = copy(DOCS.encoda);
    const { store, writes } = racing(1);
    const result = await normalizeService(store, { document_id: id, body_size: '13pt' });
    expect(result.changes_made).toBeGreaterThan(0);
    expect(writes).toHaveLength(2);
    for (const w of writes) expect(w.writeControl?.requiredRevisionId).toBeTruthy();
    const after = tabOf(await backend.get(id));
    expect(plainText(after).startsWith('Hi ')).toBe(true);
    const styled = resolveTabStyles(after);
    for (const p of styled.paragraphs.filter((p) => p.namedStyleType === 'NORMAL_TEXT')) {
      for (const run of p.runs.filter((r) => r.isText)) expect(run.look.fontSize).toBe(13);
    }
  });

  it('gives up with a RevisionConflictError when the document keeps changing', async () => {
    const id = copy(DOCS.encoda);
    const { store } = racing(10);
    await expect(normalizeService(store, { document_id: id, body_size: '13pt' })).rejects.toBeInstanceOf(
      RevisionConflictError,
    );
    const styled = resolveTabStyles(tabOf(await backend.get(id)));
    expect(styled.named.NORMAL_TEXT.fontSize).not.toBe(13);
  });
});

/**
 * The export use cases over a Backend (a stub serving documents from memory: the service only
 * calls `get`), the export_tab size policy, the `base` token, and the public API of the export
 * module.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as exportApi from '../../src/docs/export/index.js';
import {
  baseTokenFor,
  contentFingerprint,
  decodeBaseToken,
  encodeBaseToken,
} from '../../src/docs/service/base-token.js';
import { exportSectionService, exportTabService, hierarchyService } from '../../src/docs/service/export.js';
import { DEFAULT_MAX_EXPORT_TOKENS, maxExportTokensFrom } from '../../src/docs/service/export-size.js';
import { leadingNames } from '../../src/docs/service/text-blocks.js';
import {
  AnchorNotFoundError,
  DocumentNotFoundError,
  MultipleTabsError,
  ValidationError,
} from '../../src/errors.js';
import type { Backend } from '../../src/ground/backend.js';
import type { Document } from '../../src/ground/docs-json.js';
import { isLintError, lintMebdf, parseMebdf } from '../../src/mebdf/index.js';
import { loadReal } from './real-docs.js';

function memoryBackend(docs: Record<string, Document>): Backend & { gets: number } {
  const backend = {
    kind: 'memory',
    gets: 0,
    async get(id: string) {
      backend.gets += 1;
      const doc = docs[id];
      if (!doc) throw new DocumentNotFoundError(`No document ${id}.`);
      return doc;
    },
    batchUpdate: () => Promise.reject(new Error('export never writes')),
    create: () => Promise.reject(new Error('export never creates')),
    list: () => Promise.reject(new Error('not used')),
    metadata: () => Promise.reject(new Error('not used')),
  };
  return backend;
}

const single = loadReal('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab');
const multi = loadReal('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab');
const backend = memoryBackend({ single, multi });

describe('exportTabService', () => {
  it('returns the content with revision, base and token estimate', async () => {
    const res = await exportTabService(backend, { document_id: 'single' });
    expect(res.success).toBe(true);
    expect(res.tab_id).toBe('t.0');
    expect(res.revision_id).toBe(single.revisionId);
    expect(res.estimated_tokens).toBe(Math.ceil(res.content.length / 4));
    // Heading anchors only where a link needs them; the heading lines read as the page.
    expect(res.content).toContain('\n## {!space-after:6pt}Section 1:');
    expect(res.content).not.toContain('{^ h.jqd82dlsezdm}');
    expect(res.anchor_id).toBeUndefined();
    const base = decodeBaseToken(res.base);
    expect(base).toEqual({
      documentId: 'single',
      revisionId: single.revisionId,
      tabId: 't.0',
      anchorId: null,
      fingerprint: contentFingerprint(res.content),
    });
  });

  it('needs a tab on a multi-tab document and exports the one named', async () => {
    await expect(exportTabService(backend, { document_id: 'multi' })).rejects.toThrow(MultipleTabsError);
    const res = await exportTabService(backend, { document_id: 'multi', tab_id: 't.ytrmrxold3qv' });
    expect(res.tab_id).toBe('t.ytrmrxold3qv');
    expect(res.content).not.toBe(
      (await exportTabService(backend, { document_id: 'multi', tab_id: 't.0' })).content,
    );
  });

  it('passes backend errors through', async () => {
    await expect(exportTabService(backend, { document_id: 'nope' })).rejects.toThrow(DocumentNotFoundError);
  });
});

describe('export_tab size policy', () => {
  it('returns the whole tab at the limit and a labelled first part one token above', async () => {
    const { estimated_tokens, content } = await exportTabService(backend, { document_id: 'single' });
    const target = { document_id: 'single' };
    const atLimit = await exportTabService(backend, target, { maxTokens: estimated_tokens });
    expect(atLimit.content).toBe(content);
    expect(atLimit.part).toBeUndefined();
    const above = await exportTabService(backend, target, { maxTokens: estimated_tokens - 1 });
    expect(above.part?.index).toBe(1);
    expect(above.part?.count).toBeGreaterThan(1);
    expect(above.part?.notice).toContain('NOT the whole tab');
    expect(above.part?.total_estimated_tokens).toBe(estimated_tokens);
    expect(content.startsWith(above.content.trimEnd())).toBe(true);
    expect(above.content.length).toBeLessThan(content.length);
    expect(decodeBaseToken(above.base).part).toEqual({ from: 0, to: above.part?.to_block });
    // The parts, in order, are the whole text.
    const parts = [above.content];
    for (let i = 2; i <= above.part!.count; i++) {
      parts.push(
        (await exportTabService(backend, target, { maxTokens: estimated_tokens - 1, part: i })).content,
      );
    }
    // The parts, in order, are the whole text (a later part repeats the style names it uses first).
    const own = (part: string, i: number) => (i === 0 ? part : leadingNames(part).rest);
    expect(parts.map((p, i) => own(p, i).trimEnd()).join('\n\n')).toBe(content.trimEnd());
    await expect(
      exportTabService(backend, target, { maxTokens: estimated_tokens - 1, part: above.part!.count + 1 }),
    ).rejects.toThrow(ValidationError);
  });

  it('starts every later part with the style names it uses, so that it reads on its own', async () => {
    const doc = loadReal('think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI');
    const named = memoryBackend({ doc });
    const target = { document_id: 'doc' };
    const whole = await exportTabService(named, target);
    const defined = leadingNames(whole.content).names;
    expect(defined.size).toBeGreaterThan(0);
    const first = await exportTabService(named, target, { maxTokens: 2500 });
    let withNames = 0;
    for (let i = 2; i <= first.part!.count; i++) {
      const { content } = await exportTabService(named, target, { maxTokens: 2500, part: i });
      expect(lintMebdf(content).filter(isLintError), `part ${i}`).toEqual([]);
      const names = leadingNames(content).names;
      for (const [name, list] of names) expect(defined.get(name)).toBe(list);
      if (names.size > 0) withNames++;
    }
    expect(withNames).toBeGreaterThan(0);
  });

  it('takes the ceiling from GDOC_MAX_EXPORT_TOKENS when it is a positive number', () => {
    expect(maxExportTokensFrom({})).toBe(DEFAULT_MAX_EXPORT_TOKENS);
    expect(maxExportTokensFrom({ GDOC_MAX_EXPORT_TOKENS: '500' })).toBe(500);
    for (const bad of ['', '0', '-3', 'lots']) {
      expect(maxExportTokensFrom({ GDOC_MAX_EXPORT_TOKENS: bad }), bad).toBe(DEFAULT_MAX_EXPORT_TOKENS);
    }
  });
});

describe('exportSectionService', () => {
  it('exports a section from its heading line to the next heading of its level', async () => {
    const res = await exportSectionService(
      backend,
      { document_id: 'single', anchor_id: 'h.jqd82dlsezdm' },
      { anchors: 'all' },
    );
    expect(res.anchor_id).toBe('h.jqd82dlsezdm');
    expect(res.content.trimStart()).toMatch(/^(\{![^}]*\}\n)*## \{\^ h\.jqd82dlsezdm\}/);
    // Its subsections are in; the next Heading 2 is not.
    expect(res.content).toContain('{^ h.oooyvrk89ze3}');
    expect(res.content).toContain('{^ h.cjf1qee53u2l}');
    expect(res.content).not.toContain('{^ h.wg9h5ny9roqh}');
    expect(decodeBaseToken(res.base).anchorId).toBe('h.jqd82dlsezdm');
    const tab = await exportTabService(backend, { document_id: 'single' }, { anchors: 'all' });
    expect(res.content.length).toBeLessThan(tab.content.length);
  });

  it('exports the preamble for "" and keeps the Title in it', async () => {
    const res = await exportSectionService(
      backend,
      { document_id: 'single', anchor_id: '' },
      { anchors: 'all' },
    );
    expect(res.anchor_id).toBe('');
    expect(res.content).toContain('{^ h.7fitws4wjggb}');
    expect(res.content).not.toContain('{^ h.uepmse3xxx0s}');
  });

  it('rejects an unknown anchor, listing the valid ones', async () => {
    const err = await exportSectionService(backend, { document_id: 'single', anchor_id: 'h.missing' }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(AnchorNotFoundError);
    expect(err.suggestion).toContain('h.jqd82dlsezdm');
  });
});

describe('hierarchyService', () => {
  it('lists the section headings and the outline', async () => {
    const res = await hierarchyService(backend, { document_id: 'single' });
    expect(res.tab_id).toBe('t.0');
    expect(res.headings[0]).toEqual({
      anchor_id: 'h.uepmse3xxx0s',
      level: 1,
      text: 'Project Overview: Markdown Tool Testing (Heading 1)',
    });
    expect(res.headings.map((h) => h.anchor_id)).not.toContain('h.7fitws4wjggb'); // the Title
    const lines = res.markdown.trimEnd().split('\n');
    expect(lines).toHaveLength(res.headings.length);
    res.headings.forEach((h, i) => {
      expect(lines[i]!.startsWith(`${'#'.repeat(h.level)} {^ ${h.anchor_id}}`), lines[i]).toBe(true);
    });
    // The outline is valid MEBDF: the heading lines, with their anchors and plain text.
    const parsed = parseMebdf(res.markdown);
    expect(
      parsed.blocks.map((b) => (b.type === 'paragraph' ? [b.style.namedStyle, b.inlines] : null)),
    ).toEqual(
      res.headings.map((h) => [
        `HEADING_${h.level}`,
        [
          { type: 'anchor', id: h.anchor_id },
          { type: 'text', text: h.text, style: {} },
        ],
      ]),
    );
  });
});

describe('base token', () => {
  it('round-trips and fingerprints the content', () => {
    const origin = { documentId: 'doc1', revisionId: 'ALm37abc', tabId: 't.0', anchorId: '' };
    const token = baseTokenFor(origin, 'hello');
    expect(decodeBaseToken(token)).toEqual({
      documentId: 'doc1',
      revisionId: 'ALm37abc',
      tabId: 't.0',
      anchorId: '',
      fingerprint: contentFingerprint('hello'),
    });
    expect(contentFingerprint('hello')).not.toBe(contentFingerprint('hello!'));
    // The SHA-256 of the UTF-8 text, in base64url, whichever way this Node computes it.
    const text = 'naïve 東京 🚀';
    expect(contentFingerprint(text)).toBe(createHash('sha256').update(text, 'utf8').digest('base64url'));
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBaseToken(baseTokenFor(origin, 'hello', { from: 2, to: 5 })).part).toEqual({
      from: 2,
      to: 5,
    });
  });

  it('rejects anything an export did not produce', () => {
    const good = encodeBaseToken({
      revisionId: 'r',
      tabId: 't.0',
      anchorId: null,
      fingerprint: contentFingerprint('x'),
    });
    const bad = [
      '',
      'not a token!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify({ v: 2, r: 'r', t: 't', a: null, f: contentFingerprint('x') })).toString(
        'base64url',
      ),
      Buffer.from(JSON.stringify({ v: 1, r: 'r', t: 't', a: 3, f: contentFingerprint('x') })).toString(
        'base64url',
      ),
      Buffer.from(JSON.stringify({ v: 1, r: 'r', t: 't', a: null, f: 'short' })).toString('base64url'),
      good.slice(0, -4),
    ];
    for (const token of bad) expect(() => decodeBaseToken(token), token).toThrow(ValidationError);
    expect(decodeBaseToken(good).revisionId).toBe('r');
  });
});

describe('public API of src/docs/export', () => {
  it('exposes the functions the team codes against', () => {
    for (const name of [
      'resolveTab',
      'exportTab',
      'exportSection',
      'getHierarchy',
      'listTabs',
      'estimateTokens',
    ]) {
      expect(typeof (exportApi as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('gives a section the sources and Docs range of its blocks', () => {
    const tab = exportApi.exportTab(single);
    const section = exportApi.exportSection(single, '', 'h.icaqa2kyyp4g');
    expect(section.sources).toEqual(tab.sources.slice(section.firstBlock, section.endBlock));
    expect(section.startIndex).toBe(tab.sources[section.firstBlock]!.startIndex);
    expect(section.endIndex).toBe(tab.sources[section.endBlock - 1]!.endIndex);
    expect(section.model.blocks).toHaveLength(section.endBlock - section.firstBlock);
  });

  it('never mutates the document', () => {
    const before = JSON.stringify(single);
    exportApi.exportTab(single);
    exportApi.exportSection(single, undefined, '');
    exportApi.getHierarchy(single);
    expect(JSON.stringify(single)).toBe(before);
  });
});

describe('warnings', () => {
  it('merge many of one kind into one that lists a few places', () => {
    const doc = loadReal('think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI');
    const { warnings } = exportApi.exportTab(doc);
    const restarts = warnings.filter((w) => w.startsWith('Numbered list kix.list.29'));
    expect(restarts).toHaveLength(1);
    expect(restarts[0]).toMatch(/\(\d+ places: at "Name, Address and Party"; .*; and \d+ more\)\.$/);
    expect(new Set(warnings).size).toBe(warnings.length);
  });

  it('keep only the section’s own in a section export', () => {
    const doc = loadReal('markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab');
    const tab = exportApi.exportTab(doc);
    expect(tab.warnings.some((w) => /Suggested changes/.test(w))).toBe(true);
    const preamble = exportApi.exportSection(doc, undefined, '');
    expect(preamble.warnings.some((w) => /Suggested changes/.test(w))).toBe(false);
  });
});

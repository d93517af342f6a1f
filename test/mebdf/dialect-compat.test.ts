/**
 * The MEBDF dialect models already write: every alternative spelling the grammar lists (§3,
 * "Other spellings") lints clean or with its stated warning, means what MEBDF's first definition
 * says, is rewritten to the canonical form by `gdoc fmt`, and imports into a new and an existing
 * document so that a re-export reads back exactly that canonical form. Then what the first
 * definition meant beyond spellings: embeds matched by id (any kind word, or none), the space after
 * a heading's anchor, a line holding only an embed, sentences joined by a newline (a lint warning),
 * and an import of nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newDocumentTab } from '../../src/docs/engine/document.js';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { exportSectionService } from '../../src/docs/service/export.js';
import { importSectionService, importTabService } from '../../src/docs/service/import.js';
import type { Document } from '../../src/ground/docs-json.js';
import { formatMebdf, isLintError, lintMebdf, parseMebdf } from '../../src/mebdf/index.js';
import type { TextStyle } from '../../src/mebdf/model.js';
import { MemoryBackend } from '../import/memory-backend.js';

interface Case {
  /** What the writer typed. */
  written: string;
  /** The same content in canonical form. */
  canonical: string;
  /** A warning lint must give (a substring of its message); none when absent. */
  warning?: string;
  /** The text style of the first run with text, when the case is about a run. */
  style?: TextStyle;
}

const CASES: Record<string, Case> = {
  'a size without a unit is points': {
    written: '{!size:18}Big{/!} text',
    canonical: '{!size:18pt}Big{/!} text',
    style: { size: 18 },
  },
  'a length without a unit is points': {
    written: '{!indent-left:36}\nIndented',
    canonical: '{!indent-left:36pt}\nIndented',
  },
  'weight semibold': {
    written: '{!weight:semibold}Semi{/!} text',
    canonical: '{!weight:Semi Bold}Semi{/!} text',
    style: { weight: 600 },
  },
  'weight semi-bold': {
    written: '{!weight:semi-bold}Semi{/!} text',
    canonical: '{!weight:Semi Bold}Semi{/!} text',
    style: { weight: 600 },
  },
  'weight extralight': {
    written: '{!weight:extralight}Thin-ish{/!} text',
    canonical: '{!weight:Extra Light}Thin-ish{/!} text',
    style: { weight: 200 },
  },
  'weight extra-bold': {
    written: '{!weight:extra-bold}Heavy-ish{/!} text',
    canonical: '{!weight:Extra Bold}Heavy-ish{/!} text',
    style: { weight: 800 },
  },
  'weight heavy': {
    written: '{!weight:heavy}Heavy{/!} text',
    canonical: '{!weight:Black}Heavy{/!} text',
    style: { weight: 900 },
  },
  'align end': { written: '{!align:end}\nRight', canonical: '{!align:right}\nRight' },
  'align justified': { written: '{!align:justified}\nBoth', canonical: '{!align:justify}\nBoth' },
  'align centre': { written: '{!align:centre}\nMiddle', canonical: '{!align:center}\nMiddle' },
  'green is #00ff00': {
    written: '{!color:green}Green{/!} text',
    canonical: '{!color:#00ff00}Green{/!} text',
    style: { color: '#00ff00' },
  },
  'a font in any case takes its Docs spelling': {
    written: '{!font:roboto mono}Code-ish{/!} text',
    canonical: '{!font:Roboto Mono}Code-ish{/!} text',
    style: { font: 'Roboto Mono' },
  },
  'a font in CSS quotes is that family': {
    written: '{!font:"Times New Roman", size:12}Serif{/!} and {!font:\'open sans\'}sans{/!}',
    canonical: '{!font:Times New Roman, size:12pt}Serif{/!} and {!font:Open Sans}sans{/!}',
    style: { font: 'Times New Roman', size: 12 },
  },
  'an unknown font is kept as typed, with a warning': {
    written: '{!font:Fancy Script Pro}Fancy{/!} text',
    canonical: '{!font:Fancy Script Pro}Fancy{/!} text',
    warning: 'is not a font gdoc knows',
    style: { font: 'Fancy Script Pro' },
  },
  'highlight:false removes the highlight inside a highlighted span': {
    written: '{!highlight:yellow}Marked {!highlight:false}plain{/!} marked{/!}',
    canonical: formatMebdf('{!highlight:#ffff00}Marked {/!}plain{!highlight:#ffff00} marked{/!}'),
    style: { highlight: '#ffff00' },
  },
  'color:false in a block directive ends the colour of the following paragraphs': {
    written: '{!color:red}\nRed\n\n{!color:false}\nPlain',
    canonical: formatMebdf('{!color:#ff0000}Red{/!}\n\nPlain'),
  },
  'align:false in a block directive ends the alignment of the following paragraphs': {
    written: '{!align:center}\nCentred\n\n{!align:false}\nPlain',
    canonical: formatMebdf('{!align:center}\nCentred\n\n{!Normal text}\nPlain'),
  },
  'a paragraph property in a span applies to its paragraph': {
    written: '{!align:center}Centred{/!}',
    canonical: '{!align:center}\nCentred',
  },
  'line spacing in a span': {
    written: '{!line-spacing:1.5}Spaced out{/!}',
    canonical: '{!line-spacing:1.5}\nSpaced out',
  },
  'spacing before and after in a span': {
    written: '{!space-before:12pt, space-after:6pt}Airy{/!}',
    canonical: '{!space-before:12pt, space-after:6pt}\nAiry',
  },
  'indent in a span, in inches': {
    written: '{!indent-left:0.5in}Indented{/!}',
    canonical: '{!indent-left:36pt}\nIndented',
  },
  'text and paragraph properties in one span': {
    written: 'Before {!color:#0000FF, size:16pt, align:center}styled{/!}',
    canonical: '{!align:center}\nBefore {!color:#0000ff, size:16pt}styled{/!}',
  },
};

const FIXTURE = 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json';
const SECTION = 'h.ryalwp7mpmhm';

function existingDocument(): MemoryBackend {
  const text = readFileSync(new URL(`../fixtures/real/${FIXTURE}`, import.meta.url), 'utf8');
  return new MemoryBackend(JSON.parse(text) as Document);
}

function newDocument(): MemoryBackend {
  const tab = newDocumentTab();
  return new MemoryBackend({
    title: 'New',
    tabs: [{ tabProperties: { tabId: 't.0', index: 0 }, documentTab: tab }],
  });
}

function firstStyledRun(text: string): TextStyle | undefined {
  for (const block of parseMebdf(text).blocks) {
    if (block.type !== 'paragraph') continue;
    for (const inline of block.inlines) if (inline.type === 'text') return inline.style;
  }
  return undefined;
}

describe('alternative MEBDF spellings', () => {
  for (const [name, c] of Object.entries(CASES)) {
    describe(name, () => {
      it('lints clean, or with its stated warning only', () => {
        const diagnostics = lintMebdf(c.written);
        expect(diagnostics.filter(isLintError)).toEqual([]);
        const warnings = diagnostics.map((d) => d.message);
        if (c.warning === undefined) expect(warnings).toEqual([]);
        else expect(warnings).toEqual([expect.stringContaining(c.warning)]);
      });

      it('means the same as its canonical form, which gdoc fmt writes', () => {
        expect(parseMebdf(c.written)).toEqual(parseMebdf(c.canonical));
        expect(formatMebdf(c.written)).toBe(formatMebdf(c.canonical));
        if (c.style) expect(firstStyledRun(c.written)).toEqual(c.style);
      });

      it('imports into a new document and re-exports in canonical form', async () => {
        const backend = newDocument();
        await importTabService(backend, { document_id: 'doc' }, `${c.written}\n`);
        expect(exportTab(backend.doc).content).toBe(formatMebdf(c.written));
      });

      it('imports into an existing section and re-exports in canonical form', async () => {
        const backend = existingDocument();
        const current = exportSection(backend.doc, undefined, SECTION).content;
        const edited = `${current}\n${c.written}\n`;
        await importSectionService(backend, { document_id: 'doc', anchor_id: SECTION }, edited);
        expect(exportSection(backend.doc, undefined, SECTION).content).toBe(formatMebdf(edited));
      });
    });
  }
});

describe('lint suggestions read as an instruction or as "did you mean" a real spelling, never both', () => {
  const suggestionOf = (text: string) => lintMebdf(text)[0]?.suggestion;

  it('a bad value gets an instruction', () => {
    expect(suggestionOf('{!color:blurple}x{/!}')).toBe(
      'Write `#rrggbb`, `#rgb` or a colour name such as `red`.',
    );
    expect(suggestionOf('{!size:big}x{/!}')).toMatch(/^Write a number of points/);
  });

  it('a near miss gets "did you mean" with a valid spelling', () => {
    expect(suggestionOf('{!colr:red}x{/!}')).toBe('did you mean `color`?');
    expect(suggestionOf('{!align:rigth}\nx')).toBe('did you mean `right`?');
  });

  it('an unknown name with nothing close gets an instruction, not silence', () => {
    expect(suggestionOf('{!zzzzzzzzzzzz:1}x{/!}')).toMatch(/^A span takes text properties/);
    expect(suggestionOf('{!zzzzzzzzzzzz}\nx')).toMatch(/^A block directive takes/);
  });

  it('no suggestion wraps an instruction in "did you mean"', () => {
    for (const text of ['{!color:blurple}x{/!}', '{!weight:fat}x{/!}', '{!line-spacing:lots}\nx']) {
      expect(suggestionOf(text)).not.toMatch(/did you mean `[A-Z][a-z]+ /);
    }
  });
});

describe('explicit values equal to what the paragraph inherits are a no-op, never a failure', () => {
  const explicit: Array<[string, string]> = [
    ['{!font:Arial}Plain{/!} text', 'Plain text'],
    ['{!size:11pt}Plain{/!} text', 'Plain text'],
    ['{!color:#000000}Plain{/!} text', 'Plain text'],
    ['{!weight:Normal}Plain{/!} text', 'Plain text'],
    ['{!bold:false, italic:false}Plain{/!} text', 'Plain text'],
    ['{!font:Arial, size:11pt, color:black}Plain{/!} {!color:red}red{/!}', 'Plain {!color:#ff0000}red{/!}'],
    ['{!align:left}\nLeft aligned', 'Left aligned'],
    ['[{!underline}a link{/!}](https://example.com)', '[a link](https://example.com)'],
  ];
  for (const [written, meant] of explicit) {
    it(`${JSON.stringify(written)} imports into a new document as ${JSON.stringify(meant)}`, async () => {
      const backend = newDocument();
      const result = await importTabService(backend, { document_id: 'doc' }, `${written}\n`);
      expect(exportTab(backend.doc).content).toBe(formatMebdf(meant));
      const styleUpdates = backend.writes
        .flatMap((w) => w.requests ?? [])
        .filter((r) => 'updateTextStyle' in r);
      // Nothing to style but what the text means (a link is set through updateTextStyle too).
      if (!meant.includes('{!') && !meant.includes('](')) expect(styleUpdates).toEqual([]);
      expect(result.success).toBe(true);
    });

    it(`${JSON.stringify(written)} imports into an existing section as ${JSON.stringify(meant)}`, async () => {
      const backend = existingDocument();
      const current = exportSection(backend.doc, undefined, SECTION).content;
      await importSectionService(
        backend,
        { document_id: 'doc', anchor_id: SECTION },
        `${current}\n${written}\n`,
      );
      expect(exportSection(backend.doc, undefined, SECTION).content).toBe(
        formatMebdf(`${current}\n${meant}\n`),
      );
    });
  }

  it('an unchanged section with explicit defaults added to an untouched paragraph sends nothing', async () => {
    const backend = existingDocument();
    const current = exportSection(backend.doc, undefined, SECTION).content;
    const lines = current.split('\n');
    const last = lines.findLastIndex((line) => /^[A-Za-z]/.test(line));
    lines[last] = `{!font:Arial, size:11pt}${lines[last]}{/!}`;
    const result = await importSectionService(
      backend,
      { document_id: 'doc', anchor_id: SECTION },
      lines.join('\n'),
    );
    expect(result.requests).toEqual([]);
    expect(backend.writes).toEqual([]);
  });
});

function fixture(name: string): MemoryBackend {
  const text = readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8');
  return new MemoryBackend(JSON.parse(text) as Document);
}

/** A tab holding one image, `kix.4dmdp8b4zkkv`, after an empty paragraph. */
const ONE_IMAGE = 'cedricdelpoux__gatsby-source-google-docs__images.json';
const IMAGE = 'kix.4dmdp8b4zkkv';
/** A document whose section "Code Chunks" holds two images, each in a paragraph of its own. */
const TWO_IMAGES = 'stencila__encoda__test-fixture-2.json';
const CHUNKS = 'h.gk1z57d113ai';
const CHUNK_IMAGES = ['kix.hwmkassz48tj', 'kix.4ryvs4row2da'];

describe('an embed is matched by its id; its kind word is informative', () => {
  it('lints clean and keeps the kind as written, whatever the word, `embed` included', () => {
    for (const kind of ['drawing', 'video', 'embed']) {
      const written = `{^= ${IMAGE} ${kind}}`;
      expect(lintMebdf(written)).toEqual([]);
      expect(formatMebdf(written)).toBe(`${written}\n`);
      expect(parseMebdf(written).blocks[0]).toMatchObject({ inlines: [{ type: 'embed', id: IMAGE, kind }] });
    }
  });

  it('an image written as a drawing imports into a tab with a warning, and re-exports as the image', async () => {
    const backend = fixture(ONE_IMAGE);
    const current = exportTab(backend.doc).content;
    const result = await importTabService(
      backend,
      { document_id: 'doc' },
      current.replace(`${IMAGE} image`, `${IMAGE} drawing`),
    );
    expect(result.warnings).toEqual([expect.stringContaining(`{^= ${IMAGE} drawing} names an image`)]);
    expect(result.requests).toEqual([]);
    expect(exportTab(backend.doc).content).toBe(current);
  });

  it('the catch-all kind `embed` imports without a warning', async () => {
    const backend = fixture(ONE_IMAGE);
    const current = exportTab(backend.doc).content;
    const edited = `${current.replace(`${IMAGE} image`, `${IMAGE} embed`)}\nAfter the image.\n`;
    const result = await importTabService(backend, { document_id: 'doc' }, edited);
    expect(result.warnings).toEqual([]);
    expect(exportTab(backend.doc).content).toBe(formatMebdf(`${current}\nAfter the image.\n`));
  });

  it('an image written as a video imports into an existing section with a warning, edits and all', async () => {
    const backend = fixture(TWO_IMAGES);
    const current = exportSection(backend.doc, undefined, CHUNKS).content;
    const [first] = CHUNK_IMAGES;
    const edited = `${current.replace(`${first} image`, `${first} video`)}\nOne more line.\n`;
    const result = await importSectionService(backend, { document_id: 'doc', anchor_id: CHUNKS }, edited);
    expect(result.warnings).toEqual([expect.stringContaining(`{^= ${first} video} names an image`)]);
    expect(exportSection(backend.doc, undefined, CHUNKS).content).toBe(
      formatMebdf(`${current}\nOne more line.\n`),
    );
  });
});

describe('`{^= kind}` without an id keeps the object of that kind at that place', () => {
  it('lints clean, reads as an embed with an empty id, and formats as itself', () => {
    for (const written of ['{^= equation}', '{^= image "a caption"}', 'Text {^= embed} text']) {
      expect(lintMebdf(written)).toEqual([]);
      expect(formatMebdf(written)).toBe(`${written}\n`);
    }
    expect(parseMebdf('{^= equation}').blocks[0]).toMatchObject({
      inlines: [{ type: 'embed', id: '', kind: 'equation' }],
    });
  });

  it('a word that is not a kind is still an error', () => {
    expect(lintMebdf('{^= kix.abc}').filter(isLintError)).toHaveLength(1);
  });

  it('imports into a tab holding one object of the kind and re-exports with its id', async () => {
    for (const kind of ['image', 'embed']) {
      const backend = fixture(ONE_IMAGE);
      const current = exportTab(backend.doc).content;
      const result = await importTabService(
        backend,
        { document_id: 'doc' },
        current.replace(`{^= ${IMAGE} image}`, `{^= ${kind}}`),
      );
      expect(result.requests).toEqual([]);
      expect(result.preserved_objects).toEqual([IMAGE]);
      expect(exportTab(backend.doc).content).toBe(current);
    }
  });

  it('imports into an existing section, pairing placeholders with objects in order', async () => {
    const backend = fixture(TWO_IMAGES);
    const current = exportSection(backend.doc, undefined, CHUNKS).content;
    const withoutIds = current.replace(/\{\^= kix\.[a-z0-9]+ image/g, '{^= image');
    expect(withoutIds).not.toContain('kix.');
    const edited = `${withoutIds}\nOne more line.\n`;
    const result = await importSectionService(backend, { document_id: 'doc', anchor_id: CHUNKS }, edited);
    expect([...result.preserved_objects].sort()).toEqual([...CHUNK_IMAGES].sort());
    expect(exportSection(backend.doc, undefined, CHUNKS).content).toBe(
      formatMebdf(`${current}\nOne more line.\n`),
    );
  });

  it('takes the one object of the kind that no other placeholder names', async () => {
    const backend = fixture(TWO_IMAGES);
    const current = exportSection(backend.doc, undefined, CHUNKS).content;
    const edited = current.replace(`{^= ${CHUNK_IMAGES[0]} image`, '{^= image');
    const result = await importSectionService(backend, { document_id: 'doc', anchor_id: CHUNKS }, edited);
    expect(result.requests).toEqual([]);
    expect(exportSection(backend.doc, undefined, CHUNKS).content).toBe(current);
  });

  it('is refused, naming the ids that could be meant, when more than one could be', async () => {
    const backend = fixture(TWO_IMAGES);
    const current = exportSection(backend.doc, undefined, CHUNKS).content;
    // One id-less image where two images are unnamed: which one stays is not clear.
    const edited = current
      .replace(`{^= ${CHUNK_IMAGES[0]} image`, '{^= image')
      .replace(/\{\^= kix\.4ryvs4row2da[^\n]*\n/, '');
    const attempt = importSectionService(backend, { document_id: 'doc', anchor_id: CHUNKS }, edited, {
      allow_deletions: true,
    });
    await expect(attempt).rejects.toMatchObject({ type: 'ValidationError' });
    await expect(attempt).rejects.toThrow(CHUNK_IMAGES.join(', '));
    expect(backend.writes).toEqual([]);
  });

  it('is refused when no object of the kind is left for it (an import cannot create one)', async () => {
    const backend = fixture(ONE_IMAGE);
    const current = exportTab(backend.doc).content;
    const attempt = importTabService(backend, { document_id: 'doc' }, `${current}\n{^= equation}\n`);
    await expect(attempt).rejects.toThrow(/\{\^= equation\} has no id, and no equation/);
  });
});

describe('the space after a heading anchor is a separator, not text', () => {
  it('lints clean, means the heading text without it, and formats without it', () => {
    const written = '## {^ h.abc} Heading';
    expect(lintMebdf(written)).toEqual([]);
    expect(parseMebdf(written)).toEqual(parseMebdf('## {^ h.abc}Heading'));
    expect(formatMebdf(written)).toBe('## {^ h.abc}Heading\n');
    expect(parseMebdf('## {^} New').blocks[0]).toMatchObject({ inlines: [{ id: null }, { text: 'New' }] });
  });

  it('a real leading space of heading text is written so that it reads back', () => {
    const text = formatMebdf('## {^ h.abc}&#x20;Heading');
    expect(text).toBe('## {^ h.abc}&#x20;Heading\n');
    expect(parseMebdf(text).blocks[0]).toMatchObject({ inlines: [{ id: 'h.abc' }, { text: ' Heading' }] });
    // Only the first space is the separator.
    expect(parseMebdf('## {^ h.abc}  Heading').blocks[0]).toMatchObject({
      inlines: [{ id: 'h.abc' }, { text: ' Heading' }],
    });
  });

  it('imports into an existing section as the heading it was (nothing to send)', async () => {
    const backend = existingDocument();
    // Every anchor shown: this heading is linked from nowhere, so the concise export leaves it out.
    const current = exportSection(backend.doc, undefined, SECTION, { anchors: 'all' }).content;
    const edited = current.replace(`{^ ${SECTION}}`, `{^ ${SECTION}} `);
    expect(edited).not.toBe(current);
    const result = await importSectionService(backend, { document_id: 'doc', anchor_id: SECTION }, edited);
    expect(result.requests).toEqual([]);
    expect(exportSection(backend.doc, undefined, SECTION, { anchors: 'all' }).content).toBe(current);
  });

  it('imports into a new document and re-exports without the space', async () => {
    const backend = newDocument();
    await importTabService(backend, { document_id: 'doc' }, '## Heading\n\nBody\n');
    const exported = exportTab(backend.doc, undefined, { anchors: 'all' }).content;
    expect(exported).toMatch(/^## \{\^ [^}]+\}Heading\n\nBody\n$/);
    const again = await importTabService(
      backend,
      { document_id: 'doc' },
      exported.replace('}Heading', '} Heading'),
    );
    expect(again.requests).toEqual([]);
  });
});

describe('a line holding only an embed is a paragraph of its own', () => {
  it('lints clean, reads as two paragraphs, and formats with a blank line between', () => {
    const written = '{^= a image}\n{^= b image}';
    expect(lintMebdf(written)).toEqual([]);
    expect(parseMebdf(written)).toEqual(parseMebdf('{^= a image}\n\n{^= b image}'));
    expect(formatMebdf(written)).toBe('{^= a image}\n\n{^= b image}\n');
    // The lines around it stay joined as CommonMark joins them.
    expect(formatMebdf('Text before\nstill before\n{^= a image}\nafter')).toBe(
      'Text before still before\n\n{^= a image}\n\nafter\n',
    );
  });

  it('an embed with text on its line, or on a line after a hard break, stays in its paragraph', () => {
    expect(parseMebdf('See {^= a image}\nhere').blocks).toHaveLength(1);
    expect(parseMebdf('Before\\\n{^= a image}').blocks).toHaveLength(1);
    // In a list item a line of its own would become an item of its own: CommonMark's reading stays.
    expect(parseMebdf('- item\n  {^= a image}').blocks).toHaveLength(1);
  });

  it('imports into a tab as paragraphs of their own, and re-exports so', async () => {
    const backend = fixture(ONE_IMAGE);
    const written = `Before the image.\n{^= ${IMAGE} image}\nAfter the image.\n`;
    await importTabService(backend, { document_id: 'doc' }, written);
    expect(exportTab(backend.doc).content).toBe(
      `Before the image.\n\n{^= ${IMAGE} image}\n\nAfter the image.\n`,
    );
  });

  it('imports a text line and an embed line into an existing section as two paragraphs', async () => {
    const backend = fixture(TWO_IMAGES);
    const current = exportSection(backend.doc, undefined, CHUNKS).content;
    const second = `{^= ${CHUNK_IMAGES[1]} image`;
    // The embed starts a line of its own (a directive line may stand before it).
    expect(current).toContain(`\n${second}`);
    const edited = current.replace(`\n${second}`, `\nIts output:\n${second}`);
    await importSectionService(backend, { document_id: 'doc', anchor_id: CHUNKS }, edited);
    expect(exportSection(backend.doc, undefined, CHUNKS).content).toBe(
      formatMebdf(current.replace(`\n${second}`, `\nIts output:\n\n${second}`)),
    );
  });
});

describe('lint points out complete sentences joined by a single newline', () => {
  it('warns, with a fix, on the second of two lines that are each a complete sentence', () => {
    const [warning, ...rest] = lintMebdf('First sentence here.\nSecond sentence here.');
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({
      line: 2,
      column: 1,
      severity: 'warning',
      text: 'Second sentence here.',
      suggestion: expect.stringContaining('blank line'),
    });
    // It stays one paragraph, as CommonMark says.
    expect(formatMebdf('First sentence here.\nSecond sentence here.')).toBe(
      'First sentence here. Second sentence here.\n',
    );
  });

  it('says nothing about wrapped text, hard breaks, separate paragraphs or list items', () => {
    for (const text of [
      'A sentence that is\nwrapped over two lines.',
      'First line.\\\nSecond line.',
      'First paragraph.\n\nSecond paragraph.',
      '- First item.\n  Its second sentence.',
    ]) {
      expect(lintMebdf(text)).toEqual([]);
    }
  });
});

describe('an import of nothing removes what Docs lets go, never a refusal', () => {
  const nothing = ['', '\n', '{!Normal text}\n', '{!align:center}\n'];
  /** The last section of the existing document, running to the end of the body. */
  const LAST = 'h.2m649omvt5gk';

  it('an empty text, or one holding only a block directive, lints clean and has no block', () => {
    for (const text of nothing) {
      expect(lintMebdf(text)).toEqual([]);
      expect(parseMebdf(text).blocks).toEqual([]);
    }
  });

  for (const text of nothing) {
    it(`${JSON.stringify(text)} into a new document leaves its one paragraph, and says so`, async () => {
      const backend = newDocument();
      const result = await importTabService(backend, { document_id: 'doc' }, text);
      expect(result.warnings).toEqual([expect.stringContaining('one empty paragraph')]);
      expect(exportTab(backend.doc).content).toBe(formatMebdf('{!empty}'));
    });
  }

  it('into an existing tab leaves one empty paragraph, and says so', async () => {
    const backend = existingDocument();
    const result = await importTabService(backend, { document_id: 'doc' }, '{!Normal text}\n');
    expect(result.warnings).toEqual([expect.stringContaining('one empty paragraph')]);
    expect(exportTab(backend.doc).content).toBe(formatMebdf('{!empty}'));
  });

  for (const anchor of [SECTION, LAST]) {
    it(`into the section ${anchor} removes it, heading included, and says so`, async () => {
      const backend = existingDocument();
      const before = exportTab(backend.doc).content;
      const section = exportSection(backend.doc, undefined, anchor).content;
      expect(before).toContain(section);
      const result = await importSectionService(backend, { document_id: 'doc', anchor_id: anchor }, '');
      expect(result.warnings).toEqual([expect.stringContaining(`{^ ${anchor}} was removed`)]);
      expect(exportTab(backend.doc).content).toBe(formatMebdf(before.replace(section, '')));
      expect(() => exportSection(backend.doc, undefined, anchor)).toThrow();
    });
  }

  it('with the base of an export, is refused when the section changed since, and goes ahead when another did', async () => {
    const backend = existingDocument();
    const target = { document_id: 'doc', anchor_id: SECTION };
    const exported = await exportSectionService(backend, target);
    const other = exportSection(backend.doc, undefined, LAST).content;
    await importSectionService(backend, { document_id: 'doc', anchor_id: LAST }, `${other}\nElsewhere.\n`);
    await importSectionService(backend, target, '', { base: exported.base });
    expect(exportTab(backend.doc).content).toContain('Elsewhere.');
    expect(exportTab(backend.doc).content).not.toContain(`{^ ${SECTION}}`);

    const again = existingDocument();
    const before = await exportSectionService(again, target);
    await importSectionService(again, target, `${before.content}\nChanged by someone.\n`);
    const writes = again.writes.length;
    const attempt = importSectionService(again, target, '', { base: before.base });
    await expect(attempt).rejects.toMatchObject({ type: 'RevisionConflictError' });
    expect(again.writes.length).toBe(writes);
  });

  it('a text keeping only the heading line removes the body and keeps the heading', async () => {
    const backend = existingDocument();
    const section = exportSection(backend.doc, undefined, LAST).content;
    const heading = `${section.split('\n')[0]}\n`;
    await importSectionService(
      backend,
      { document_id: 'doc', anchor_id: LAST },
      `${heading}{!Normal text}\n`,
    );
    expect(exportSection(backend.doc, undefined, LAST).content).toBe(heading);
  });
});

/**
 * The everyday loops a user (through the `gdoc` CLI) or a model (through the MCP tools) runs on one
 * document, several steps long, each checked against the whole tab afterwards: rounds of export →
 * edit → import on a section and on the whole tab (with `-o FILE`, with `> FILE`, through stdin),
 * an old file imported again after newer rounds, a colleague's edit between export and import,
 * section and tab reads mixed, a renamed section, a dry run before the write, a file imported twice.
 *
 * What each expects: what the edits did not touch stays as it was; nothing written since a file
 * was read is reverted by importing it (merged when the edits touch other paragraphs, refused with
 * nothing written when the same one); no refusal where the edits do not overlap; no "Merged"
 * warning where nothing was merged.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { sectionOfTab } from '../../src/docs/service/section-of-tab.js';
import { splitBlocks } from '../../src/docs/service/text-blocks.js';
import { runGdoc } from '../cli/run-gdoc.js';
import { connectLocal, errorOf, type Harness, makeStore } from '../server/harness.js';

const FORMATTING = 'h.ryalwp7mpmhm';
const LINKS = 'h.vfzix7fdzbxd';

let dir: string;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The whole tab as the store holds it, read without going through (or recording in) any base store. */
async function tab(): Promise<string> {
  return exportTab(await new LocalBackend({ dir }).get('golden')).content;
}

/** The tab text with each [from, to] replaced once (each `from` must be there). */
function edited(text: string, ...edits: Array<[string, string]>): string {
  let out = text;
  for (const [from, to] of edits) {
    expect(out, `expected text to hold ${JSON.stringify(from)}`).toContain(from);
    out = out.replace(from, to);
  }
  return out;
}

function editFile(file: string, ...edits: Array<[string, string]>): void {
  writeFileSync(file, edited(readFileSync(file, 'utf8'), ...edits));
}

/** A colleague's edit, made straight in the store (no gdoc process sees it). */
async function colleagueReplaces(from: string, to: string): Promise<void> {
  await new LocalBackend({ dir }).batchUpdate('golden', {
    requests: [{ replaceAllText: { containsText: { text: from, matchCase: true }, replaceText: to } }],
  });
}

/** The first paragraph saying `text`, as the store holds it. */
async function paragraphWith(text: string): Promise<{ startIndex: number; endIndex: number }> {
  const doc = await new LocalBackend({ dir }).get('golden');
  const body = doc.tabs?.[0]?.documentTab?.body?.content ?? [];
  for (const element of body) {
    const said = element.paragraph?.elements?.map((e) => e.textRun?.content ?? '').join('') ?? '';
    if (said.includes(text)) return { startIndex: element.startIndex!, endIndex: element.endIndex! };
  }
  throw new Error(`no paragraph says ${text}`);
}

async function colleagueDeletes(text: string): Promise<void> {
  const range = { ...(await paragraphWith(text)), tabId: 't.0' };
  await new LocalBackend({ dir }).batchUpdate('golden', { requests: [{ deleteContentRange: { range } }] });
}

async function colleagueAddsAfter(text: string, paragraph: string): Promise<void> {
  const location = { index: (await paragraphWith(text)).endIndex, tabId: 't.0' };
  await new LocalBackend({ dir }).batchUpdate('golden', {
    requests: [{ insertText: { location, text: `${paragraph}\n` } }],
  });
}

type Way = '-o FILE' | '> FILE';
const WAYS: Way[] = ['-o FILE', '> FILE'];

const target = (section: string | undefined) => (section === undefined ? [] : ['--section', section]);

async function exportTo(file: string, way: Way, section?: string): Promise<void> {
  const args = ['export', 'golden', '--local', dir, ...target(section)];
  const run = await runGdoc(way === '-o FILE' ? [...args, '-o', file] : args);
  expect(run.code, run.stderr).toBe(0);
  if (way === '> FILE') writeFileSync(file, run.stdout);
}

async function importFile(file: string, section?: string, ...extra: string[]) {
  return await runGdoc(['import', 'golden', file, '--local', dir, ...target(section), ...extra]);
}

/** An import that must succeed without saying it merged anything. */
async function importsClean(file: string, section?: string, ...extra: string[]): Promise<string> {
  const run = await importFile(file, section, ...extra);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toContain('Merged');
  return run.stdout;
}

/** An import that must be refused as a conflict, writing nothing. */
async function importRefused(file: string, section?: string, ...extra: string[]): Promise<void> {
  const before = await tab();
  const run = await importFile(file, section, ...extra);
  expect(run.code, run.stdout).not.toBe(0);
  expect(run.stderr).toContain('RevisionConflictError');
  expect(await tab()).toBe(before);
}

describe.each(WAYS)('rounds of export (%s), edit, import', (way) => {
  it('on one section: the same paragraph, its neighbour, a paragraph added, a heading added, one deleted', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    let want = await tab();
    const round = async (...edits: Array<[string, string]>) => {
      await exportTo(file, way, FORMATTING);
      editFile(file, ...edits);
      await importsClean(file, FORMATTING);
      want = edited(want, ...edits);
      expect(await tab()).toBe(want);
    };
    await round(['bold text', 'heavy text']);
    await round(['heavy text', 'weighty text']);
    await round(['*italic text* in it.', '*italic text* in it, too.']);
    await round(['underlined text', 'underscored text']);
    await round(['combined.', 'combined.\n\nA new closing paragraph.']);
    await round(['A new closing paragraph.', '### Notes\n\nA new closing paragraph.']);
    await round(['\n\n### Notes\n\nA new closing paragraph.', '']);
    await round(['weighty text', 'bold text'], ['underscored text', 'underlined text']);
  });

  it('on the whole tab: paragraphs, list items and headings in turn', async () => {
    dir = makeStore();
    const file = join(dir, 't.md');
    let want = await tab();
    const round = async (...edits: Array<[string, string]>) => {
      await exportTo(file, way);
      editFile(file, ...edits);
      await importsClean(file);
      want = edited(want, ...edits);
      expect(await tab()).toBe(want);
    };
    await round(['Second plain paragraph.', 'Second paragraph, edited.']);
    await round(['Second paragraph, edited.', 'Second paragraph, edited twice.']);
    await round(['no formatting.', 'no formatting at all.']);
    await round(['- Second bullet item\n', '- Second bullet item\n- A new bullet item\n']);
    await round(['- A new bullet item\n', '']);
    await round(['Text near the end.', '## Closing\n\nText near the end.']);
    await round(['Content under the second heading.\n\n', '']);
    await round(['Final paragraph of the document.', 'Final paragraph, edited.']);
  });
});

describe.each(WAYS)('one file (%s) edited and imported again and again, never exported again', (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('on %s', async (_name, section) => {
    dir = makeStore();
    const file = join(dir, 'f.md');
    let want = await tab();
    await exportTo(file, way, section);
    const step = async (...edits: Array<[string, string]>) => {
      editFile(file, ...edits);
      await importsClean(file, section);
      want = edited(want, ...edits);
      expect(await tab()).toBe(want);
    };
    await step(['bold text', 'heavy text']);
    await step(['heavy text', 'weighty text']);
    await step(['underlined text', 'underscored text']);
    await step(['combined.', 'combined.\n\nAdded after the last.']);
    await step(['\n\nAdded after the last.', '']);
    await step(['weighty text', 'bold text']);
  });
});

describe.each(WAYS)('an old file (%s) imported again after newer rounds', (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('on %s never reverts the newer rounds', async (_name, section) => {
    dir = makeStore();
    const a = join(dir, 'a.md');
    const b = join(dir, 'b.md');
    const c = join(dir, 'c.md');
    let want = await tab();
    await exportTo(a, way, section);
    editFile(a, ['bold text', 'heavy text']);
    await importsClean(a, section);
    want = edited(want, ['bold text', 'heavy text']);
    await exportTo(b, way, section);
    editFile(b, ['underlined text', 'underscored text']);
    await importsClean(b, section);
    want = edited(want, ['underlined text', 'underscored text']);
    await exportTo(c, way, section);
    editFile(c, ['heavy text', 'weighty text']);
    await importsClean(c, section);
    want = edited(want, ['heavy text', 'weighty text']);
    expect(await tab()).toBe(want);

    // a.md as it was imported: the newer rounds stay, and nothing says it merged an edit.
    const again = await importFile(a, section);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('Merged');
    expect(again.stdout).toContain('No change');
    expect(await tab()).toBe(want);
    // a.md edited on a paragraph no later round touched: merged, the newer rounds stay.
    editFile(a, ['combined.', 'combined, late.']);
    const late = await importFile(a, section);
    expect(late.code, late.stderr).toBe(0);
    expect(late.stderr).toContain('Merged');
    want = edited(want, ['combined.', 'combined, late.']);
    expect(await tab()).toBe(want);
    // a.md edited on the paragraph c.md changed since: refused.
    editFile(a, ['heavy text', 'massive text']);
    await importRefused(a, section);
    expect(await tab()).toBe(want);
  });

  it('after many rounds on the section (more than the store keeps of its reads)', async () => {
    dir = makeStore();
    const old = join(dir, 'old.md');
    const file = join(dir, 's.md');
    await exportTo(old, way, FORMATTING);
    let want = await tab();
    const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];
    let last = 'bold text';
    for (const word of words) {
      await exportTo(file, way, FORMATTING);
      editFile(file, [last, `${word} text`]);
      await importsClean(file, FORMATTING);
      want = edited(want, [last, `${word} text`]);
      last = `${word} text`;
    }
    expect(await tab()).toBe(want);
    // The old file, edited on another paragraph: merged or refused, never "bold text" again.
    editFile(old, ['combined.', 'combined, late.']);
    const run = await importFile(old, FORMATTING);
    const now = await tab();
    if (run.code === 0) expect(now).toBe(edited(want, ['combined.', 'combined, late.']));
    else {
      expect(run.stderr).toContain('RevisionConflictError');
      expect(now).toBe(want);
    }
  });
});

describe.each(WAYS)("a colleague's edit between export (%s) and import", (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('on %s: merged when on another paragraph, refused when on the same', async (_name, section) => {
    dir = makeStore();
    const file = join(dir, 'f.md');
    let want = await tab();
    await exportTo(file, way, section);
    await colleagueReplaces('bold text', 'heavy text');
    want = edited(want, ['bold text', 'heavy text']);
    editFile(file, ['underlined text', 'underscored text']);
    const merged = await importFile(file, section);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toContain('Merged');
    want = edited(want, ['underlined text', 'underscored text']);
    expect(await tab()).toBe(want);
    // The same file again, edited next to the colleague's paragraph: merged again, nothing lost.
    editFile(file, ['combined.', 'combined, again.']);
    const next = await importFile(file, section);
    expect(next.code, next.stderr).toBe(0);
    want = edited(want, ['combined.', 'combined, again.']);
    expect(await tab()).toBe(want);
    // The colleague's paragraph itself (the file still says "bold text"): refused.
    editFile(file, ['*italic text* in it.', '*italic text* in it, sure.']);
    await importRefused(file, section);
    expect(await tab()).toBe(want);
  });

  it('on a section, after a round of my own: the next round keeps the colleague edit', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    let want = await tab();
    await exportTo(file, way, FORMATTING);
    editFile(file, ['bold text', 'heavy text']);
    await importsClean(file, FORMATTING);
    want = edited(want, ['bold text', 'heavy text']);
    await exportTo(file, way, FORMATTING);
    await colleagueReplaces('strikethrough text', 'struck text');
    want = edited(want, ['strikethrough text', 'struck text']);
    editFile(file, ['heavy text', 'weighty text']);
    const run = await importFile(file, FORMATTING);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Merged');
    want = edited(want, ['heavy text', 'weighty text']);
    expect(await tab()).toBe(want);
  });
});

describe.each([
  ['CR LF line ends', (t: string) => t.replace(/\n/g, '\r\n')],
  ['two blank lines between blocks', (t: string) => t.replace(/\n\n/g, '\n\n\n')],
  ['trailing spaces', (t: string) => t.replace(/([^\n])\n/g, '$1  \n')],
  ['a byte order mark and no final newline', (t: string) => `\uFEFF${t.replace(/\n+$/, '')}`],
] as const)('a file an editor saved with %s', (_name, save) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])("on %s: unchanged, no change; edited next to a colleague's edit, merged", async (_n, section) => {
    dir = makeStore();
    const file = join(dir, 'f.md');
    let want = await tab();
    await exportTo(file, '-o FILE', section);
    writeFileSync(file, save(readFileSync(file, 'utf8')));
    expect(await importsClean(file, section)).toContain('No change');
    expect(await tab()).toBe(want);
    await colleagueReplaces('strikethrough text', 'struck text');
    editFile(file, ['bold text', 'heavy text']);
    const run = await importFile(file, section);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Merged');
    want = edited(want, ['strikethrough text', 'struck text'], ['bold text', 'heavy text']);
    expect(await tab()).toBe(want);
  });
});

describe.each(WAYS)('a merged import (%s) imported again', (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('on %s: no change, and no "Merged" for an edit that was not applied again', async (_name, section) => {
    dir = makeStore();
    const file = join(dir, 'f.md');
    let want = await tab();
    await exportTo(file, way, section);
    await colleagueReplaces('strikethrough text', 'struck text');
    editFile(file, ['bold text', 'heavy text']);
    const first = await importFile(file, section);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Merged');
    want = edited(want, ['strikethrough text', 'struck text'], ['bold text', 'heavy text']);
    expect(await tab()).toBe(want);
    const second = await importsClean(file, section);
    expect(second).toContain('No change');
    expect(await tab()).toBe(want);
    const dry = await importsClean(file, section, '--dry-run');
    expect(dry).toContain('0 requests');
  });
});

describe('the same word of one paragraph edited in two rounds without a base', () => {
  // Exported, "bold" edited to "heavy" and imported; exported again and "heavy" edited to "weighty".
  // Without a base this text could be the older read's with "bold" rewritten (a colleague's
  // "heavy" would then be overwritten) or the newer read's. Through the CLI the older is taken and
  // the import refused, nothing written; the refusal says how to get out: the new read's base.
  // Through MCP the connection knows it wrote "heavy" itself, so the newer read is the base.
  it('through the CLI (export | edit | import -): refused, then lands from `export -o FILE`', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    let want = await tab();
    const read = async () =>
      (await runGdoc(['export', 'golden', '--local', dir, '--section', FORMATTING])).stdout;
    const pipe = (text: string) =>
      runGdoc(['import', 'golden', '-', '--local', dir, '--section', FORMATTING], text);
    expect((await pipe(edited(await read(), ['bold text', 'heavy text']))).code).toBe(0);
    want = edited(want, ['bold text', 'heavy text']);
    const refused = await pipe(edited(await read(), ['heavy text', 'weighty text']));
    expect(refused.stderr).toContain('RevisionConflictError');
    expect(refused.stderr).toContain('gdoc export DOC -o FILE');
    expect(await tab()).toBe(want);
    await exportTo(file, '-o FILE', FORMATTING);
    editFile(file, ['heavy text', 'weighty text']);
    await importsClean(file, FORMATTING);
    want = edited(want, ['heavy text', 'weighty text']);
    expect(await tab()).toBe(want);
  });

  it('through MCP: lands, the words being what this client wrote', async () => {
    const h = await connectLocal();
    try {
      const read = async () =>
        (
          await h.client.callTool({
            name: 'export_section',
            arguments: { document_id: 'golden', anchor_id: FORMATTING },
          })
        ).structuredContent as { content: string; base: string };
      const write = (content: string, extra: Record<string, unknown> = {}) =>
        h.client.callTool({
          name: 'import_section',
          arguments: { document_id: 'golden', anchor_id: FORMATTING, content, ...extra },
        });
      const docText = async () => exportTab(await h.backend.get('golden')).content;
      let want = await docText();
      expect((await write(edited((await read()).content, ['bold text', 'heavy text']))).isError).toBeFalsy();
      want = edited(want, ['bold text', 'heavy text']);
      // The same words again, from a new read, without base: the connection wrote them
      // (tools/import-session.ts), so they are no one else's edit.
      const landed = await write(edited((await read()).content, ['heavy text', 'weighty text']));
      expect(landed.isError, JSON.stringify(landed)).toBeFalsy();
      want = edited(want, ['heavy text', 'weighty text']);
      expect(await docText()).toBe(want);
    } finally {
      await h.close();
    }
  });
});

describe.each(WAYS)('a file imported, then exported again (%s) over it after a colleague edit', (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])(
    'on %s: an edit next to the colleague paragraph, or of it, lands as it would from a fresh export',
    async (_name, section) => {
      dir = makeStore();
      const file = join(dir, 'f.md');
      let want = await tab();
      await exportTo(file, way, section);
      editFile(file, ['bold text', 'heavy text']);
      await importsClean(file, section);
      want = edited(want, ['bold text', 'heavy text']);
      await colleagueReplaces('strikethrough text', 'struck text');
      want = edited(want, ['strikethrough text', 'struck text']);
      // The colleague's paragraph is in the new export; the file's next import starts from it.
      await exportTo(file, way, section);
      editFile(file, ['combined.', 'combined, next.']);
      await importsClean(file, section);
      want = edited(want, ['combined.', 'combined, next.']);
      expect(await tab()).toBe(want);
      // The colleague's paragraph itself, edited again after the new export (a word of it appended to).
      await colleagueReplaces('struck text', 'crossed text');
      want = edited(want, ['struck text', 'crossed text']);
      await exportTo(file, way, section);
      editFile(file, ['crossed text', 'crossed text too']);
      await importsClean(file, section);
      want = edited(want, ['crossed text', 'crossed text too']);
      expect(await tab()).toBe(want);
    },
  );
});

describe.each(WAYS)("a colleague's paragraph deleted or added between export (%s) and import", (way) => {
  for (const [name, section] of [
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ] as const) {
    it(`on ${name}: another paragraph deleted, merged; mine deleted, refused`, async () => {
      dir = makeStore();
      const file = join(dir, 'f.md');
      await exportTo(file, way, section);
      await colleagueDeletes('strikethrough text');
      let want = await tab();
      editFile(file, ['bold text', 'heavy text']);
      const run = await importFile(file, section);
      expect(run.code, run.stderr).toBe(0);
      want = edited(want, ['bold text', 'heavy text']);
      expect(await tab()).toBe(want);
      await colleagueDeletes('heavy text');
      editFile(file, ['heavy text', 'weighty text']);
      await importRefused(file, section);
    });

    it(`on ${name}: paragraphs added next to mine and at the end, kept`, async () => {
      dir = makeStore();
      const file = join(dir, 'f.md');
      await exportTo(file, way, section);
      await colleagueAddsAfter('bold text', 'Added by a colleague.');
      await colleagueAddsAfter('combined.', 'Appended by a colleague.');
      let want = await tab();
      expect(want).toContain('Appended by a colleague.');
      editFile(file, ['bold text', 'heavy text'], ['combined.', 'combined, edited.']);
      const run = await importFile(file, section);
      expect(run.code, run.stderr).toBe(0);
      want = edited(want, ['bold text', 'heavy text'], ['combined.', 'combined, edited.']);
      expect(await tab()).toBe(want);
    });

    it(`on ${name}: a dry run of an edit of the colleague's paragraph is refused as the import is`, async () => {
      dir = makeStore();
      const file = join(dir, 'f.md');
      await exportTo(file, way, section);
      await colleagueReplaces('bold text', 'heavy text');
      editFile(file, ['bold text', 'massive text']);
      const dry = await importFile(file, section, '--dry-run');
      expect(dry.stderr).toContain('RevisionConflictError');
      await importRefused(file, section);
    });
  }
});

describe.each(WAYS)('with comments shown (export --comments, %s)', (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])(
    'on %s: rounds next to a commented paragraph and on it, with a colleague edit',
    async (_name, section) => {
      dir = makeStore();
      const file = join(dir, 'f.md');
      const comment = await runGdoc([
        'comments',
        'add',
        'golden',
        'Check this',
        '--quote',
        'italic text in it',
        '--local',
        dir,
      ]);
      expect(comment.code, comment.stderr).toBe(0);
      const args = ['export', 'golden', '--local', dir, ...target(section), '--comments'];
      const read = await runGdoc(way === '-o FILE' ? [...args, '-o', file] : args);
      expect(read.code, read.stderr).toBe(0);
      if (way === '> FILE') writeFileSync(file, read.stdout);
      expect(readFileSync(file, 'utf8')).toContain('{!comment:');
      let want = await tab();
      const step = async (...edits: Array<[string, string]>) => {
        editFile(file, ...edits);
        const run = await importFile(file, section);
        expect(run.code, run.stderr).toBe(0);
        want = edited(want, ...edits);
        expect(await tab()).toBe(want);
        return run;
      };
      expect((await step(['combined.', 'combined, edited.'])).stderr).not.toContain('Merged');
      await colleagueReplaces('strikethrough text', 'struck text');
      want = edited(want, ['strikethrough text', 'struck text']);
      expect((await step(['combined, edited.', 'combined, edited twice.'])).stderr).toContain('Merged');
      // The commented paragraph itself (its marker is the file's only, not the tab's).
      editFile(file, ['in it{/!}.', 'in it{/!}, surely.']);
      const run = await importFile(file, section);
      expect(run.code, run.stderr).toBe(0);
      want = edited(want, ['in it.', 'in it, surely.']);
      expect(await tab()).toBe(want);
    },
  );
});

describe.each(WAYS)('explicit bases (export --json, import --base, %s)', () => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('on %s: rounds each with its base, then an old base', async (_name, section) => {
    dir = makeStore();
    const file = join(dir, 'f.md');
    const read = async () => {
      const run = await runGdoc(['export', 'golden', '--local', dir, ...target(section), '--json']);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { content: string; base: string };
    };
    let want = await tab();
    const first = await read();
    writeFileSync(file, edited(first.content, ['bold text', 'heavy text']));
    await importsClean(file, section, '--base', first.base);
    want = edited(want, ['bold text', 'heavy text']);
    const second = await read();
    writeFileSync(file, edited(second.content, ['heavy text', 'weighty text']));
    await importsClean(file, section, '--base', second.base);
    want = edited(want, ['heavy text', 'weighty text']);
    expect(await tab()).toBe(want);
    writeFileSync(file, edited(first.content, ['combined.', 'combined, late.']));
    const late = await importFile(file, section, '--base', first.base);
    expect(late.code, late.stderr).toBe(0);
    want = edited(want, ['combined.', 'combined, late.']);
    expect(await tab()).toBe(want);
    writeFileSync(file, edited(first.content, ['bold text', 'massive text']));
    await importRefused(file, section, '--base', first.base);
  });
});

describe.each(WAYS)('section and tab reads mixed (%s)', (way) => {
  it('a section imported, then an edit of an older tab read imported: merged, or refused on the same paragraph', async () => {
    dir = makeStore();
    const s = join(dir, 's.md');
    const t = join(dir, 't.md');
    let want = await tab();
    await exportTo(s, way, FORMATTING);
    await exportTo(t, way);
    editFile(s, ['bold text', 'heavy text']);
    await importsClean(s, FORMATTING);
    want = edited(want, ['bold text', 'heavy text']);
    editFile(t, ['Second plain paragraph.', 'Second paragraph, edited.']);
    const run = await importFile(t);
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['Second plain paragraph.', 'Second paragraph, edited.']);
    expect(await tab()).toBe(want);
    editFile(t, ['bold text', 'massive text']);
    await importRefused(t);
    expect(await tab()).toBe(want);
  });

  it('a tab imported, then an edit of an older section read imported: merged, or refused on the same paragraph', async () => {
    dir = makeStore();
    const s = join(dir, 's.md');
    const t = join(dir, 't.md');
    let want = await tab();
    await exportTo(t, way);
    await exportTo(s, way, FORMATTING);
    editFile(t, ['bold text', 'heavy text'], ['Second plain paragraph.', 'Second paragraph, edited.']);
    await importsClean(t);
    want = edited(
      want,
      ['bold text', 'heavy text'],
      ['Second plain paragraph.', 'Second paragraph, edited.'],
    );
    editFile(s, ['underlined text', 'underscored text']);
    const run = await importFile(s, FORMATTING);
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['underlined text', 'underscored text']);
    expect(await tab()).toBe(want);
    editFile(s, ['bold text', 'massive text']);
    await importRefused(s, FORMATTING);
    expect(await tab()).toBe(want);
  });

  it('a section exported, the whole tab exported, each edited and imported in turn, twice', async () => {
    dir = makeStore();
    const s = join(dir, 's.md');
    const t = join(dir, 't.md');
    let want = await tab();
    for (const [n, word] of [
      [1, 'first'],
      [2, 'second'],
    ] as const) {
      await exportTo(s, way, FORMATTING);
      editFile(s, [n === 1 ? 'combined.' : 'combined, first.', `combined, ${word}.`]);
      await importsClean(s, FORMATTING);
      want = edited(want, [n === 1 ? 'combined.' : 'combined, first.', `combined, ${word}.`]);
      await exportTo(t, way);
      editFile(t, [n === 1 ? 'Final paragraph' : 'Final first', `Final ${word}`]);
      await importsClean(t);
      want = edited(want, [n === 1 ? 'Final paragraph' : 'Final first', `Final ${word}`]);
      expect(await tab()).toBe(want);
    }
  });

  it('two sections edited in turn, each file kept and imported again', async () => {
    dir = makeStore();
    const a = join(dir, 'a.md');
    const b = join(dir, 'b.md');
    let want = await tab();
    await exportTo(a, way, FORMATTING);
    await exportTo(b, way, LINKS);
    const step = async (file: string, section: string, ...edits: Array<[string, string]>) => {
      editFile(file, ...edits);
      await importsClean(file, section);
      want = edited(want, ...edits);
      expect(await tab()).toBe(want);
    };
    await step(a, FORMATTING, ['bold text', 'heavy text']);
    await step(b, LINKS, ['for more info.', 'for more.']);
    await step(a, FORMATTING, ['heavy text', 'weighty text']);
    await step(b, LINKS, ['for more.', 'for more, again.']);
    await step(a, FORMATTING, ['combined.', 'combined.\n\nNew in formatting.']);
    await step(b, LINKS, ['links.', 'links.\n\nNew in links.']);
  });
});

describe.each(WAYS)('a section renamed by its heading edit (%s)', (way) => {
  it('is exported by its anchor and edited again, and its old file too', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    const again = join(dir, 'r.md');
    let want = await tab();
    await exportTo(file, way, FORMATTING);
    editFile(file, ['## Formatting Section', '## Styling Section']);
    await importsClean(file, FORMATTING);
    want = edited(want, ['## Formatting Section', '## Styling Section']);
    expect(await tab()).toBe(want);
    await exportTo(again, way, FORMATTING);
    expect(readFileSync(again, 'utf8')).toContain('Styling Section');
    editFile(again, ['bold text', 'heavy text']);
    await importsClean(again, FORMATTING);
    want = edited(want, ['bold text', 'heavy text']);
    expect(await tab()).toBe(want);
    editFile(file, ['underlined text', 'underscored text']);
    const run = await importFile(file, FORMATTING);
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['underlined text', 'underscored text']);
    expect(await tab()).toBe(want);
  });
});

describe.each(WAYS)('dry runs and repeats (%s)', (way) => {
  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('on %s: a dry run then the import, then the same file twice', async (_name, section) => {
    dir = makeStore();
    const file = join(dir, 'f.md');
    let want = await tab();
    await exportTo(file, way, section);
    editFile(file, ['bold text', 'heavy text']);
    const dry = await importsClean(file, section, '--dry-run');
    expect(dry).toContain('Dry run');
    expect(await tab()).toBe(want);
    await importsClean(file, section);
    want = edited(want, ['bold text', 'heavy text']);
    expect(await tab()).toBe(want);
    const twice = await importsClean(file, section);
    expect(twice).toContain('No change');
    expect(await tab()).toBe(want);
    // A dry run of a later edit, then the edit: the same once more.
    editFile(file, ['heavy text', 'weighty text']);
    await importsClean(file, section, '--dry-run');
    await importsClean(file, section, '--dry-run');
    expect(await tab()).toBe(want);
    await importsClean(file, section);
    want = edited(want, ['heavy text', 'weighty text']);
    expect(await tab()).toBe(want);
  });

  it('a dry run, a colleague edit, then the import: merged', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    let want = await tab();
    await exportTo(file, way, FORMATTING);
    editFile(file, ['bold text', 'heavy text']);
    await importsClean(file, FORMATTING, '--dry-run');
    await colleagueReplaces('strikethrough text', 'struck text');
    const run = await importFile(file, FORMATTING);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Merged');
    want = edited(want, ['bold text', 'heavy text'], ['strikethrough text', 'struck text']);
    expect(await tab()).toBe(want);
  });
});

describe('through stdin (export | edit | import -)', () => {
  it('rounds on a section, and an old text piped again after newer rounds', async () => {
    dir = makeStore();
    let want = await tab();
    const read = async () => {
      const run = await runGdoc(['export', 'golden', '--local', dir, '--section', FORMATTING]);
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    };
    const pipe = (text: string) =>
      runGdoc(['import', 'golden', '-', '--local', dir, '--section', FORMATTING], text);
    const first = edited(await read(), ['bold text', 'heavy text']);
    let run = await pipe(first);
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['bold text', 'heavy text']);
    const second = edited(await read(), ['*italic text*', '*slanted text*']);
    run = await pipe(second);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Merged');
    want = edited(want, ['*italic text*', '*slanted text*']);
    expect(await tab()).toBe(want);
    // A paragraph added, then edited in the next round.
    run = await pipe(edited(await read(), ['combined.', 'combined.\n\nAdded.']));
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['combined.', 'combined.\n\nAdded.']);
    run = await pipe(edited(await read(), ['Added.', 'Added, edited.']));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Merged');
    want = edited(want, ['Added.', 'Added, edited.']);
    expect(await tab()).toBe(want);
    run = await pipe(first);
    expect(run.code, run.stderr).toBe(0);
    expect(await tab()).toBe(want);
    run = await pipe(edited(first, ['combined.', 'combined, late.']));
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['combined.', 'combined, late.']);
    expect(await tab()).toBe(want);
  });
});

describe('through the MCP tools, without base', () => {
  let h: Harness;
  afterEach(async () => await h?.close());

  async function read(anchor?: string): Promise<string> {
    const r = await h.client.callTool(
      anchor === undefined
        ? { name: 'export_tab', arguments: { document_id: 'golden' } }
        : { name: 'export_section', arguments: { document_id: 'golden', anchor_id: anchor } },
    );
    expect(r.isError, JSON.stringify(r)).toBeFalsy();
    return (r.structuredContent as { content: string }).content;
  }
  async function write(content: string, anchor?: string) {
    return await h.client.callTool(
      anchor === undefined
        ? { name: 'import_tab', arguments: { document_id: 'golden', content } }
        : { name: 'import_section', arguments: { document_id: 'golden', anchor_id: anchor, content } },
    );
  }
  async function writesClean(content: string, anchor?: string): Promise<void> {
    const r = await write(content, anchor);
    expect(r.isError, JSON.stringify(r)).toBeFalsy();
    expect(JSON.stringify((r.structuredContent as { warnings: string[] }).warnings)).not.toContain('Merged');
  }

  it.each([
    ['a section', FORMATTING],
    ['the whole tab', undefined],
  ])('rounds on %s, an old text again, a colleague edit', async (_name, anchor) => {
    h = await connectLocal();
    dir = '';
    const docText = async () => exportTab(await h.backend.get('golden')).content;
    let want = await docText();
    const first = edited(await read(anchor), ['bold text', 'heavy text']);
    await writesClean(first, anchor);
    want = edited(want, ['bold text', 'heavy text']);
    await writesClean(edited(await read(anchor), ['*italic text*', '*slanted text*']), anchor);
    want = edited(want, ['*italic text*', '*slanted text*']);
    await writesClean(edited(await read(anchor), ['combined.', 'combined.\n\nAdded.']), anchor);
    want = edited(want, ['combined.', 'combined.\n\nAdded.']);
    await writesClean(edited(await read(anchor), ['Added.', 'Added here.']), anchor);
    want = edited(want, ['Added.', 'Added here.']);
    expect(await docText()).toBe(want);
    // The first text again: the newer rounds stay.
    const again = await write(first, anchor);
    expect(again.isError, JSON.stringify(again)).toBeFalsy();
    expect(await docText()).toBe(want);
    // A colleague edit between a read and the import, on another paragraph: merged.
    const text = await read(anchor);
    await h.backend.batchUpdate('golden', {
      requests: [
        {
          replaceAllText: {
            containsText: { text: 'strikethrough text', matchCase: true },
            replaceText: 'struck text',
          },
        },
      ],
    });
    want = edited(want, ['strikethrough text', 'struck text']);
    const merged = await write(edited(text, ['Added here.', 'Added here, edited.']), anchor);
    expect(merged.isError, JSON.stringify(merged)).toBeFalsy();
    want = edited(want, ['Added here.', 'Added here, edited.']);
    expect(await docText()).toBe(want);
    // On the same paragraph: refused, nothing written.
    const refused = await write(edited(text, ['strikethrough text', 'crossed text']), anchor);
    expect(errorOf(refused).type).toBe('RevisionConflictError');
    expect(await docText()).toBe(want);
  });
});

describe('a file imported with --section forgotten, or added by mistake', () => {
  it('a section file imported as the whole tab is refused, nothing written; with --section it lands', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    const want = await tab();
    await exportTo(file, '-o FILE', FORMATTING);
    editFile(file, ['bold text', 'heavy text']);
    const run = await importFile(file);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ValidationError');
    expect(run.stderr).toContain(`--section ${FORMATTING}`);
    expect(await tab()).toBe(want);
    await importsClean(file, FORMATTING);
    expect(await tab()).toBe(edited(want, ['bold text', 'heavy text']));
  });

  it('a whole-tab file imported into a section is refused, nothing written; without --section it lands', async () => {
    dir = makeStore();
    const file = join(dir, 't.md');
    const want = await tab();
    await exportTo(file, '-o FILE');
    editFile(file, ['bold text', 'heavy text']);
    const run = await importFile(file, FORMATTING);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ValidationError');
    expect(await tab()).toBe(want);
    await importsClean(file);
    expect(await tab()).toBe(edited(want, ['bold text', 'heavy text']));
  });
});

describe('a file exported over (> FILE) from another target than its sidecar names', () => {
  it('a section file overwritten by the whole tab is imported as the tab', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    await exportTo(file, '-o FILE', FORMATTING);
    editFile(file, ['bold text', 'heavy text']);
    await importsClean(file, FORMATTING);
    await exportTo(file, '> FILE');
    const want = edited(await tab(), ['Links Section', 'Links Part']);
    editFile(file, ['Links Section', 'Links Part']);
    await importsClean(file);
    expect(await tab()).toBe(want);
  });

  it('a tab file overwritten by a section is imported into the section', async () => {
    dir = makeStore();
    const file = join(dir, 't.md');
    await exportTo(file, '-o FILE');
    await exportTo(file, '> FILE', FORMATTING);
    const want = edited(await tab(), ['bold text', 'heavy text']);
    editFile(file, ['bold text', 'heavy text']);
    await importsClean(file, FORMATTING);
    expect(await tab()).toBe(want);
  });
});

describe('a section edited from a read of its whole tab, never read by itself', () => {
  const SECTIONS = [FORMATTING, LINKS, 'h.klpxbx6hfx27', 'h.8ducnhiug1ge', 'h.2m649omvt5gk'];

  it('the tab read cut to each section is what the section export says', async () => {
    dir = makeStore();
    const doc = await new LocalBackend({ dir }).get('golden');
    const whole = exportTab(doc).content;
    for (const anchor of SECTIONS) {
      const own = exportSection(doc, null, anchor).content;
      expect(sectionOfTab(whole, anchor, splitBlocks(own)[0])).toBe(own);
    }
  });

  it('through MCP (export_tab, then import_section of one part): clean, merged, refused', async () => {
    const h = await connectLocal();
    try {
      const docText = async () => exportTab(await h.backend.get('golden')).content;
      const readTab = async () =>
        (
          (await h.client.callTool({ name: 'export_tab', arguments: { document_id: 'golden' } }))
            .structuredContent as { content: string }
        ).content;
      const piece = (text: string, from: string, to: string) =>
        text.slice(text.indexOf(from), text.indexOf(to));
      const write = (anchor: string, content: string) =>
        h.client.callTool({
          name: 'import_section',
          arguments: { document_id: 'golden', anchor_id: anchor, content },
        });
      const colleague = (from: string, to: string) =>
        h.backend.batchUpdate('golden', {
          requests: [{ replaceAllText: { containsText: { text: from, matchCase: true }, replaceText: to } }],
        });
      let want = await docText();
      // No one else: written, and nothing said about merging.
      // (The section runs to the end: its sub-section is in it.)
      const whole = await readTab();
      const second = whole.slice(whole.indexOf('# Second Major Section'));
      let r = await write('h.8ducnhiug1ge', edited(second, ['second heading.', 'second heading, edited.']));
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      expect(JSON.stringify(r.structuredContent)).not.toContain('Merged');
      want = edited(want, ['second heading.', 'second heading, edited.']);
      expect(await docText()).toBe(want);
      // A colleague's edit of another paragraph of the section since the tab read: kept.
      let text = await readTab();
      await colleague('strikethrough text', 'struck text');
      want = edited(want, ['strikethrough text', 'struck text']);
      const formatting = piece(text, '## Formatting Section', '## Links Section');
      r = await write(FORMATTING, edited(formatting, ['bold text', 'heavy text']));
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      expect(JSON.stringify(r.structuredContent)).toContain('Merged');
      want = edited(want, ['bold text', 'heavy text']);
      expect(await docText()).toBe(want);
      // Of the same paragraph: refused, nothing written.
      text = await readTab();
      await colleague('Visit', 'Go to');
      want = edited(want, ['Visit', 'Go to']);
      r = await write(
        LINKS,
        edited(piece(text, '## Links Section', '# Second Major Section'), ['Visit', 'Head to']),
      );
      expect(errorOf(r).type).toBe('RevisionConflictError');
      expect(await docText()).toBe(want);
    } finally {
      await h.close();
    }
  });

  it('through the CLI, the piece renamed by its heading edit: the colleague edit is kept too', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    let want = await tab();
    const text = (await runGdoc(['export', 'golden', '--local', dir])).stdout;
    const piece = text.slice(text.indexOf('## Formatting Section'), text.indexOf('## Links Section'));
    await colleagueReplaces('strikethrough text', 'struck text');
    want = edited(want, ['strikethrough text', 'struck text']);
    const edits: Array<[string, string]> = [
      ['## Formatting Section', '## Styling Section'],
      ['bold text', 'heavy text'],
    ];
    writeFileSync(file, edited(piece, ...edits));
    const run = await importFile(file, FORMATTING);
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ...edits);
    expect(await tab()).toBe(want);
  });

  it('through the CLI (a piece of `gdoc export DOC > t.md` imported with --section)', async () => {
    dir = makeStore();
    const file = join(dir, 's.md');
    let want = await tab();
    const read = await runGdoc(['export', 'golden', '--local', dir]);
    const text = read.stdout;
    const piece = text.slice(text.indexOf('## Links Section'), text.indexOf('# Second Major Section'));
    await colleagueReplaces('Visit', 'Go to');
    want = edited(want, ['Visit', 'Go to']);
    writeFileSync(file, edited(piece, ['links.', 'links, edited.']));
    const run = await importFile(file, LINKS);
    expect(run.code, run.stderr).toBe(0);
    want = edited(want, ['links.', 'links, edited.']);
    expect(await tab()).toBe(want);
  });
});

/**
 * Issue 16's "Done when" for comments, through the MCP tools over a local store of a real document:
 * comments added to a quoted passage are listed with their anchors, survive an unrelated edit of
 * the same section (an import of the edited section), and are reported when an edit removes their
 * text. Also: text that still carries the export's comment markers imports as the same text
 * without them, and markers never create, move or delete a comment.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectLocal, type Harness, payload } from '../server/harness.js';

const SECTION = 'h.oooyvrk89ze3'; // "Subsection 1.1: Lower Level Headings (Heading 3)"
const SENTENCE =
  'This part of the document ensures that all heading levels, from 1 down to 6, are correctly parsed and converted.';

let h: Harness;
beforeEach(async () => {
  h = await connectLocal({ single: true });
});
afterEach(async () => await h.close());

async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await h.client.callTool({ name, arguments: { document_id: 'single', ...args } });
  const body = payload(result);
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body;
}

interface Listed {
  comment_id: string;
  status: string;
  quote: string;
  original_quote: string;
  content: string;
  anchor?: { tab_id: string; section_anchor_id?: string; start_index: number; end_index: number };
  replies: { content: string; action?: string }[];
}
const list = async () => (await call('list_comments', {})).comments as Listed[];

async function twoComments() {
  const a = await call('add_comment', {
    anchor_id: SECTION,
    quote: 'all heading levels',
    content: 'All six?',
  });
  const b = await call('add_comment', {
    anchor_id: SECTION,
    quote: 'correctly parsed',
    content: 'Tested how?',
  });
  return { a: a.comment_id as string, b: b.comment_id as string };
}

async function exportSection(comments = false): Promise<{ content: string; base: string }> {
  const out = await call('export_section', { anchor_id: SECTION, comments });
  return { content: out.content as string, base: out.base as string };
}

async function importSection(content: string, extra: Record<string, unknown> = {}) {
  return await call('import_section', { anchor_id: SECTION, content, ...extra });
}

describe('comments on a quoted passage', () => {
  it('are listed with their quote, anchor section and replies, and resolve', async () => {
    const { a, b } = await twoComments();
    await call('reply_to_comment', { comment_id: a, content: 'Yes, 1 to 6.' });
    await call('resolve_comment', { comment_id: b, content: 'Covered by the fixtures.' });
    const listed = await list();
    const byId = new Map(listed.map((c) => [c.comment_id, c]));
    expect(byId.get(a)).toMatchObject({
      status: 'open',
      quote: 'all heading levels',
      original_quote: 'all heading levels',
      content: 'All six?',
      anchor: { tab_id: 't.0', section_anchor_id: SECTION },
      replies: [{ content: 'Yes, 1 to 6.' }],
    });
    expect(byId.get(b)).toMatchObject({
      status: 'resolved',
      quote: 'correctly parsed',
      replies: [{ content: 'Covered by the fixtures.', action: 'resolve' }],
    });
    const open = (await call('list_comments', { include_resolved: false })).comments as Listed[];
    expect(open.map((c) => c.comment_id)).toEqual([a]);
    // Resolving a resolved thread again writes nothing.
    const again = await call('resolve_comment', { comment_id: b });
    expect(again).toMatchObject({ post_id: '', status: 'resolved' });
    expect((await list()).find((c) => c.comment_id === b)!.replies).toHaveLength(1);
  });

  it('survive an unrelated edit of the same section, and one in the same paragraph', async () => {
    const { a, b } = await twoComments();
    const before = await list();
    const { content } = await exportSection();
    expect(content).toContain(SENTENCE);
    const edited = content
      .replace('This part of the document', 'This part of the test document')
      .replace('Sub-Subsection 1.1.1: Deeper Dive', 'Sub-Subsection 1.1.1: A Deeper Dive');
    expect(edited).not.toBe(content);
    const result = await importSection(edited);
    expect(result.warnings).toEqual([]);
    const after = await list();
    expect(after.map((c) => [c.comment_id, c.quote])).toEqual([
      [a, 'all heading levels'],
      [b, 'correctly parsed'],
    ]);
    // The anchors moved with the five characters typed before them.
    expect(after[0]!.anchor!.start_index).toBe(before[0]!.anchor!.start_index + 5);
    expect((await exportSection()).content).toContain('This part of the test document');
  });

  it('survive the paragraph they are in split in two, each kept on its half', async () => {
    const { a, b } = await twoComments();
    const { content } = await exportSection();
    const edited = content.replace('heading levels, from 1', 'heading levels,\n\nfrom 1');
    expect(edited).not.toBe(content);
    const result = await importSection(edited);
    expect(result.warnings).toEqual([]);
    expect((await list()).map((c) => [c.comment_id, c.quote])).toEqual([
      [a, 'all heading levels'],
      [b, 'correctly parsed'],
    ]);
  });

  it('are reported, by id and quote, when an edit removes their text (dry run and write alike)', async () => {
    const { a, b } = await twoComments();
    const { content } = await exportSection();
    const edited = content.replace(' are correctly parsed and converted.', ' are and converted.');
    const dry = await importSection(edited, { dry_run: true });
    const expected = expect.stringContaining(`comment ${b} ("correctly parsed")`);
    expect(dry.warnings).toEqual([expected]);
    const written = await importSection(edited);
    expect(written.warnings).toEqual([expected]);
    const after = await list();
    const gone = after.find((c) => c.comment_id === b)!;
    expect(gone.anchor).toBeUndefined();
    expect(gone).toMatchObject({ quote: '', original_quote: 'correctly parsed', status: 'open' });
    expect(after.find((c) => c.comment_id === a)!.quote).toBe('all heading levels');
  });

  it('are reported when an edit changes their text, and keep what the minimal edit leaves', async () => {
    const { b } = await twoComments();
    const { content } = await exportSection();
    // The fewest requests keep "co" of "correctly" ("are co|rrectly parsed and co|nverted").
    const result = await importSection(
      content.replace(' are correctly parsed and converted.', ' are converted.'),
    );
    expect(result.warnings).toEqual([
      `The edit changes the text of comment ${b} ("correctly parsed"): the comment stays on what is left of it, "co".`,
    ]);
    expect((await list()).find((c) => c.comment_id === b)!.quote).toBe('co');
  });
});

describe('section tools', () => {
  it('delete_section reports the comments it takes with it; insert_section elsewhere keeps them quiet', async () => {
    const { a, b } = await twoComments();
    const inserted = await call('insert_section', { position: 'end', content: '## Appendix\n\nMore.\n' });
    expect(inserted.warnings).toEqual([]);
    const deleted = await call('delete_section', { anchor_id: SECTION, allow_deletions: true });
    for (const id of [a, b]) {
      expect(deleted.warnings).toContainEqual(
        expect.stringContaining(`The edit deletes all the text of comment ${id}`),
      );
    }
    expect((await list()).every((c) => c.anchor === undefined)).toBe(true);
  });
});

describe('comment markers in an export', () => {
  it('are off by default and, with comments: true, wrap the text of each open comment', async () => {
    const { a, b } = await twoComments();
    expect((await exportSection()).content).not.toContain('{!comment:');
    const marked = (await exportSection(true)).content;
    expect(marked).toContain(`{!comment:${a}}all heading levels{/!}`);
    expect(marked).toContain(`{!comment:${b}}correctly parsed{/!}`);
    await call('resolve_comment', { comment_id: b });
    const afterResolve = (await exportSection(true)).content;
    expect(afterResolve).not.toContain(`{!comment:${b}}`);
  });

  it('import as the same text without them: nothing is written, no comment changes', async () => {
    await twoComments();
    const before = await list();
    const marked = await exportSection(true);
    const result = await importSection(marked.content, { base: marked.base });
    expect(result.warnings).toEqual([]);
    expect(result.request_count ?? (result.requests as unknown[] | undefined)?.length ?? 0).toBe(0);
    expect(await list()).toEqual(before);
  });

  it('never create or move a comment: a marker moved to other text, or with an unknown id, changes nothing', async () => {
    const { a } = await twoComments();
    const before = await list();
    const marked = (await exportSection(true)).content;
    const moved = marked
      .replace(`{!comment:${a}}all heading levels{/!}`, 'all heading levels')
      .replace('This part', `{!comment:${a}}This part{/!}`)
      .replace('from 1 down to 6', '{!comment:AAABnosuchcomment}from 1 down to 6{/!}');
    const result = await importSection(moved);
    expect(result.warnings).toEqual([]);
    expect(await list()).toEqual(before);
  });
});

describe('add_comment refusals', () => {
  it('a quote not in the section, or ambiguous, is refused and nothing is written', async () => {
    const missing = payload(
      await h.client.callTool({
        name: 'add_comment',
        arguments: { document_id: 'single', anchor_id: SECTION, quote: 'no such words', content: 'x' },
      }),
    );
    expect(missing).toMatchObject({ success: false, error: { type: 'ValidationError' } });
    const ambiguous = payload(
      await h.client.callTool({
        name: 'add_comment',
        arguments: { document_id: 'single', anchor_id: SECTION, quote: 'the', content: 'x' },
      }),
    );
    expect((ambiguous.error as { message: string }).message).toMatch(/occurs \d+ times/);
    expect(await list()).toEqual([]);
  });

  it('without a quote, comments on the heading of anchor_id; occurrence picks among repeats', async () => {
    const heading = await call('add_comment', { anchor_id: SECTION, content: 'Rename?' });
    expect(heading.quote).toBe('Subsection 1.1: Lower Level Headings (Heading 3)');
    const second = await call('add_comment', {
      anchor_id: SECTION,
      quote: 'the',
      occurrence: 2,
      content: 'x',
    });
    const first = await call('add_comment', {
      anchor_id: SECTION,
      quote: 'the',
      occurrence: 1,
      content: 'y',
    });
    const at = (r: Record<string, unknown>) => (r.anchor as { start_index: number }).start_index;
    expect(at(second)).toBeGreaterThan(at(first));
  });
});

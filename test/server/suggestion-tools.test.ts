/**
 * The suggestion round trip through a real MCP Client over a local store: import_section with
 * mode "suggest" proposes an edit (the accepted text unchanged, export shows {!suggest:…} marks),
 * list_suggestions lists it with its section, reject_suggestions by id and accept_suggestions by
 * section resolve it; selections that name nothing or unknown ids are typed errors.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectLocal, errorOf, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => await h.close());

const SECTION = 'h.ryalwp7mpmhm';

async function call(name: string, args: Record<string, unknown>) {
  const result = await h.client.callTool({ name, arguments: args });
  return result;
}

async function exportIt(): Promise<{ content: string; base: string }> {
  return (await call('export_section', { document_id: 'golden', anchor_id: SECTION })).structuredContent as {
    content: string;
    base: string;
  };
}

async function suggestEdit(): Promise<{ before: string; ids: string[] }> {
  const exported = await exportIt();
  const edited = exported.content.replace('italic text* in it.', 'italic text* in it. One more sentence.');
  expect(edited).not.toBe(exported.content);
  const result = await call('import_section', {
    document_id: 'golden',
    anchor_id: SECTION,
    content: edited,
    base: exported.base,
    mode: 'suggest',
  });
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  const ids = (result.structuredContent as { suggestion_ids: string[] }).suggestion_ids;
  expect(ids.length).toBeGreaterThan(0);
  return { before: exported.content, ids };
}

describe('suggestion tools', () => {
  it('suggest, list, reject by id: the section reads as before', async () => {
    h = await connectLocal({ golden: true });
    const { before, ids } = await suggestEdit();
    const shown = (await exportIt()).content;
    expect(shown).toContain(`{!suggest:insert ${ids[0]}} One more sentence.{/!}`);
    const listed = (await call('list_suggestions', { document_id: 'golden', anchor_id: SECTION }))
      .structuredContent as {
      suggestions: Array<{ suggestion_id: string; anchor_id: string; inserted_text: string }>;
    };
    expect(listed.suggestions.map((s) => s.suggestion_id)).toEqual(ids);
    expect(listed.suggestions[0]).toMatchObject({ anchor_id: SECTION, inserted_text: ' One more sentence.' });
    const rejected = await call('reject_suggestions', { document_id: 'golden', suggestion_ids: ids });
    expect(rejected.isError).toBeFalsy();
    expect((rejected.structuredContent as { suggestion_ids: string[] }).suggestion_ids).toEqual(ids);
    expect((await exportIt()).content).toBe(before);
  });

  it('accept by section: the edit is in the text, no suggestion left', async () => {
    h = await connectLocal({ golden: true });
    const { before } = await suggestEdit();
    const dry = await call('accept_suggestions', {
      document_id: 'golden',
      anchor_id: SECTION,
      dry_run: true,
    });
    expect((dry.structuredContent as { dry_run: boolean }).dry_run).toBe(true);
    const accepted = await call('accept_suggestions', { document_id: 'golden', anchor_id: SECTION });
    expect(accepted.isError).toBeFalsy();
    const after = (await exportIt()).content;
    expect(after).toBe(before.replace('italic text* in it.', 'italic text* in it. One more sentence.'));
    const left = (await call('list_suggestions', { document_id: 'golden' })).structuredContent as {
      suggestions: unknown[];
    };
    expect(left.suggestions).toEqual([]);
  });

  it('refuses an empty selection and unknown ids, changing nothing', async () => {
    h = await connectLocal({ golden: true });
    expect(errorOf(await call('accept_suggestions', { document_id: 'golden' })).type).toBe('ValidationError');
    const unknown = errorOf(
      await call('reject_suggestions', { document_id: 'golden', suggestion_ids: ['suggest.nope'] }),
    );
    expect(unknown.type).toBe('ValidationError');
    expect(unknown.message).toContain('suggest.nope');
  });
});

/**
 * What a client sees in tools/list: the contract's tool names, and for each a title, a
 * when-to-use description, described input fields, an output schema and all four annotation
 * hints with openWorldHint true. Read-only tools say so; writers do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLocal, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await connectLocal({ golden: true });
});
afterAll(async () => await h.close());

const READ_ONLY = [
  'list_documents',
  'get_metadata',
  'get_hierarchy',
  'export_section',
  'export_tab',
  'extract_styles',
  'health_check',
  'find_in_document',
  'export_header_footer',
  'list_suggestions',
  'list_comments',
];
const WRITERS = [
  'import_section',
  'import_tab',
  'normalize_formatting',
  'apply_styles',
  'create_document',
  'insert_section',
  'delete_section',
  'move_section',
  'manage_tabs',
  'import_header_footer',
  'delete_header_footer',
  'accept_suggestions',
  'reject_suggestions',
  'add_comment',
  'reply_to_comment',
  'resolve_comment',
];
/** Tools that remove or rewrite what is there; the others only add or restyle. */
const DESTRUCTIVE = [
  'import_section',
  'import_tab',
  'delete_section',
  'move_section',
  'manage_tabs',
  'import_header_footer',
  'delete_header_footer',
  'reject_suggestions',
];
/** Tools whose second identical call adds again (a second section, tab or document). */
const NOT_IDEMPOTENT = [
  'create_document',
  'insert_section',
  'delete_section',
  'move_section',
  'manage_tabs',
  'delete_header_footer',
  'accept_suggestions',
  'reject_suggestions',
  'add_comment',
  'reply_to_comment',
];

describe('tools/list', () => {
  it('has the contract tools with complete metadata', async () => {
    const { tools } = await h.client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [...READ_ONLY, ...WRITERS]) expect(names).toContain(name);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(80);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect((tool.outputSchema?.properties ?? {}) as Record<string, unknown>, tool.name).toHaveProperty(
        'success',
      );
      const a = tool.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof a[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
      expect(a.openWorldHint, tool.name).toBe(true);
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(properties)) {
        expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
      }
    }
  });

  it('marks readers read-only and writers not', async () => {
    const { tools } = await h.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of READ_ONLY) expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(true);
    for (const name of WRITERS) expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(false);
  });

  it('uses the contract parameter names', async () => {
    const { tools } = await h.client.listTools();
    const params = (name: string) =>
      Object.keys((tools.find((t) => t.name === name)?.inputSchema.properties ?? {}) as object).sort();
    expect(params('list_documents')).toEqual(['limit', 'query']);
    expect(params('get_metadata')).toEqual(['document_id']);
    expect(params('get_hierarchy')).toEqual(['document_id', 'tab_id']);
    expect(params('export_section')).toEqual([
      'anchor_id',
      'anchors',
      'comments',
      'document_id',
      'part',
      'tab_id',
    ]);
    expect(params('export_tab')).toEqual(['anchors', 'comments', 'document_id', 'part', 'tab_id']);
    expect(params('import_section')).toEqual([
      'allow_deletions',
      'anchor_id',
      'base',
      'content',
      'document_id',
      'dry_run',
      'mode',
      'tab_id',
    ]);
    expect(params('import_tab')).toEqual([
      'allow_deletions',
      'base',
      'content',
      'document_id',
      'dry_run',
      'mode',
      'tab_id',
    ]);
    const required = (name: string) => tools.find((t) => t.name === name)?.inputSchema.required ?? [];
    expect(required('export_section')).toEqual(['document_id', 'anchor_id']);
    expect(required('export_tab')).toEqual(['document_id']);
    expect(required('import_section')).toEqual(['document_id', 'anchor_id', 'content']);
    expect(required('import_tab')).toEqual(['document_id', 'content']);
  });

  it('has exactly the twenty-four tools', async () => {
    const { tools } = await h.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_ONLY, ...WRITERS].sort());
  });

  it('marks what removes content destructive, and what adds again not idempotent', async () => {
    const { tools } = await h.client.listTools();
    for (const tool of tools) {
      expect(tool.annotations?.destructiveHint, tool.name).toBe(DESTRUCTIVE.includes(tool.name));
      expect(tool.annotations?.idempotentHint, tool.name).toBe(!NOT_IDEMPOTENT.includes(tool.name));
    }
  });

  it('describes export and import tools with the MEBDF reminder and the outputs beyond the seed', async () => {
    const { tools } = await h.client.listTools();
    const out = (name: string) =>
      Object.keys((tools.find((t) => t.name === name)?.outputSchema?.properties ?? {}) as object);
    for (const name of ['export_section', 'export_tab']) {
      expect(out(name)).toEqual(
        expect.arrayContaining(['content', 'warnings', 'revision_id', 'base', 'estimated_tokens']),
      );
    }
    for (const name of ['import_section', 'import_tab']) {
      expect(out(name)).toEqual(
        expect.arrayContaining([
          'preserved_objects',
          'warnings',
          'revision_id',
          'request_count',
          'new_headings',
        ]),
      );
      expect(out(name)).not.toContain('requests');
    }
    for (const name of ['export_section', 'export_tab', 'import_section', 'import_tab']) {
      const description = tools.find((t) => t.name === name)?.description ?? '';
      expect(description, name).toContain('{^= ');
      expect(description, name).toContain('gdoc://mebdf/grammar');
    }
  });
});

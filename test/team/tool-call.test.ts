/** Reading the tool call out of a JSON-RPC body for the audit log. */
import { describe, expect, it } from 'vitest';
import { toolCallOf } from '../../src/team/tool-call.js';

describe('toolCallOf', () => {
  it('names the tool, the section and the tab of a tools/call', () => {
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'import_section', arguments: { document_id: 'd', anchor_id: 'h.1', tab_id: 't.2' } },
    };
    expect(toolCallOf(call)).toEqual({ tool: 'import_section', section: 'h.1', tabId: 't.2' });
    expect(toolCallOf([{ jsonrpc: '2.0', method: 'ping', id: 2 }, call])).toMatchObject({
      tool: 'import_section',
    });
  });

  it('gives nothing for other requests and for junk', () => {
    expect(toolCallOf({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBeUndefined();
    expect(toolCallOf({ method: 'tools/call', params: { name: 3 } })).toBeUndefined();
    expect(toolCallOf('tools/call')).toBeUndefined();
    expect(toolCallOf(null)).toBeUndefined();
    expect(
      toolCallOf({ method: 'tools/call', params: { name: 'export_tab', arguments: { anchor_id: 7 } } }),
    ).toEqual({
      tool: 'export_tab',
    });
  });
});

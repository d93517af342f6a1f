/**
 * Documents as MCP resources, for clients that attach context rather than call tools:
 *   gdoc://documents/{document_id}                              metadata and the outline of every tab
 *   gdoc://documents/{document_id}/tabs/{tab_id}                the tab's MEBDF
 *   gdoc://documents/{document_id}/tabs/{tab_id}/sections/{anchor_id}   one section's MEBDF
 *   gdoc://mebdf/grammar                                        the MEBDF grammar and a cheat sheet
 * Listed documents carry their own titles; every template variable completes from the backend.
 * Failures become JSON-RPC errors whose data carries the same {type, message, suggestion}; a
 * document, tab or section that does not exist is the protocol's resource-not-found (-32602 with
 * the `uri` in its data).
 */
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  ResourceTemplate,
  type Variables,
} from '@modelcontextprotocol/server';
import { exportSectionService, exportTabService } from '../docs/service/export.js';
import { documentOutlineService } from '../docs/service/navigation.js';
import { AnchorNotFoundError, DocumentNotFoundError, TabNotFoundError } from '../errors.js';
import type { ToolDeps } from '../tools/deps.js';
import { toErrorPayload } from '../tools/errors.js';
import { documentUri } from '../tools/resource-links.js';
import { createCompleters } from './completions.js';
import { GRAMMAR_URI, readGrammar } from './grammar-resource.js';

export const DOCUMENT_URI = 'gdoc://documents/{document_id}';
export const TAB_URI = 'gdoc://documents/{document_id}/tabs/{tab_id}';
export const SECTION_URI = 'gdoc://documents/{document_id}/tabs/{tab_id}/sections/{anchor_id}';

export function registerResources(server: McpServer, deps: ToolDeps): void {
  const complete = createCompleters(deps);

  const listDocuments = async () => {
    const listing = await deps.backend.list(undefined, 50);
    return {
      resources: listing.documents.map((d) => ({
        uri: documentUri(d.document_id),
        name: d.title || d.document_id,
        title: d.title || d.document_id,
        mimeType: 'text/markdown',
        description: `Outline and tabs of "${d.title}"`,
      })),
    };
  };

  server.registerResource(
    'document',
    new ResourceTemplate(DOCUMENT_URI, {
      list: listDocuments,
      complete: { document_id: complete.documentId },
    }),
    {
      title: 'Document outline',
      description:
        'A document’s title, revision, tabs and the heading outline (with anchors) of every tab, each tab and section with its own resource URI.',
      mimeType: 'text/markdown',
    },
    async (uri, vars) =>
      await guarded(uri.href, async () => {
        const documentId = one(vars, 'document_id');
        const { metadata: meta, outlines } = await documentOutlineService(deps.backend, documentId);
        const parts = [
          `# ${meta.title}`,
          '',
          `document_id: ${meta.document_id}  `,
          `revision_id: ${meta.revision_id}  `,
          `can_edit: ${meta.can_edit}`,
        ];
        for (const { tab, markdown: outline } of outlines) {
          parts.push(
            '',
            `## Tab "${tab.title}" (tab_id ${tab.tab_id}${tab.parent_tab_id ? `, inside ${tab.parent_tab_id}` : ''})`,
            '',
            `Resource: ${documentUri(meta.document_id, tab.tab_id)}`,
            '',
            outline.trim() || '_(no headings)_',
          );
        }
        return markdown(uri.href, `${parts.join('\n')}\n`);
      }),
  );

  server.registerResource(
    'tab',
    new ResourceTemplate(TAB_URI, {
      list: undefined,
      complete: { document_id: complete.documentId, tab_id: complete.tabId },
    }),
    { title: 'Tab as MEBDF', description: 'The whole tab as MEBDF Markdown.', mimeType: 'text/markdown' },
    async (uri, vars) =>
      await guarded(uri.href, async () => {
        const result = await exportTabService(deps.backend, {
          document_id: one(vars, 'document_id'),
          tab_id: one(vars, 'tab_id'),
        });
        return markdown(uri.href, result.content);
      }),
  );

  server.registerResource(
    'section',
    new ResourceTemplate(SECTION_URI, {
      list: undefined,
      complete: {
        document_id: complete.documentId,
        tab_id: complete.tabId,
        anchor_id: complete.anchorId,
      },
    }),
    {
      title: 'Section as MEBDF',
      description: 'One section (a heading and its subsections) as MEBDF Markdown.',
      mimeType: 'text/markdown',
    },
    async (uri, vars) =>
      await guarded(uri.href, async () => {
        const result = await exportSectionService(deps.backend, {
          document_id: one(vars, 'document_id'),
          tab_id: one(vars, 'tab_id'),
          anchor_id: one(vars, 'anchor_id'),
        });
        return markdown(uri.href, result.content);
      }),
  );

  server.registerResource(
    'mebdf_grammar',
    GRAMMAR_URI,
    {
      title: 'MEBDF grammar and cheat sheet',
      description:
        'How to read and write MEBDF: a one-screen cheat sheet, then the normative grammar (syntax, semantics, escaping, diagnostics).',
      mimeType: 'text/markdown',
      // The same text for everyone until the next release.
      cacheHint: { ttlMs: 24 * 60 * 60 * 1000, cacheScope: 'public' },
    },
    async (uri) => markdown(uri.href, await readGrammar()),
  );
}

function one(vars: Variables, name: string): string {
  const value = vars[name];
  return decodeURIComponent((Array.isArray(value) ? value[0] : value) ?? '');
}

function markdown(uri: string, text: string): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'text/markdown', text }] };
}

async function guarded(uri: string, read: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    return await read();
  } catch (error) {
    const { error: detail } = toErrorPayload(error);
    const missing =
      error instanceof DocumentNotFoundError ||
      error instanceof TabNotFoundError ||
      error instanceof AnchorNotFoundError;
    const code =
      detail.type === 'InternalError' ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams;
    throw new ProtocolError(code, `${detail.type}: ${detail.message}`, missing ? { uri, ...detail } : detail);
  }
}

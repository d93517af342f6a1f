/** `manage_tabs`: add, rename, nest, move and delete the tabs of a document. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withRef } from '../docs/doc-ref.js';
import { manageTabsService, type TabAction } from '../docs/service/tabs.js';
import { ValidationError } from '../errors.js';
import { confirmDestructive } from './confirm.js';
import { defineTool } from './define-tool.js';
import type { ToolDeps } from './deps.js';
import { MEBDF_REMINDER } from './mebdf-hint.js';
import { allowDeletionsField, documentIdField, revisionIdField, warningsField } from './schemas.js';

const tabInfo = z.object({
  tab_id: z.string().describe('The tab id.'),
  title: z.string().describe('The tab title.'),
  index: z.number().int().describe('Position among its siblings, 0-based.'),
  parent_tab_id: z.string().nullable().describe('The parent tab, or null at the top level.'),
  nesting_level: z.number().int().describe('0 at the top level.'),
});

export function registerManageTabsTool(server: McpServer, deps: ToolDeps): void {
  defineTool(server, {
    name: 'manage_tabs',
    title: 'Add, rename, nest, move or delete tabs',
    description: `Change the tabs of a document. action "add": a new tab (title, optional parent_tab_id to nest it, index, and optional MEBDF content written into it); "rename": tab_id + title; "nest": tab_id under parent_tab_id ("" = back to the top level), optional index; "move": tab_id to index among its siblings; "delete": tab_id, its child tabs with it (the user is asked to confirm where the client can ask; elsewhere pass allow_deletions: true). Returns every tab after the change. ${MEBDF_REMINDER}`,
    input: {
      document_id: documentIdField,
      action: z.enum(['add', 'rename', 'nest', 'move', 'delete']).describe('What to do.'),
      tab_id: z
        .string()
        .optional()
        .describe("The tab to change (not for add); a URL's ?tab= is used when omitted."),
      title: z.string().optional().describe('add: the new tab’s title; rename: the new title.'),
      parent_tab_id: z.string().optional().describe('add / nest: the parent tab; "" for the top level.'),
      index: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('add / nest / move: the position among siblings, 0-based.'),
      content: z.string().optional().describe('add: MEBDF to write into the new tab.'),
      allow_deletions: allowDeletionsField,
    },
    output: {
      success: z.literal(true).describe('Always true on success.'),
      tab_id: z.string().describe('The tab added or changed (or deleted).'),
      tabs: z.array(tabInfo).describe('Every tab after the change, parents before children.'),
      deleted_tab_ids: z.array(z.string()).describe('delete: the tab and the child tabs that went with it.'),
      revision_id: revisionIdField,
      warnings: warningsField,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: async (args, call) => {
      const target = withRef(args.document_id, args.tab_id);
      const action = actionOf(args, target.tab_id);
      if (action.action === 'delete') {
        await confirmDestructive(
          call,
          async () => `delete tab ${action.tab_id} and any tabs nested in it`,
          args.allow_deletions,
        );
      }
      return await manageTabsService(deps.backend, target.document_id, action);
    },
  });
}

function actionOf(
  args: {
    action: TabAction['action'];
    title?: string | undefined;
    parent_tab_id?: string | undefined;
    index?: number | undefined;
    content?: string | undefined;
  },
  tabId: string | undefined,
): TabAction {
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) {
      throw new ValidationError(
        `action "${args.action}" needs ${name}.`,
        `Pass ${name} (get_metadata lists the tabs).`,
      );
    }
    return value;
  };
  const optional = <K extends string, V>(key: K, value: V | undefined) =>
    value !== undefined ? { [key]: value } : {};
  switch (args.action) {
    case 'add':
      return {
        action: 'add',
        ...optional('title', args.title),
        ...optional('parent_tab_id', args.parent_tab_id),
        ...optional('index', args.index),
        ...optional('content', args.content),
      };
    case 'rename':
      return { action: 'rename', tab_id: need(tabId, 'tab_id'), title: need(args.title, 'title') };
    case 'nest':
      return {
        action: 'nest',
        tab_id: need(tabId, 'tab_id'),
        parent_tab_id: need(args.parent_tab_id, 'parent_tab_id'),
        ...optional('index', args.index),
      };
    case 'move':
      return { action: 'move', tab_id: need(tabId, 'tab_id'), index: need(args.index, 'index') };
    case 'delete':
      return { action: 'delete', tab_id: need(tabId, 'tab_id') };
  }
}

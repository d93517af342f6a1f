/**
 * The server factory: one `McpServer` with every tool, resource and prompt, bound to the given
 * dependencies. Transports (stdio, Streamable HTTP) are thin files that call this.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolDeps } from '../tools/deps.js';
import { registerTools } from '../tools/index.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';

export const SERVER_NAME = 'gdoc-mcp';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = [
  'Read and rewrite Google Docs as MEBDF Markdown, one section at a time.',
  'Workflow: get_metadata (tabs) -> get_hierarchy (headings and their anchor_id) -> export_section ->',
  'edit the MEBDF -> import_section with the `base` from the export. Only what you changed is written;',
  'images and other objects stay where their {^= id} placeholders stay.',
  'Prefer export_section over export_tab for long documents (see estimated_tokens).',
].join(' ');

export function createServer(deps: ToolDeps): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: 'Google Docs as Markdown (MEBDF)', version: SERVER_VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  registerTools(server, deps);
  registerResources(server, deps);
  registerPrompts(server);
  return server;
}

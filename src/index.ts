/**
 * gdoc-mcp as a library: the MEBDF compiler, the Docs export/import compiler and use cases, both
 * backends, the MCP server factory and the typed errors. Subpath entries (`gdoc-mcp/mebdf`,
 * `gdoc-mcp/docs`, `gdoc-mcp/engine`, `gdoc-mcp/server`, `gdoc-mcp/errors`) load less.
 */
export { createGoogleBackend, GoogleBackend } from './docs/backends/google.js';
export * from './docs/index.js';
export * from './errors.js';
export { formatMebdf, lintMebdf, parseMebdf, stringifyMebdf } from './mebdf/index.js';
export { createServer } from './server/index.js';

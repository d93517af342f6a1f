/** The server package's public names (package.json "./server"): an accidental change fails here. */
import { describe, expect, it } from 'vitest';
import * as server from '../../src/server/index.js';
import * as tools from '../../src/tools/index.js';

describe('public API', () => {
  it('src/server exports the factory and its dependencies', () => {
    expect(Object.keys(server).sort()).toEqual([
      'SERVER_NAME',
      'SERVER_VERSION',
      'createServer',
      'createToolDeps',
    ]);
    expect(server.SERVER_NAME).toBe('gdoc-mcp');
  });

  it('src/tools exports the registration entry point', () => {
    expect(Object.keys(tools).sort()).toEqual([
      'DEFAULT_MAX_EXPORT_TOKENS',
      'createToolDeps',
      'registerTools',
    ]);
    expect(tools.DEFAULT_MAX_EXPORT_TOKENS).toBe(20_000);
  });
});

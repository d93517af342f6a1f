/** Public entry of the server package: the factory and the dependencies it takes. */

export type { ToolDeps } from '../tools/deps.js';
export { createToolDeps } from '../tools/deps.js';
export { createServer, SERVER_NAME, SERVER_VERSION } from './create-server.js';

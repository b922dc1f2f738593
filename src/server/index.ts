/** The MCP protocol layer: one handle shared by any number of sessions and connections. */
export type { NameStyle } from './connection.js';
export type { McpServerHandle, McpServerOptions } from './create-mcp-server.js';
export { createMcpServer } from './create-mcp-server.js';
export type { HttpEndpoint, ListenOptions } from './http-server.js';
export type { ServerToolInput } from './static-tools.js';
export { TOKEN_ENV } from './token.js';
export type { TreeNodeJson } from './tree-json.js';

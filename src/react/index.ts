export { type McpScreen, McpSession, type McpSessionProps } from './McpSession.js';
export type { McpTypeMap } from './type-map.js';
export { type McpActions, type UseMcpToolsOptions, useMcpTools } from './use-mcp-tools.js';

/**
 * The JSON-RPC error of a request sent before `initialize` (MCP lifecycle: the client initializes
 * first; only `ping` may come before). Invalid Request: the message is well formed, but not one the
 * server takes yet. In util (import-free) so that whatever answers for ink-mcp, the launcher
 * included, words it the same.
 */
export const NOT_INITIALIZED_CODE = -32600;

export function notInitializedMessage(method: string): string {
  const shown = JSON.stringify(method.length > 50 ? `${method.slice(0, 50)}…` : method);
  return `ink-mcp: ${shown} was sent before initialize. Send an initialize request first and wait for its answer, then notifications/initialized, then your requests (only ping may come before initialize).`;
}

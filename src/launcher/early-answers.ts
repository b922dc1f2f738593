import { SERVED_METHODS } from '../render/early-methods.js';

/**
 * What the launcher answers itself while the app is still loading (before its ink-mcp server is
 * connected): `initialize`, `ping`, and every method ink-mcp never serves. Some clients probe with a
 * short timeout (the AI SDK's `server/discover`, 1 s), and an app may take longer than that to
 * load. Kept free of imports so the launcher starts in a blink; test/launcher/early-answers.test.ts
 * checks every constant here against the real server.
 */

/** The protocol versions the MCP SDK's server accepts, newest first (`SUPPORTED_PROTOCOL_VERSIONS`). */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/** The initialize answer of `createMcpServer()` without a version: capabilities and server name. */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
};
export const SERVER_NAME = 'ink-mcp';
export const SERVER_VERSION = '0.1.0';

export type JsonRpcId = string | number;

/** The `serverInfo` of an initialize answer: the server's name and version (its options). */
export interface ServerInfo {
  name: string;
  version: string;
}

const DEFAULT_SERVER_INFO: ServerInfo = { name: SERVER_NAME, version: SERVER_VERSION };

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

/**
 * The answer to a request the launcher can answer on the app's behalf, or `undefined` (forward it).
 * `serverInfo` is what the app's server will say it is (`createMcpServer`'s `name` and `version`).
 */
export function earlyAnswer(request: JsonRpcRequest, serverInfo = DEFAULT_SERVER_INFO): object | undefined {
  const { id, method } = request;
  if (method === 'initialize') {
    const asked = request.params?.protocolVersion;
    const protocolVersion =
      typeof asked === 'string' && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
    const result = {
      protocolVersion,
      capabilities: SERVER_CAPABILITIES,
      serverInfo,
    };
    return { jsonrpc: '2.0', id, result };
  }
  if (method === 'ping') return { jsonrpc: '2.0', id, result: {} };
  if (!SERVED_METHODS.has(method))
    return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  return undefined;
}

/** Parses one line of newline-delimited JSON-RPC; `undefined` for anything else (forwarded as is). */
export function parseMessage(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function isRequest(
  message: Record<string, unknown> | undefined,
): message is Record<string, unknown> & JsonRpcRequest {
  return (
    message !== undefined &&
    typeof message.method === 'string' &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  );
}

export function isResponse(message: Record<string, unknown> | undefined): boolean {
  return message !== undefined && message.method === undefined && ('result' in message || 'error' in message);
}

import { SERVED_METHODS, SERVER_OWN_METHODS } from '../render/early-methods.js';
import { SERVER_NAME, VERSION } from '../util/version.js';

/**
 * What the launcher answers itself while the app is still loading (before its ink-mcp server is
 * connected): `initialize`, `ping`, and every method ink-mcp never serves. Some clients probe with a
 * short timeout (the AI SDK's `server/discover`, 1 s), and an app may take longer than that to
 * load. Kept free of heavy imports (two small constant modules) so the launcher starts in a blink; test/launcher/early-answers.test.ts
 * checks every constant here against the real server.
 */

/** The protocol versions the MCP SDK's server accepts, newest first (`SUPPORTED_PROTOCOL_VERSIONS`). */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/**
 * The 2026-07-28-era revisions the SDK's server serves (`SUPPORTED_MODERN_PROTOCOL_VERSIONS`), what
 * its `server/discover` answer lists as `supportedVersions`.
 */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'];

/** The per-request envelope keys of protocol 2026-07-28 (`_meta`), as the SDK names them. */
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

/** The initialize answer of `createMcpServer()` without a version: capabilities and server name. */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
};

export type JsonRpcId = string | number;

/** The `serverInfo` of an initialize answer: the server's name and version (its options). */
export interface ServerInfo {
  name: string;
  version: string;
}

const DEFAULT_SERVER_INFO: ServerInfo = { name: SERVER_NAME, version: VERSION };

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
  if (method === 'server/discover') {
    // A well-formed 2026-07-28 probe is answered as the SDK's serveStdio answers it (the same fields,
    // cache hints at their defaults, the server's identity in `_meta`), at once: an `auto` client
    // that waits too long falls back to a second spawn. One without the envelope is a 2025-era
    // request, which the SDK answers -32601 (below); anything else (a revision not served, a
    // malformed envelope) goes to the app's server, which words the error.
    if (claimsModernEra(request)) {
      if (!servedEnvelope(request)) return undefined;
      const result = {
        supportedVersions: MODERN_PROTOCOL_VERSIONS,
        capabilities: SERVER_CAPABILITIES,
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { [SERVER_INFO_KEY]: serverInfo },
      };
      return { jsonrpc: '2.0', id, result };
    }
  }
  // A 2026-07-28 change stream waits for the app's server (it opens it); a 2025-era request of that
  // method is refused, as the SDK refuses it.
  if (SERVER_OWN_METHODS.has(method) && claimsModernEra(request)) return undefined;
  if (!SERVED_METHODS.has(method))
    return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
  return undefined;
}

/**
 * The answer to a 2026-07-28 `tools/list` whose tools are known before the app loads (early-tools.ts),
 * shaped as the SDK's server answers one (`resultType`, cache hints, the server's identity in
 * `_meta`); or `undefined` when the request's envelope is not one the server serves (forwarded: the
 * app's server words the error). `ttlMs: 0`: the list is the app's to confirm, so a client that
 * caches asks again rather than keep it for the 5 minutes the app's own answer allows
 * (src/server/cache-hints.ts).
 */
export function earlyModernList(
  request: JsonRpcRequest,
  tools: readonly object[],
  serverInfo = DEFAULT_SERVER_INFO,
): object | undefined {
  if (!servedEnvelope(request)) return undefined;
  const result = {
    tools,
    resultType: 'complete',
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { [SERVER_INFO_KEY]: serverInfo },
  };
  return { jsonrpc: '2.0', id: request.id, result };
}

/** A 2026-07-28 request whose envelope names a revision the server serves and the client's capabilities. */
function servedEnvelope(request: JsonRpcRequest): boolean {
  const meta = request.params?._meta as Record<string, unknown> | undefined;
  const claimed = meta?.[PROTOCOL_VERSION_KEY];
  const capabilities = meta?.[CLIENT_CAPABILITIES_KEY];
  return (
    typeof claimed === 'string' &&
    MODERN_PROTOCOL_VERSIONS.includes(claimed) &&
    typeof capabilities === 'object' &&
    capabilities !== null
  );
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

/** A request of the 2026-07-28 era: it names its revision in its own `_meta` (no `initialize`). */
export function claimsModernEra(request: JsonRpcRequest): boolean {
  const meta = request.params?._meta;
  return typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_KEY in meta;
}

export function isResponse(message: Record<string, unknown> | undefined): boolean {
  return message !== undefined && message.method === undefined && ('result' in message || 'error' in message);
}

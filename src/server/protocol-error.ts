/**
 * JSON-RPC error codes ink-mcp answers (MCP spec, "Error Handling"). A resource that does not exist
 * is `-32602` (Invalid params) from protocol 2026-07-28 on; SDK 2.x re-emits a thrown `-32002`
 * (the 2025 code) as `-32602` on every era (its 2025 codec's `encodeErrorCode`), so ink-mcp says
 * `-32602` itself rather than name a code no client receives.
 */
export const RESOURCE_NOT_FOUND = -32602;
export const INTERNAL_ERROR = -32603;
/** Params a request may not have (a listen filter past its limits: listen-filter.ts). */
export const INVALID_PARAMS = -32602;

/**
 * A JSON-RPC error the SDK answers with this `code` and this message, as it is. SDK 2.x's own class:
 * unlike 1.x's McpError it does not prefix "MCP error <code>: ", so the code is said once, by the
 * answer's `code`.
 */
export { ProtocolError } from '@modelcontextprotocol/server';

import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';

/** The params of an MCP `initialize` request from a client called `name`. */
export function initializeParams(name = 'raw') {
  return { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name, version: '1' } };
}

/** A JSON-RPC `initialize` request, for tests that speak the protocol by hand (no SDK client). */
export function initializeRequest(name = 'raw', id = 1) {
  return { jsonrpc: '2.0' as const, id, method: 'initialize', params: initializeParams(name) };
}

/** The `initialize` request of a client called "raw", id 1. */
export const INITIALIZE = initializeRequest();

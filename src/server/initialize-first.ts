import type { Server } from '@modelcontextprotocol/server';
import { NOT_INITIALIZED_CODE, notInitializedMessage } from '../util/protocol-order.js';
import { ProtocolError } from './protocol-error.js';

/**
 * Wraps a request handler so that it refuses a request a 2025-era client sends before `initialize`.
 * The SDK serves any registered method at any time; a client that skips the handshake would otherwise
 * call tools with no `clientInfo` (what an authorizer or the app may judge it by) and no
 * capabilities (elicitation). `initialize` is the SDK's own handler: it records the client's
 * capabilities before any later request is handled (requests are handled in the order they arrive).
 * A 2026-07-28 instance (`modern`) has no handshake: each request carries its own envelope.
 */
export function afterInitialize<Args extends [{ method: string }, ...unknown[]], Result>(
  server: Server,
  modern: boolean,
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  return (...args) => {
    if (!modern && server.getClientCapabilities() === undefined)
      throw new ProtocolError(NOT_INITIALIZED_CODE, notInitializedMessage(args[0].method));
    return handler(...args);
  };
}

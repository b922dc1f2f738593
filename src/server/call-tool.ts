import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Confirm } from '../registry/authorize.js';
import type { Hub } from '../session/hub.js';
import { errorText } from '../util/text.js';
import type { Logger } from '../walker/types.js';
import { internalErrorResult, toCallResult } from './call-result.js';
import { elicitationConfirm } from './elicit-confirm.js';
import { structuredResult } from './structured-result.js';
import { closestNames } from './suggest.js';
import type { ToolNames } from './tool-names.js';

export interface CallToolContext {
  hub: Hub;
  server: Server;
  names: ToolNames;
  /** The server's own confirmation prompt; else the client is asked through elicitation (when it can be). */
  confirm: Confirm | undefined;
  includeScreen: boolean;
  logger: Logger;
  /** The names the connection lists now (for suggestions). */
  listedNames(): string[];
}

/**
 * One tools/call: resolve the called name, run it through the hub, and answer a result a model can
 * act on. Never throws: a failure inside the server is an `isError` result too (and is logged).
 */
export async function callTool(
  ctx: CallToolContext,
  called: string,
  args: Record<string, unknown> | undefined,
  request: { requestId: RequestId; signal: AbortSignal; closeSSEStream?: () => void },
): Promise<CallToolResult> {
  try {
    const { hub, names } = ctx;
    const canonical = resolve(ctx, called);
    const listedName = (name: string) => names.listed(name);
    const tool = hub.registry.get(canonical);
    const shownName = tool ? listedName(canonical) : called;
    // Every call gets a way to ask a person: the hub decides from the spec that actually runs, whose
    // annotations may ask for the authorizer when the listed tool's did not (h4: authorizer on the live spec).
    const confirm = ctx.confirm ?? elicitationConfirm(ctx.server, { ...request, listedName: shownName });
    const client = ctx.server.getClientVersion();
    const answer = await hub.call(canonical, args ?? {}, {
      ...(client ? { client: { name: client.name, version: client.version } } : {}),
      ...(confirm ? { confirm } : {}),
      // A cancelled request: a queued call never runs, a running one's CallInfo.signal aborts.
      signal: request.signal,
      // Given by the SDK only to a Streamable HTTP client that can resume (an event store, protocol ≥ 2025-11-25).
      ...(request.closeSSEStream ? { closeStream: request.closeSSEStream } : {}),
    });
    const unknown = !answer.ok && answer.error.code === 'unknown_tool';
    // The tool as the client saw it listed (found only inside the hub when a commit no hook saw made it).
    const structured = answer.ok
      ? await structuredResult(tool ?? hub.registry.get(canonical), answer.value, shownName)
      : undefined;
    return toCallResult(answer, {
      includeScreen: ctx.includeScreen,
      listedName,
      ...(structured ? { structured } : {}),
      ...(unknown ? { suggestions: closestNames(called, ctx.listedNames()) } : {}),
    });
  } catch (error) {
    (ctx.logger.error ?? ctx.logger.warn)(
      `ink-mcp: the call to "${called}" failed inside the server: ${errorText(error)}`,
    );
    return internalErrorResult(called, error);
  }
}

/** The canonical name a called one means (the called name itself when nothing matches). */
function resolve({ hub, names }: CallToolContext, called: string): string {
  // The common case in O(1): a name this connection listed, or a canonical name, of a registered tool.
  // (What follows lists every name, which a large app pays on every call.)
  const listed = names.canonicalOf(called);
  if (listed !== undefined ? hub.registry.get(listed) : hub.registry.get(called)) return listed ?? called;
  const known = names.resolve(
    called,
    hub.registry.list().map((t) => t.name),
  );
  if (known !== undefined) return known;
  // It may name a tool from a commit no hook saw: re-read every session once, then look again.
  return (
    names.resolve(
      called,
      hub.list().map((t) => t.name),
    ) ?? called
  );
}

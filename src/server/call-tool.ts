import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import type { RegisteredTool } from '../registry/registry.js';
import type { CallAnswer } from '../session/hub.js';
import { errorText } from '../util/text.js';
import { actionsText, callAct, sessionActionLines } from './act-tool.js';
import { type CallResultOptions, internalErrorResult, shownView, toCallResult } from './call-result.js';
import type { CallToolContext } from './call-tool-context.js';
import { hasOutputSchema, type StructuredCheck, structuredResult } from './structured-result.js';
import { closestNames } from './suggest.js';
import { ToolCall } from './tool-call.js';

/**
 * One tools/call: the request made into its one `ToolCall` (the called name resolved), run through
 * the hub, and answered with a result a model can act on. Never throws: a failure inside the server
 * is an `isError` result too (and is logged). `confirmFor` and `viewConfirm`: see `ToolCall`.
 */
export function callTool(
  ctx: CallToolContext,
  called: string,
  args: Record<string, unknown> | undefined,
  request: ServerContext,
  confirmFor: ((listedName: string) => Confirm) | undefined,
  viewConfirm: Confirm | undefined,
): Promise<CallToolResult> {
  // Not an async function: its frame was the largest thing a trivial call allocated. The call is
  // made here, the hub runs it, and `finish` words the answer.
  let call: ToolCall;
  let answered: Promise<CallAnswer>;
  try {
    call = new ToolCall(ctx, called, args, request, confirmFor, viewConfirm);
    // An `act` call refused at once is answered.
    if (call.refused !== undefined)
      return Promise.resolve(answer(ctx, call.refused, call.act, call.listedName, call.signal));
    const { act, acting } = call;
    answered =
      act !== undefined && acting !== undefined
        ? callAct(ctx.hub, act, acting, call)
        : ctx.hub.call(call.canonical, call.args, call, call.tool);
  } catch (error) {
    return Promise.resolve(failed(ctx, called, error));
  }
  return answered.then(
    (result) => {
      try {
        const finished = finish(ctx, call, result);
        return finished instanceof Promise ? finished.catch((error) => failed(ctx, called, error)) : finished;
      } catch (error) {
        return failed(ctx, called, error);
      }
    },
    (error: unknown) => failed(ctx, called, error),
  );
}

/** The hub's answer as an MCP result (after the structured check and the list notice, when due). */
function finish(
  ctx: CallToolContext,
  call: ToolCall,
  result: CallAnswer,
): CallToolResult | Promise<CallToolResult> {
  const { hub } = ctx;
  // The tool as the client saw it listed (found only inside the hub when a commit no hook saw made it).
  const target = call.tool ?? hub.registry.get(call.canonical);
  // Only a tool with an outputSchema answers structured content: the others skip the (async) check.
  const checks = result.ok && hasOutputSchema(target);
  // A call that ended its app is not announced as a change of list: the answer says the app and its
  // tools are gone, and its server is going (a client that listed again would find it closed).
  const changed = result.ok && !result.stopped && (result.added.length > 0 || result.removed.length > 0);
  if (!checks && !changed) return worded(ctx, call, target, result, undefined);
  // The structured check, then the notice, then the answer (the notice must come before it).
  return (async () => {
    const structured =
      checks && result.ok ? await structuredResult(target, result.value, call.shownName) : undefined;
    if (changed) await ctx.announceChanges(call.requestId);
    return worded(ctx, call, target, result, structured);
  })();
}

function worded(
  ctx: CallToolContext,
  call: ToolCall,
  target: RegisteredTool | undefined,
  result: CallAnswer,
  structured: StructuredCheck | undefined,
): CallToolResult {
  const unknown = !result.ok && result.error.code === 'unknown_tool';
  const sessionId = call.act ?? sessionOf(target);
  const extra: Pick<CallResultOptions, 'structured' | 'suggestions'> = {};
  if (structured) extra.structured = structured;
  if (unknown) extra.suggestions = closestNames(call.called, ctx.listedNames());
  return answer(ctx, result, sessionId, call.listedName, call.signal, extra);
}

/** A failure inside the server, logged, as the `isError` result the client gets. */
function failed(ctx: CallToolContext, called: string, error: unknown): CallToolResult {
  (ctx.logger.error ?? ctx.logger.warn)(
    `ink-mcp: the call to "${called}" failed inside the server: ${errorText(error)}`,
  );
  return internalErrorResult(called, error);
}

/**
 * The answer as an MCP result: on the stable surface with the session's actions available now, and
 * with what this client was already told left out (the whole list on its first answer about the
 * session, on screen.read, and when the change is longer than the list).
 */
function answer(
  ctx: CallToolContext,
  result: CallAnswer,
  sessionId: string | undefined,
  listedName: (canonical: string) => string,
  signal: AbortSignal,
  extra: Pick<CallResultOptions, 'structured' | 'suggestions'> = {},
): CallToolResult {
  const { hub, told } = ctx;
  const live = sessionId !== undefined && hub.session(sessionId) !== undefined;
  const view = shownView(result, ctx.includeScreen);
  const options: CallResultOptions = {
    includeScreen: ctx.includeScreen,
    listedName,
    blocks: ctx.blocks,
    surface: ctx.surface,
  };
  if (extra.structured !== undefined) options.structured = extra.structured;
  if (extra.suggestions !== undefined) options.suggestions = extra.suggestions;
  if (!live) return toCallResult(result, options);
  if (told !== undefined && view !== undefined) options.known = told.known(sessionId, view);
  const lines = ctx.surface === 'stable' ? sessionActionLines(hub, sessionId) : undefined;
  if (lines !== undefined) options.actions = actionsText(ctx, sessionId, lines, result);
  // An answer to a cancelled request reaches no one: the client was told nothing.
  if (told !== undefined && !signal.aborted) {
    told.record(sessionId, lines, view);
  }
  return toCallResult(result, options);
}

/** The session a registered tool belongs to (none for a server-level tool). */
function sessionOf(tool: RegisteredTool | undefined): string | undefined {
  return tool?.derived ? tool.sessionId : undefined;
}

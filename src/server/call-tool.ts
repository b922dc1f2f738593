import type { CallToolResult, RequestId, Server } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import { invalidArguments } from '../registry/call-error.js';
import type { RegisteredTool } from '../registry/registry.js';
import { ScreenReading } from '../screen/screen-view.js';
import type { CallAnswer, CallContext, Hub } from '../session/hub.js';
import type { Logger } from '../util/logger.js';
import { errorText } from '../util/text.js';
import { SCREEN_READ } from '../walker/builtin-catalog.js';
import { RESERVED_WIDGET_IDS } from '../walker/reserved-ids.js';
import { sessionToolName, toolName, widgetActionName } from '../walker/tool-name.js';
import { actionLines, actionsChangeText, allActionsText } from './actions-now.js';
import {
  type AnswerBlocks,
  type CallResultOptions,
  internalErrorResult,
  shownView,
  toCallResult,
} from './call-result.js';
import { elicitationConfirm } from './elicit-confirm.js';
import { actName, actSessionOf, readAct, type Surface } from './stable-surface.js';
import { hasOutputSchema, type StructuredCheck, structuredResult } from './structured-result.js';
import { closestNames } from './suggest.js';
import type { Told } from './told.js';
import type { ToolNames } from './tool-names.js';

export interface CallToolContext {
  hub: Hub;
  server: Server;
  names: ToolNames;
  /** The server's own confirmation prompt; else the client is asked through elicitation (when it can be). */
  confirm: Confirm | undefined;
  includeScreen: boolean;
  blocks: AnswerBlocks;
  surface: Surface;
  logger: Logger;
  /**
   * What this connection's answers last told its client, so that an answer says what changed; none
   * (every answer whole) where there is no connection to remember by (a stateless HTTP request).
   */
  told?: Told;
  /** The names the connection lists now (for suggestions). */
  listedNames(): string[];
  /**
   * Tells the client, on this call's own stream, that its tool list changed (if it did), so the
   * notification arrives before the call's answer: a client that re-lists on it has the new tools
   * for its next step.
   */
  announceChanges(requestId: RequestId): Promise<void>;
}

/** What one tools/call request brings besides its name and arguments. */
export interface CallRequest {
  requestId: RequestId;
  signal: AbortSignal;
  closeSSEStream?: () => void;
  /** The caller as this request names it (2026-07-28); else the one `initialize` named. */
  client?: { name: string; version: string };
  /** Asks the person in band (2026-07-28 `input_required`) instead of through elicitation. */
  confirmFor?: (listedName: string) => Confirm;
  /**
   * Asks the person watching the session, giving the client's MCP App view a moment to open first
   * (a host renders it as the call starts): where neither of the above can ask.
   */
  viewConfirm?: Confirm;
}

/**
 * One tools/call: resolve the called name, run it through the hub, and answer a result a model can
 * act on. Never throws: a failure inside the server is an `isError` result too (and is logged).
 */
export function callTool(
  ctx: CallToolContext,
  called: string,
  args: Record<string, unknown> | undefined,
  request: CallRequest,
): Promise<CallToolResult> {
  // Not an async function: its frame was the largest thing a trivial call allocated. The call is
  // prepared here, the hub runs it, and `finish` words the answer.
  let call: Called;
  let answered: Promise<CallAnswer>;
  try {
    const prepared = prepare(ctx, called, args, request);
    if (!isCalled(prepared)) return Promise.resolve(prepared);
    call = prepared;
    answered = prepared.answered;
  } catch (error) {
    return Promise.resolve(failed(ctx, called, error));
  }
  return answered.then(
    (result) => {
      try {
        const finished = finish(ctx, call, result, request);
        return finished instanceof Promise ? finished.catch((error) => failed(ctx, called, error)) : finished;
      } catch (error) {
        return failed(ctx, called, error);
      }
    },
    (error: unknown) => failed(ctx, called, error),
  );
}

/** A call on its way through the hub, and what its answer needs to know of it. */
interface Called {
  answered: Promise<CallAnswer>;
  called: string;
  canonical: string;
  /** The tool as the client saw it listed, if it is registered. */
  tool: RegisteredTool | undefined;
  shownName: string;
  listedName: (canonical: string) => string;
  /** The session whose `act` tool was called, if it was. */
  act: string | undefined;
  /** The request's: an answer to a cancelled request reaches no one, so it is not remembered. */
  signal: AbortSignal;
}

function isCalled(prepared: Called | CallToolResult): prepared is Called {
  return (prepared as Partial<Called>).answered instanceof Promise;
}

/** Resolves the called name and hands the call to the hub; an `act` call refused at once is answered. */
function prepare(
  ctx: CallToolContext,
  called: string,
  args: Record<string, unknown> | undefined,
  request: CallRequest,
): Called | CallToolResult {
  const { hub, names } = ctx;
  const listed = names.canonicalOf(called);
  const act = actSession(ctx, called, listed);
  const acting = act === undefined ? undefined : readAct(args);
  if (act !== undefined && acting?.ok === false) {
    const error = invalidArguments(actName(act), acting.issues);
    const screen = hub.session(act)?.screen();
    return answer(ctx, { ok: false, error, screen }, act, names.lister, request.signal);
  }
  // An `act` call is the call of the widget's own tool, shown as `widget.action` (it is not listed).
  const shownAction = acting?.ok ? widgetActionName(acting.widget, acting.action) : undefined;
  // The registry is read once per call: here, and the tool found is handed to the hub.
  const { canonical, tool } =
    act !== undefined && acting?.ok
      ? { canonical: toolName(act, acting.widget, acting.action), tool: undefined }
      : resolve(ctx, called, listed);
  const callArgs = acting?.ok ? acting.args : (args ?? {});
  const listedName =
    shownAction === undefined
      ? names.lister
      : (name: string) => (name === canonical ? shownAction : names.listed(name));
  const shownName = tool || shownAction !== undefined ? listedName(canonical) : called;
  // Every call gets a way to ask a person: the hub decides from the spec that actually runs, whose
  // annotations may ask for the authorizer when the listed tool's did not (the widget as it is at
  // call time decides; src/registry/authorize.ts). Last, the person watching the session
  // (ink-mcp watch, a chat client's MCP App view), when the client cannot ask at all.
  const confirm =
    ctx.confirm ??
    request.confirmFor?.(shownName) ??
    elicitationConfirm(ctx.server, request, shownName) ??
    request.viewConfirm ??
    hub.askPerson;
  const client = request.client ?? ctx.server.getClientVersion();
  // A cancelled request: a queued call never runs, a running one's CallInfo.signal aborts.
  const callContext: CallContext = { signal: request.signal };
  if (client) callContext.client = { name: client.name, version: client.version };
  if (confirm) callContext.confirm = confirm;
  // Given by the SDK only to a Streamable HTTP client that can resume (an event store, protocol ≥ 2025-11-25).
  if (request.closeSSEStream) callContext.closeStream = request.closeSSEStream;
  const answered =
    act !== undefined && acting?.ok
      ? hub.callAction(act, acting.widget, acting.action, callArgs, callContext)
      : hub.call(canonical, callArgs, callContext, tool);
  return { answered, called, canonical, tool, shownName, listedName, act, signal: request.signal };
}

/** The hub's answer as an MCP result (after the structured check and the list notice, when due). */
function finish(
  ctx: CallToolContext,
  call: Called,
  result: CallAnswer,
  request: CallRequest,
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
    if (changed) await ctx.announceChanges(request.requestId);
    return worded(ctx, call, target, result, structured);
  })();
}

function worded(
  ctx: CallToolContext,
  call: Called,
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
  const lines =
    ctx.surface === 'stable'
      ? actionLines(hub.registry.sessionTools(sessionId).filter((t) => !RESERVED_WIDGET_IDS.has(t.widgetId)))
      : undefined;
  if (lines !== undefined) options.actions = actionsText(ctx, sessionId, lines, result);
  // An answer to a cancelled request reaches no one: the client was told nothing.
  if (told !== undefined && !signal.aborted) {
    told.record(sessionId, lines, view);
  }
  return toCallResult(result, options);
}

/**
 * The actions part of an answer: what changed since this client's last answer about the session,
 * or the whole list (the first answer, a screen.read, a call to an action that is not there, a
 * change longer than the list, a session without screen.read to recover the whole list with, a
 * connection that remembers nothing).
 */
function actionsText(
  ctx: CallToolContext,
  sessionId: string,
  lines: ReturnType<typeof actionLines>,
  result: CallAnswer,
): string {
  const act = ctx.names.listed(actName(sessionId));
  const before = ctx.told?.actions(sessionId);
  const read = sessionToolName(sessionId, SCREEN_READ.name);
  const reading = result.ok && result.value instanceof ScreenReading;
  // A call to an action that is not there says the model's picture is off: it gets the whole list.
  const astray =
    !result.ok && (result.error.code === 'widget_unavailable' || result.error.code === 'unknown_tool');
  if (before === undefined || reading || astray || ctx.hub.registry.get(read) === undefined)
    return allActionsText(lines, act, sessionId);
  return (
    actionsChangeText(lines, before, act, ctx.names.listed(read), sessionId) ??
    allActionsText(lines, act, sessionId)
  );
}

/** The session a registered tool belongs to (none for a server-level tool). */
function sessionOf(tool: RegisteredTool | undefined): string | undefined {
  return tool?.derived ? tool.sessionId : undefined;
}

/**
 * The session whose `act` tool a called name means: its listed name, `session.act`, or `session_act`
 * (called before any listing; a server-level tool of that name wins).
 */
function actSession(
  { hub }: CallToolContext,
  called: string,
  listed: string | undefined,
): string | undefined {
  const found = actSessionOf(listed ?? called, hub.hasSession);
  if (found !== undefined || !called.endsWith('_act') || hub.registry.get(called)) return found;
  return actSessionOf(actName(called.slice(0, -'_act'.length)), hub.hasSession);
}

/**
 * The canonical name a called one means (the called name itself when nothing matches), and its
 * registered tool if there is one now. `listed`: the canonical name `called` was listed for, if it was.
 */
function resolve(
  { hub, names }: CallToolContext,
  called: string,
  listed: string | undefined,
): { canonical: string; tool: RegisteredTool | undefined } {
  // The common case in O(1): a name this connection listed, or a canonical name, of a registered tool.
  // (What follows lists every name, which a large app pays on every call.)
  const direct = listed ?? called;
  const tool = hub.registry.get(direct);
  if (tool !== undefined) return { canonical: direct, tool };
  const known = names.resolve(
    called,
    hub.registry.list().map((t) => t.name),
  );
  if (known !== undefined) return { canonical: known, tool: hub.registry.get(known) };
  // It may name a tool from a commit no hook saw: re-read every session once, then look again.
  const canonical =
    names.resolve(
      called,
      hub.list().map((t) => t.name),
    ) ?? called;
  return { canonical, tool: hub.registry.get(canonical) };
}

import type { RequestId, ServerContext } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import type { RegisteredTool } from '../registry/registry.js';
import type { CallContext } from '../session/call-context.js';
import type { CallAnswer } from '../session/hub.js';
import { type ActCall, actListedName, actRefused, actSession, actToolName, readAct } from './act-tool.js';
import type { CallToolContext } from './call-tool-context.js';
import { type ClientInfo, cleanClientInfo } from './client-info.js';
import { elicitationConfirm } from './elicit-confirm.js';

/**
 * One tools/call request: made once, as the request arrives, and handed by reference to the hub, the
 * session's dispatcher and the handler's `CallInfo` (it is their `CallContext`) and back to the
 * answer. It holds the request's facts (id, signal, caller, the stream to close), what the called
 * name means (the canonical name, the tool, how names are shown in the answer) and who is asked
 * about it. Read-only once made. (A class: one object of one shape a call, no closures of its own.)
 */
export class ToolCall implements CallContext {
  /** The name as the client called it. */
  readonly called: string;
  readonly requestId: RequestId;
  /** The request's: a queued call never runs, a running one's `CallInfo.signal` aborts; its answer is not remembered. */
  readonly signal: AbortSignal;
  /** The caller as this request names it (2026-07-28); else the one `initialize` named. */
  readonly client: ClientInfo | undefined;
  /** Given by the SDK only to a Streamable HTTP client that can resume (an event store, protocol ≥ 2025-11-25). */
  readonly closeStream: (() => void) | undefined;
  /** The session whose `act` tool was called, if it was. */
  readonly act: string | undefined;
  /** The `act` call's arguments, read: the widget's action to call, and its own arguments. */
  readonly acting: ActCall | undefined;
  /** An `act` call refused at once (its arguments are not `{widget, action, args}`): the answer. */
  readonly refused: CallAnswer | undefined;
  readonly canonical: string;
  /** The tool as the client saw it listed, if it is registered (the registry is read once a call: here). */
  readonly tool: RegisteredTool | undefined;
  /** The arguments the hub validates (an `act` call's: the action's own). */
  readonly args: unknown;
  /** The name the answer shows for the called tool. */
  readonly shownName: string;
  /** Names as the answer shows them: listed, and an `act` call's action as `widget.action` (it is not listed). */
  readonly listedName: (canonical: string) => string;
  readonly confirm: Confirm | undefined;

  /**
   * `confirmFor`: asks the person in band (2026-07-28 `input_required`) instead of through
   * elicitation. `viewConfirm`: asks the person watching the session, giving the client's MCP App
   * view a moment to open first (a host renders it as the call starts): where neither can ask.
   */
  constructor(
    calls: CallToolContext,
    called: string,
    args: Record<string, unknown> | undefined,
    request: ServerContext,
    confirmFor: ((listedName: string) => Confirm) | undefined,
    viewConfirm: Confirm | undefined,
  ) {
    const { hub, names } = calls;
    this.called = called;
    this.requestId = request.mcpReq.id;
    this.signal = request.mcpReq.signal;
    this.closeStream = request.http?.closeSSE;
    // 2026-07-28: who calls is said by each request (a fresh object); else initialize's, copied for this call.
    const sent = calls.modern ? envelopeClient(request.mcpReq.envelope) : undefined;
    const client = sent ?? calls.server.getClientVersion();
    this.client = sent ?? (client ? { name: client.name, version: client.version } : undefined);
    const listed = names.canonicalOf(called);
    const act = actSession(hub, called, listed);
    this.act = act;
    const reading = act === undefined ? undefined : readAct(args);
    if (act !== undefined && reading?.ok === false) {
      this.refused = actRefused(hub, act, reading.issues);
      this.acting = undefined;
      this.canonical = called;
      this.tool = undefined;
      this.args = args;
      this.listedName = names.lister;
      this.shownName = called;
      this.confirm = undefined;
      return;
    }
    this.refused = undefined;
    const acting = act !== undefined && reading?.ok ? reading : undefined;
    this.acting = acting;
    if (act !== undefined && acting) {
      this.canonical = actToolName(act, acting);
      this.tool = undefined;
      this.args = acting.args;
      this.listedName = actListedName(names, this.canonical, acting);
    } else {
      const found = resolve(calls, called, listed);
      this.canonical = found.canonical;
      this.tool = found.tool;
      this.args = args ?? {};
      this.listedName = names.lister;
    }
    const shownName = this.tool || acting ? this.listedName(this.canonical) : called;
    this.shownName = shownName;
    // Every call gets a way to ask a person: the hub decides from the spec that actually runs, whose
    // annotations may ask for the authorizer when the listed tool's did not (the widget as it is at
    // call time decides; src/registry/authorize.ts). Last, the person watching the session
    // (ink-mcp watch, a chat client's MCP App view), when the client cannot ask at all.
    this.confirm =
      calls.confirm ??
      confirmFor?.(shownName) ??
      elicitationConfirm(calls.server, this, shownName) ??
      viewConfirm ??
      hub.askPerson;
  }
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

/**
 * The caller a 2026-07-28 request names in its envelope (`io.modelcontextprotocol/clientInfo`, a
 * SHOULD since spec PR #3002), cleaned like an initialize's `clientInfo`. The SDK's type for the
 * envelope has no members (`Partial<RequestMetaEnvelope>`), hence the read by key.
 */
function envelopeClient(envelope: object | undefined): ClientInfo | undefined {
  const raw = (envelope as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/clientInfo'];
  return typeof raw === 'object' && raw !== null ? cleanClientInfo(raw) : undefined;
}

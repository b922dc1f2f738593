import { type Authorizer, authorizeCall, type Confirm, type ConfirmOutcome } from '../registry/authorize.js';
import {
  type CallError,
  cancelled,
  sessionNotRunning,
  unknownTool,
  widgetUnavailable,
} from '../registry/call-error.js';
import type { BreakerOptions } from '../registry/circuit-breaker.js';
import { type RegisteredTool, Registry, type StaticTool } from '../registry/registry.js';
import { type ArgsResult, ArgsValidator } from '../registry/validate-args.js';
import type { Logger } from '../util/logger.js';
import { stderrLogger } from '../util/logger.js';
import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { sessionOf, toolName } from '../walker/tool-name.js';
import type { ToolDef } from '../walker/types.js';
import { OWED_ANSWER_GRACE_MS } from './answers-owed.js';
import type { CallContext } from './call-context.js';
import { type CoalesceOptions, coalesce } from './coalesce.js';
import { Dispatcher } from './dispatcher.js';
import { runStatic } from './run-static.js';
import type { DispatchResult, Session } from './session.js';
import type { SessionHost } from './session-host.js';
import { Synchronizer } from './synchronizer.js';

export type { CallContext } from './call-context.js';

/** A breaker's admission of one call, told how the call went. */
type Ticket = Parameters<Registry['breakers']['record']>[0];

export interface HubOptions {
  /** Decides calls to sensitive or destructive tools. Without one they are denied. */
  authorize?: Authorizer;
  /** How long a handler may run before its call answers a timeout. @default 30_000 */
  callTimeoutMs?: number;
  breaker?: BreakerOptions;
  /** Coalescing of the "tools changed" event. @default { waitMs: 34, maxWaitMs: 100 } */
  coalesce?: CoalesceOptions;
  /** @default stderr */
  logger?: Logger;
}

/** A call's answer, as data: the server turns it into an MCP result. */
export type CallAnswer =
  | (DispatchResult & {
      /** The call ran with the yes of the person watching the session (`ink-mcp watch`). */
      approvedBy?: 'person';
    })
  | { ok: false; error: CallError; fault?: boolean; screen?: string; mode?: string };

interface Attached {
  session: Session;
  sync: Synchronizer;
  dispatcher: Dispatcher;
  detach: () => void;
}

/** A called name, resolved once for the whole call path. */
type Target = { tool: StaticTool; attached?: undefined } | { tool: ToolDef; attached: Attached };

/** Who was asked to approve a call, and how it ended: the person watching, or the client's user. */
export interface ConsentSeen {
  by: 'person' | 'client';
  outcome: ConfirmOutcome;
}

/** A call as a watcher sees it go by (`Hub.calls`): asked, then answered. */
export type CallEvent =
  | { phase: 'asked'; seq: number; name: string; args: unknown }
  | { phase: 'answered'; seq: number; name: string; answer: CallAnswer; consent: ConsentSeen | undefined };

/** How many stopped sessions the hub remembers, so their late callers hear `session_not_running`. */
const REMEMBERED_STOPS = 64;

/**
 * The framework-free core shared by every connection: the registry, the sessions attached to it
 * (each with its synchronizer and dispatcher), and the call path (breaker → argument validation →
 * authorizer → the session's dispatcher). Calls flow one way: the hub tells a dispatcher what to run;
 * nothing below calls back up.
 */
export class Hub implements SessionHost {
  readonly registry: Registry;
  readonly #sessions = new Map<string, Attached>();
  /**
   * Sessions that were attached and are gone, oldest first (bounded): how their app ended, when
   * known, and its last screen, which a late call is answered with.
   */
  readonly #stopped = new Map<string, { exit: string | undefined; screen: string | undefined }>();
  readonly #validator = new ArgsValidator();
  readonly #options: HubOptions;
  readonly #logger: Logger;
  readonly #toolsChanged: Subscribable<void>;
  #quiet = false;
  readonly #notify;
  /** Calls accepted and not yet answered (what a drain waits for). */
  readonly #inFlight = new Set<Promise<CallAnswer>>();
  #closed = false;
  #draining = false;
  #seq = 0;
  /**
   * Every call as it is asked and answered, for watchers (`ink-mcp watch`). Costs nothing while
   * nobody listens.
   */
  readonly calls = new Subscribable<CallEvent>();

  constructor(options: HubOptions = {}) {
    this.#options = options;
    this.#logger = options.logger ?? stderrLogger;
    this.registry = new Registry({
      ...(options.breaker ? { breakers: options.breaker } : {}),
      logger: this.#logger,
    });
    const logger = this.#logger;
    this.#toolsChanged = new Subscribable<void>((error) =>
      (logger.error ?? logger.warn)(`ink-mcp: a "tools changed" listener threw: ${errorText(error)}`),
    );
    this.#notify = coalesce(() => this.#toolsChanged.emit(), options.coalesce);
    this.registry.changes.subscribe(() => {
      if (!this.#quiet) this.#notify.trigger();
    });
  }

  /** Registers a session's tools and keeps them in sync with its commits until detached or stopped. */
  attach(session: Session): () => void {
    if (this.#closed) return () => {};
    if (this.#sessions.has(session.id)) {
      this.#logger.warn(
        `ink-mcp: a second session with id "${session.id}" was not attached: session ids must be unique per server. Give each McpSession its own id.`,
      );
      return () => {};
    }
    const sync = new Synchronizer(
      { sessionId: session.id, typeMap: session.typeMap, source: session.source, cache: session.deriveCache },
      this.registry,
      this.#logger,
    );
    const dispatcher = new Dispatcher(session, sync, {
      timeoutMs: this.#options.callTimeoutMs ?? 30_000,
      authorize: this.#options.authorize,
    });
    const unsubscribe = session.onChange(() => sync.sync());
    const stopListener = session.onStop(() => detach());
    const detach = () => {
      if (this.#sessions.get(session.id)?.session !== session) return;
      unsubscribe();
      stopListener();
      this.#sessions.delete(session.id);
      this.#remember(session);
      dispatcher.stop();
      this.registry.removeSession(session.id);
    };
    this.#stopped.delete(session.id);
    this.#sessions.set(session.id, { session, sync, dispatcher, detach });
    sync.sync();
    return detach;
  }

  session(id: string): Session | undefined {
    return this.#sessions.get(id)?.session;
  }

  /** Whether a session of that id is attached (a function made once, for callers to hand on). */
  readonly hasSession = (id: string): boolean => this.#sessions.has(id);

  sessions(): Session[] {
    return [...this.#sessions.values()].map((a) => a.session);
  }

  /**
   * Re-reads every session's tree and lists the tools. The re-read covers commits React made without
   * touching the host tree, which no commit hook sees.
   */
  list(): readonly RegisteredTool[] {
    for (const { session, sync } of this.#sessions.values())
      if (session.running) sync.sync(session.toolTree(true));
    return this.registry.list();
  }

  /**
   * A `Confirm` that asks the person watching the call's session (`Session.person`), for a client
   * that cannot ask (no elicitation): no watcher attached, and the call is refused as before.
   */
  readonly askPerson: Confirm = (request, options) => {
    const session = this.#sessions.get(request.sessionId)?.session;
    if (session === undefined) return Promise.resolve({ unanswered: 'no_one' });
    return session.person.ask(request, options);
  };

  /** Called (coalesced: one call per burst) when the tool list changed. */
  onToolsChanged(listener: () => void): () => void {
    return this.#toolsChanged.subscribe(listener);
  }

  /**
   * Calls the action `action` of the widget `widgetId` in a session: the tool `session.widget.action`,
   * by exactly the rules of calling it by name. When no widget on screen offers it, the answer says
   * whether the widget is there at all (`widget_unavailable`, absent or disabled), not "unknown tool".
   */
  callAction(
    sessionId: string,
    widgetId: string,
    action: string,
    rawArgs: unknown,
    ctx: CallContext = NO_CONTEXT,
  ): Promise<CallAnswer> {
    const name = toolName(sessionId, widgetId, action);
    const attached = this.#sessions.get(sessionId);
    if (attached?.session.running && !this.registry.get(name) && !this.#resync(name)) {
      const present = this.registry.sessionTools(sessionId).some((t) => t.widgetId === widgetId);
      const error = present
        ? widgetUnavailable(name, widgetId, 'disabled', action)
        : widgetUnavailable(name, widgetId, 'absent', action, this.registry.shownBefore(sessionId, widgetId));
      const { mode } = attached.session;
      return Promise.resolve({
        ok: false,
        error,
        screen: attached.session.screen(),
        ...(mode === undefined ? {} : { mode }),
      });
    }
    return this.call(name, rawArgs, ctx);
  }

  /** `known`: the tool registered under `name`, when the caller has just looked it up (the registry is read once a call). */
  call(
    name: string,
    rawArgs: unknown,
    ctx: CallContext = NO_CONTEXT,
    known?: RegisteredTool,
  ): Promise<CallAnswer> {
    const target = this.#target(name, known);
    if ('code' in target) {
      // A late call to an app that has gone sees how it went: its last screen (where the reason is).
      const screen =
        target.code === 'session_not_running' ? this.#stopped.get(target.sessionId)?.screen : undefined;
      return Promise.resolve({ ok: false, error: target, ...(screen === undefined ? {} : { screen }) });
    }
    const admission = this.registry.breakers.admit(name);
    if (!admission.ok) return Promise.resolve({ ok: false, error: admission.error });
    const { ticket } = admission;
    if (this.calls.size > 0) return this.#watched(name, rawArgs, ctx, target, ticket);
    return this.#track(this.#admitted(target, rawArgs, ctx, ctx.onConsent), ticket);
  }

  /**
   * A running call kept in flight until it is answered, its breaker told how it went, and `told`
   * given its answer. Plain `then`s, not an async function: a trivial call is a few microseconds,
   * and each await counts.
   */
  #track(
    running: Promise<CallAnswer>,
    ticket: Ticket,
    told?: (result: CallAnswer) => void,
  ): Promise<CallAnswer> {
    const answer = running.then(
      (result) => {
        this.#inFlight.delete(answer);
        this.registry.breakers.record(ticket, result.ok ? 'success' : result.fault ? 'fault' : 'neutral');
        told?.(result);
        return result;
      },
      (error: unknown) => {
        this.#inFlight.delete(answer);
        this.registry.breakers.record(ticket, 'neutral');
        throw error;
      },
    );
    this.#inFlight.add(answer);
    return answer;
  }

  /** `call`, told to the watchers: asked now, answered with who approved it (when anyone was asked). */
  #watched(
    name: string,
    rawArgs: unknown,
    ctx: CallContext,
    target: Target,
    ticket: Ticket,
  ): Promise<CallAnswer> {
    const seq = ++this.#seq;
    let consent: ConsentSeen | undefined;
    const by = asksPerson(ctx.confirm, this.askPerson) ? 'person' : 'client';
    // The watchers' own listener, beside the call's context (which stays as its maker made it).
    const onConsent = (outcome: ConfirmOutcome) => {
      consent = { by, outcome };
    };
    this.calls.emit({ phase: 'asked', seq, name, args: rawArgs });
    return this.#track(this.#admitted(target, rawArgs, ctx, onConsent), ticket, (result) =>
      this.calls.emit({ phase: 'answered', seq, name, answer: result, consent }),
    );
  }

  /**
   * Stops accepting calls (each answers `session_not_running`, "the server is shutting down"), drops
   * every queued call unrun, and resolves once the calls already running have finished, or after
   * `timeoutMs`. For a clean exit: stdin's end, SIGTERM, an HTTP server's close.
   */
  async drain(timeoutMs = OWED_ANSWER_GRACE_MS): Promise<void> {
    this.#draining = true;
    for (const { dispatcher } of this.#sessions.values()) dispatcher.drain();
    // Queued calls were answered just now; what is left is running (or being validated or authorized).
    const running = Promise.all([...this.#inFlight].map((p) => p.then(noop, noop)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref?.();
    });
    await Promise.race([running, bound]);
    clearTimeout(timer);
  }

  /** The called name resolved once: the tool and, for a derived one, its running session. */
  #target(name: string, known: RegisteredTool | undefined): Target | CallError {
    if (this.#draining) return sessionNotRunning(name, sessionOf(name), 'shutting_down');
    const tool = known ?? this.registry.get(name) ?? this.#resync(name);
    if (!tool) {
      const stopped = this.#stoppedSessionOf(name);
      return stopped === undefined
        ? unknownTool(name)
        : sessionNotRunning(name, stopped, 'stopped', this.#stopped.get(stopped)?.exit);
    }
    if (!tool.derived) return { tool };
    const attached = this.#sessions.get(tool.sessionId);
    if (!attached?.session.running) return sessionNotRunning(name, tool.sessionId);
    return { tool, attached };
  }

  /**
   * A name not registered may belong to a tool that appeared in a commit no hook saw: re-read that
   * session and look again. (A registered tool is not re-read here: live resolution will answer
   * precisely why its widget cannot act, which a vanished name could not.)
   */
  #resync(name: string): RegisteredTool | undefined {
    const attached = this.#sessions.get(sessionOf(name));
    if (!attached?.session.running) return undefined;
    // Forced: a source that changed its tree in place (plain data) still gets re-derived here.
    attached.sync.sync(attached.session.toolTree(true), true);
    return this.registry.get(name);
  }

  /** The stopped session a name belongs to (its first segment), if the hub remembers one. */
  #stoppedSessionOf(name: string): string | undefined {
    const sessionId = sessionOf(name);
    return this.#stopped.has(sessionId) && !this.#sessions.has(sessionId) ? sessionId : undefined;
  }

  #remember(session: Session): void {
    this.#stopped.delete(session.id);
    let screen: string | undefined;
    try {
      screen = session.screen();
    } catch {
      // A screen that cannot be read any more: the late call is answered without it.
    }
    this.#stopped.set(session.id, { exit: session.exit, screen });
    if (this.#stopped.size > REMEMBERED_STOPS) {
      const oldest = this.#stopped.keys().next();
      if (!oldest.done) this.#stopped.delete(oldest.value);
    }
  }

  /**
   * Validates, then hands the call to its session's dispatcher (or runs a server-level tool). Not an
   * async function: a JSON Schema validates synchronously, and a trivial call pays for every await.
   */
  #admitted(
    target: Target,
    rawArgs: unknown,
    ctx: CallContext,
    onConsent: CallContext['onConsent'],
  ): Promise<CallAnswer> {
    try {
      const { tool } = target;
      // Validate before asking anyone: a person should only ever approve a call that can run.
      // Only zod (async refinements) needs to be awaited.
      if (tool.zod)
        return this.#validator
          .validate(tool, rawArgs)
          .then((valid) => this.#valid(target, valid, ctx, onConsent));
      return this.#valid(
        target,
        this.#validator.validateJson(tool.name, tool.inputSchema, rawArgs),
        ctx,
        onConsent,
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #valid(
    { tool, attached }: Target,
    valid: ArgsResult,
    ctx: CallContext,
    onConsent: CallContext['onConsent'],
  ): Promise<CallAnswer> {
    if (!valid.ok) return Promise.resolve({ ok: false, error: valid.error });
    // A session's call is authorized by its dispatcher, in the session's slot, against the widget as
    // it is when its turn comes (issue #28); a server-level tool has no queue and is asked here.
    if (attached) {
      const { confirm } = ctx;
      const person = asksPerson(confirm, this.askPerson);
      let approvedByPerson = false;
      // The question as the dispatcher asks it: the call's own, or (to hear its outcome) wrapped.
      const asking: Confirm | undefined =
        confirm && (person || onConsent)
          ? (request, options) =>
              confirm(request, options).then((outcome) => {
                onConsent?.(outcome);
                approvedByPerson = person && outcome === true;
                return outcome;
              })
          : confirm;
      const dispatched = attached.dispatcher.dispatch(tool, valid.args, ctx, asking);
      // The answer says the person watching approved it (their yes, not the client's).
      if (!person) return dispatched;
      return dispatched.then((result) =>
        approvedByPerson && result.ok ? { ...result, approvedBy: 'person' as const } : result,
      );
    }
    return this.#runStatic(tool, valid.args, ctx);
  }

  async #runStatic(tool: StaticTool, args: Record<string, unknown>, ctx: CallContext): Promise<CallAnswer> {
    const { authorize } = this.#options;
    const timeoutMs = this.#options.callTimeoutMs ?? 30_000;
    const auth = await authorizeCall(tool, args, {
      sessionId: '',
      ...(authorize ? { authorize } : {}),
      ...(ctx.confirm ? { confirm: ctx.confirm } : {}),
      ...(ctx.client ? { client: ctx.client } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    if (!auth.ok) return { ok: false, error: auth.error };
    if (ctx.signal?.aborted) return { ok: false, error: cancelled(tool.name, false) };
    return runStatic(tool, args, timeoutMs, ctx.client, ctx.signal, ctx.closeStream);
  }

  /**
   * The server is about to close (its last app has gone): changes from now on are not announced, and
   * a pending announcement is dropped.
   */
  quiet(): void {
    this.#quiet = true;
    this.#notify.cancel();
  }

  /** Detaches every session and drops pending notifications. */
  close(): void {
    this.#closed = true;
    for (const { detach } of [...this.#sessions.values()]) detach();
    this.#notify.cancel();
    this.#toolsChanged.clear();
    this.calls.clear();
  }
}

function noop(): void {}

/** The context of a call made with none (a direct `Hub.call`): shared, as nothing writes to it. */
const NO_CONTEXT: CallContext = Object.freeze({});

const ASKS_PERSON = Symbol.for('ink-mcp/asks-person@1');

/**
 * Marks a `Confirm` that asks the person watching the session (through `Session.person`, as
 * `Hub.askPerson` does, after something of its own such as waiting for a chat client's view to
 * open): its answer is the person's, and said so.
 */
export function personConfirm(confirm: Confirm): Confirm {
  Object.defineProperty(confirm, ASKS_PERSON, { value: true });
  return confirm;
}

function asksPerson(confirm: Confirm | undefined, askPerson: Confirm): boolean {
  return (
    confirm !== undefined &&
    (confirm === askPerson || (confirm as { [ASKS_PERSON]?: true })[ASKS_PERSON] === true)
  );
}

import { type Authorizer, authorizeCall, type Confirm, needsAuthorization } from '../registry/authorize.js';
import { type CallError, sessionNotRunning, unknownTool } from '../registry/call-error.js';
import type { BreakerOptions } from '../registry/circuit-breaker.js';
import { type RegisteredTool, Registry, type StaticTool } from '../registry/registry.js';
import { ArgsValidator } from '../registry/validate-args.js';
import { stderrLogger } from '../walker/logger.js';
import type { Logger } from '../walker/types.js';
import { type CoalesceOptions, coalesce } from './coalesce.js';
import { runStatic } from './run-static.js';
import type { DispatchResult, Session } from './session.js';
import type { SessionHost } from './session-host.js';
import { Synchronizer } from './synchronizer.js';

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

export interface CallContext {
  client?: { name: string; version?: string };
  /** Asks a person when the authorizer answers 'ask' (the server supplies it per connection). */
  confirm?: Confirm;
}

/** A call's answer, as data: the server turns it into an MCP result. */
export type CallAnswer = DispatchResult | { ok: false; error: CallError; fault?: boolean; screen?: string };

interface Attached {
  session: Session;
  sync: Synchronizer;
  detach: () => void;
}

/**
 * The framework-free core shared by every connection: the registry, the sessions attached to it, and
 * the call path (breaker → argument validation → authorizer → the session's dispatcher).
 */
export class Hub implements SessionHost {
  readonly registry: Registry;
  readonly #sessions = new Map<string, Attached>();
  readonly #validator = new ArgsValidator();
  readonly #options: HubOptions;
  readonly #logger: Logger;
  readonly #listeners = new Set<() => void>();
  readonly #notify;
  #closed = false;

  constructor(options: HubOptions = {}) {
    this.#options = options;
    this.#logger = options.logger ?? stderrLogger;
    this.registry = new Registry({
      ...(options.breaker ? { breakers: options.breaker } : {}),
      logger: this.#logger,
    });
    this.#notify = coalesce(() => {
      for (const listener of [...this.#listeners]) listener();
    }, options.coalesce);
    this.registry.changes.subscribe(() => this.#notify.trigger());
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
    const sync = new Synchronizer(session, this.registry, this.#logger);
    const unsubscribe = session.subscribe((tree) => sync.sync(tree));
    const stopListener = session.onStop(() => detach());
    const detach = () => {
      if (this.#sessions.get(session.id)?.session !== session) return;
      unsubscribe();
      stopListener();
      this.#sessions.delete(session.id);
      this.registry.removeSession(session.id);
    };
    this.#sessions.set(session.id, { session, sync, detach });
    sync.sync();
    return detach;
  }

  session(id: string): Session | undefined {
    return this.#sessions.get(id)?.session;
  }

  sessions(): Session[] {
    return [...this.#sessions.values()].map((a) => a.session);
  }

  /**
   * Re-reads every session's tree and lists the tools. The re-read covers commits React made without
   * touching the host tree, which no commit hook sees.
   */
  list(): readonly RegisteredTool[] {
    for (const { session, sync } of this.#sessions.values())
      if (session.running) sync.sync(session.snapshot());
    return this.registry.list();
  }

  /** Called (coalesced: one call per burst) when the tool list changed. */
  onToolsChanged(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  call(name: string, rawArgs: unknown, ctx: CallContext = {}): Promise<CallAnswer> {
    const tool = this.registry.get(name) ?? this.#resync(name);
    if (!tool) return Promise.resolve({ ok: false, error: unknownTool(name) });
    const session = tool.derived ? this.#sessions.get(tool.sessionId)?.session : undefined;
    if (tool.derived && !session?.running) {
      return Promise.resolve({ ok: false, error: sessionNotRunning(name, tool.sessionId) });
    }
    const admission = this.registry.breakers.admit(name);
    if (!admission.ok) return Promise.resolve({ ok: false, error: admission.error });
    const { ticket } = admission;
    // Plain `then`s, not an async function: a trivial call is a few microseconds, and each await counts.
    return this.#admitted(tool, rawArgs, ctx, session).then(
      (answer) => {
        this.registry.breakers.record(ticket, answer.ok ? 'success' : answer.fault ? 'fault' : 'neutral');
        return answer;
      },
      (error: unknown) => {
        this.registry.breakers.record(ticket, 'neutral');
        throw error;
      },
    );
  }

  /**
   * A name not registered may belong to a tool that appeared in a commit no hook saw: re-read that
   * session and look again. (A registered tool is not re-read here: live resolution will answer
   * precisely why its widget cannot act, which a vanished name could not.)
   */
  #resync(name: string): RegisteredTool | undefined {
    const attached = this.#sessions.get(name.split('.', 1)[0] ?? '');
    if (!attached?.session.running) return undefined;
    // Forced: a source that changed its tree in place (plain data) still gets re-derived here.
    attached.sync.sync(attached.session.snapshot(), true);
    return this.registry.get(name);
  }

  async #admitted(
    tool: RegisteredTool,
    rawArgs: unknown,
    ctx: CallContext,
    session: Session | undefined,
  ): Promise<CallAnswer> {
    // Validate before asking anyone: a person should only ever approve a call that can run.
    // A JSON Schema validates synchronously; only zod (async refinements) needs to be awaited.
    const valid = tool.zod
      ? await this.#validator.validate(tool, rawArgs)
      : this.#validator.validateJson(tool.name, tool.inputSchema, rawArgs);
    if (!valid.ok) return { ok: false, error: valid.error };
    const sessionId = tool.derived ? tool.sessionId : '';
    if (needsAuthorization(tool.annotations)) {
      const auth = await authorizeCall(tool, valid.args, {
        sessionId,
        ...(this.#options.authorize ? { authorize: this.#options.authorize } : {}),
        ...(ctx.confirm ? { confirm: ctx.confirm } : {}),
        ...(ctx.client ? { client: ctx.client } : {}),
      });
      if (!auth.ok) return { ok: false, error: auth.error };
    }
    const timeoutMs = this.#options.callTimeoutMs ?? 30_000;
    if (!tool.derived) return runStatic(tool as StaticTool, valid.args, timeoutMs, ctx.client);
    const attached = this.#sessions.get(sessionId);
    if (!session || !attached) return { ok: false, error: sessionNotRunning(tool.name, sessionId) };
    return session.dispatch(tool, valid.args, {
      timeoutMs,
      ...(ctx.client ? { client: ctx.client } : {}),
      synced: () => attached.sync.sync(),
      toolNames: () => this.registry.sessionToolNames(sessionId),
    });
  }

  /** Detaches every session and drops pending notifications. */
  close(): void {
    this.#closed = true;
    for (const { detach } of [...this.#sessions.values()]) detach();
    this.#notify.cancel();
    this.#listeners.clear();
  }
}

import { type Authorizer, authorizeCall, type Confirm, needsAuthorization } from '../registry/authorize.js';
import {
  type CallError,
  cancelled,
  denied,
  heldByPerson,
  sessionNotRunning,
  widgetUnavailable,
} from '../registry/call-error.js';
import { pickAnnotations } from '../walker/pick-annotations.js';
import type { ActionSpec, ToolAnnotations, ToolDef, ViewNode } from '../walker/types.js';
import { STOP_GRACE_MS } from './answers-owed.js';
import type { CallContext } from './call-context.js';
import { type DispatchResult, diffNames, toDispatchResult } from './call-outcome.js';
import { CallSignal } from './call-signal.js';
import { guardedInput } from './person-keys.js';
import { resolveWidget } from './resolve-widget.js';
import { type RunOutcome, settleWithin } from './run-with-timeout.js';
import { RunningCall } from './running-call.js';
import type { Session } from './session.js';
import type { Synchronizer } from './synchronizer.js';

/** What every call of a session's dispatcher shares: the hub's settings, fixed when it attached the session. */
export interface DispatcherOptions {
  timeoutMs: number;
  /** Decides a call when the listed tool or the spec it runs is sensitive or destructive. */
  authorize: Authorizer | undefined;
}

/**
 * A call waiting for, or holding, the session's one slot: what the hub decided (the tool, the
 * validated arguments, how to ask a person) beside the call's context, held by reference. Answered
 * once: the first of its outcome, a cancellation while queued and the session's stop decides. (A
 * class, not closures: one object a call.)
 */
class Entry {
  readonly tool: ToolDef;
  /** Validated arguments. */
  readonly args: Record<string, unknown>;
  /** The call's context as its maker made it (`signal`: a queued call is dropped unrun, a running one's `CallInfo.signal` aborts). */
  readonly ctx: CallContext;
  /** How the hub asks a person about this call (the context's own, or wrapped to hear the outcome). */
  readonly confirm: Confirm | undefined;
  /** The handler has returned: from then on the call happened, whatever stops after. */
  ran = false;
  /** Created when the handler starts; aborted by a timeout, a cancellation or the session's stop. */
  running: CallSignal | undefined;
  /** Set when the session stopped under a running handler: how long it may still take to return. */
  grace: ReturnType<typeof setTimeout> | undefined;
  /** While queued: stops listening for the caller's cancellation. */
  unlisten: (() => void) | undefined;
  /** Once the handler is done: its outcome, and the session's tool names before it ran. */
  outcome: RunOutcome | undefined;
  before: ReadonlySet<string> | undefined;
  readonly #resolve: (result: DispatchResult) => void;
  readonly #reject: (error: unknown) => void;
  #answered = false;

  constructor(
    tool: ToolDef,
    args: Record<string, unknown>,
    ctx: CallContext,
    confirm: Confirm | undefined,
    resolve: (result: DispatchResult) => void,
    reject: (error: unknown) => void,
  ) {
    this.tool = tool;
    this.args = args;
    this.ctx = ctx;
    this.confirm = confirm;
    this.#resolve = resolve;
    this.#reject = reject;
  }

  answer(result: DispatchResult): void {
    if (this.#settle()) this.#resolve(result);
  }

  /** A bug of ours (the call path threw): the hub's caller reports it. */
  fail(error: unknown): void {
    if (this.#settle()) this.#reject(error);
  }

  #settle(): boolean {
    if (this.#answered) return false;
    this.#answered = true;
    if (this.grace !== undefined) clearTimeout(this.grace);
    this.unlisten?.();
    this.running?.dispose();
    return true;
  }
}

/**
 * Runs one session's calls one at a time, in arrival order, against the widget as it is now: live
 * resolution, the authorizer when the live spec asks for it, `run` with a timeout, React's commit,
 * then the tools brought up to date. The hub owns it and tells it everything it needs as data.
 */
export class Dispatcher {
  readonly #session: Session;
  readonly #sync: Synchronizer;
  readonly #options: DispatcherOptions;
  #active: Entry | undefined;
  /** In arrival order; a Set so a cancelled call leaves the queue in O(1). */
  readonly #waiting = new Set<Entry>();
  /** New calls are refused (the session stopped, or the server drains). */
  #accepting = true;
  /** The session still runs: its tools are re-derived after a call. */
  #live = true;

  constructor(session: Session, sync: Synchronizer, options: DispatcherOptions) {
    this.#session = session;
    this.#sync = sync;
    this.#options = options;
  }

  /**
   * Runs a call in its turn. `args`: validated; `confirm`: how the hub asks a person about it (the
   * context's own, or wrapped).
   */
  dispatch(
    tool: ToolDef,
    args: Record<string, unknown>,
    ctx: CallContext,
    confirm: Confirm | undefined,
  ): Promise<DispatchResult> {
    if (!this.#accepting) return Promise.resolve(this.#refused(tool));
    if (ctx.signal?.aborted) return Promise.resolve(notRun(cancelled(tool.name, false)));
    return new Promise<DispatchResult>((resolve, reject) => {
      const entry = new Entry(tool, args, ctx, confirm, resolve, reject);
      // One call at a time, in arrival order: an idle session starts at once, a busy one queues.
      if (this.#active) this.#queue(entry);
      else this.#start(entry);
    });
  }

  /**
   * Waits for the session's slot; a caller that gives up meanwhile is answered `cancelled` and
   * leaves the queue. (A started call's cancellation reaches its handler through `CallSignal`.)
   */
  #queue(entry: Entry): void {
    this.#waiting.add(entry);
    const { signal } = entry.ctx;
    if (signal === undefined) return;
    const onAbort = () => {
      if (this.#waiting.delete(entry)) entry.answer(notRun(cancelled(entry.tool.name, false)));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    entry.unlisten = () => {
      entry.unlisten = undefined;
      signal.removeEventListener('abort', onAbort);
    };
  }

  /** The session stopped: every call not yet answered answers `session_not_running`, the running one's signal aborts. */
  stop(): void {
    this.#accepting = false;
    this.#live = false;
    this.#dropQueued();
    const active = this.#active;
    if (!active) return;
    if (active.ran) return;
    const { running } = active;
    // Not started yet (waiting for the authorizer): it never runs.
    if (!running) return void active.answer(this.#refused(active.tool));
    running.abort(new Error('ink-mcp: the session stopped'));
    // The handler is running, and what it did may be what stopped the app (a key that calls
    // `exit()`): it is answered with its result and the last screen if it returns soon. One that does
    // not may never: what it did is unknown, so it is not answered as done.
    const { name } = active.tool;
    const unfinished = notRun(sessionNotRunning(name, this.#session.id, 'stopped_while_running'));
    active.grace = setTimeout(() => active.answer(unfinished), STOP_GRACE_MS);
    active.grace.unref?.();
  }

  /** Stops accepting calls and answers the queued ones unrun; the running call goes on to its end. */
  drain(): void {
    this.#accepting = false;
    this.#dropQueued();
  }

  #dropQueued(): void {
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const entry of waiting) entry.answer(this.#refused(entry.tool));
  }

  #start(entry: Entry): void {
    this.#active = entry;
    const { person } = this.#session;
    if (person.paused) {
      // Paused by the person: the call holds the slot and waits its own time for them to resume.
      const { timeoutMs } = this.#options;
      const { tool } = entry;
      const { signal } = entry.ctx;
      const since = Date.now();
      person.whenResumed(timeoutMs, signal).then((resumed) => {
        // Answered meanwhile (the session stopped): it never runs.
        if (this.#active !== entry || !this.#live) return;
        if (!this.#accepting) this.#answered(entry, this.#refused(tool));
        else if (resumed) this.#begin(entry);
        else if (signal?.aborted) this.#answered(entry, notRun(cancelled(tool.name, false)));
        else this.#answered(entry, notRun(heldByPerson(tool.name, 'paused', Date.now() - since)));
      });
      return;
    }
    this.#begin(entry);
  }

  #begin(entry: Entry): void {
    try {
      this.#execute(entry);
    } catch (error) {
      this.#failed(entry, error);
    }
  }

  /** The call's turn is over: it is answered, and the next call (if any) gets the slot. */
  #answered(entry: Entry, result: DispatchResult): void {
    entry.answer(result);
    this.#next();
  }

  /** A bug of ours ended the call's turn: its caller hears it (the hub reports it), the next call goes on. */
  #failed(entry: Entry, error: unknown): void {
    entry.fail(error);
    this.#next();
  }

  #next(): void {
    const next = this.#waiting.values().next();
    if (next.done) {
      this.#active = undefined;
      return;
    }
    this.#waiting.delete(next.value);
    next.value.unlisten?.();
    this.#start(next.value);
  }

  /**
   * A call's turn: live resolution, approval when needed, `run`, the commit, the answer. Plain
   * functions that answer the entry when done, not an async function and a chain of promises: their
   * frames and hops were a large part of what a trivial call cost.
   */
  #execute(entry: Entry): void {
    const { tool } = entry;
    const session = this.#session;
    // The person holds the keyboard: only calls that change nothing (reading the screen) go on.
    if (session.person.typing && tool.annotations.readOnlyHint !== true) {
      this.#answered(entry, notRun(heldByPerson(tool.name, 'typing'), viewOf(session)));
      return;
    }
    const resolution = resolveWidget(
      session.toolTree(true),
      tool,
      session.typeMap,
      session.source.reusesNodes,
    );
    if (!resolution.ok) {
      const { widgetId, why } = resolution.error;
      this.#answered(
        entry,
        notRun(widgetUnavailable(tool.name, widgetId, why, tool.action, true), viewOf(session)),
      );
      return;
    }
    // Most calls need no one's approval: those go on in this tick.
    const annotations = callAnnotations(tool, resolution.spec);
    if (!needsAuthorization(annotations)) {
      this.#run(entry, resolution);
      return;
    }
    this.#consent(entry, resolution, annotations).then(
      (consented) => {
        try {
          if ('spec' in consented) this.#run(entry, consented);
          else this.#answered(entry, consented);
        } catch (error) {
          this.#failed(entry, error);
        }
      },
      (error: unknown) => this.#failed(entry, error),
    );
  }

  /** Runs the handler, then waits for the commit it caused. */
  #run(entry: Entry, { node, spec }: Resolved): void {
    const { tool, ctx } = entry;
    const { timeoutMs } = this.#options;
    const session = this.#session;
    const before = this.#sync.toolNames();
    const input = guardedInput(session, tool.widgetId);
    const running = new CallSignal(ctx.signal);
    entry.running = running;
    const info = new RunningCall(tool, session, node, ctx, timeoutMs, input, running);
    let returned: unknown;
    try {
      returned = markRan(entry, spec.run(entry.args, info));
    } catch (thrown) {
      this.#committed(entry, { ok: false, thrown }, before);
      return;
    }
    const ran = settleWithin(returned, timeoutMs, running);
    // settleWithin's promise never rejects: a throw or a timeout is an outcome.
    if (ran instanceof Promise) ran.then((outcome) => this.#committed(entry, outcome, before));
    else this.#committed(entry, ran, before);
  }

  /**
   * Answers with the screen and tools as the call left them: after React's commit, not a sleep. The
   * entry is the active one until it is answered, so the continuations, made once, find it there.
   */
  #committed(entry: Entry, outcome: RunOutcome, before: ReadonlySet<string>): void {
    entry.outcome = outcome;
    entry.before = before;
    let settled: Promise<void>;
    try {
      settled = Promise.resolve(this.#session.source.settled());
    } catch (error) {
      this.#failed(entry, error);
      return;
    }
    settled.then(this.#onSettled, this.#onSettleFailed);
  }

  readonly #onSettled = (): void => {
    const entry = this.#active;
    if (entry?.outcome === undefined || entry.before === undefined) return;
    let result: DispatchResult;
    try {
      result = this.#answer(entry, entry.outcome, entry.before);
    } catch (error) {
      this.#failed(entry, error);
      return;
    }
    this.#answered(entry, result);
  };

  readonly #onSettleFailed = (error: unknown): void => {
    const entry = this.#active;
    if (entry !== undefined) this.#failed(entry, error);
  };

  #answer(entry: Entry, outcome: RunOutcome, before: ReadonlySet<string>): DispatchResult {
    const { tool } = entry;
    const session = this.#session;
    // A stopped session's tools are gone with it: re-deriving them would bring them back.
    if (this.#live) this.#sync.sync();
    // A call waiting on the app (screen.wait_for, a key's redraw) when it exited: said so, with how
    // it ended and its last screen, not as a timeout or a cancellation.
    if (!outcome.ok && entry.running?.aborted && !this.#live && !session.running)
      return notRun(
        sessionNotRunning(tool.name, session.id, 'exited_while_waiting', session.exit),
        viewOf(session),
      );
    if (!outcome.ok && entry.ctx.signal?.aborted) return notRun(cancelled(tool.name, true), viewOf(session));
    return toDispatchResult(tool, outcome, {
      changes: diffNames(before, this.#sync.toolNames()),
      running: this.#live,
      screen: session.screen(),
      focus: session.focus?.(),
      mode: session.mode,
      exit: session.exit,
      timeoutMs: this.#options.timeoutMs,
    });
  }

  /**
   * Asks for the person's yes (through the authorizer) when the listed tool or the spec that would
   * run is sensitive or destructive — here, holding the session's one slot, so no call queued ahead
   * can change what the question is about (issue #28). The question carries the app's own words for
   * what will happen (`ActionSpec.confirmation`); after a yes the widget is resolved again and the
   * call runs only if those words, and the widget's data, are still what the person was shown.
   */
  async #consent(
    entry: Entry,
    resolved: Resolved,
    annotations: ToolAnnotations,
  ): Promise<Resolved | DispatchResult> {
    const { tool, args, ctx, confirm } = entry;
    const { authorize } = this.#options;
    const session = this.#session;
    const asked = summaryOf(resolved, args);
    const shown = dataOf(resolved.node);
    const auth = await authorizeCall({ name: tool.name, annotations }, args, {
      sessionId: session.id,
      ...(authorize ? { authorize } : {}),
      ...(confirm ? { confirm } : {}),
      ...(ctx.client ? { client: ctx.client } : {}),
      ...(asked === undefined ? {} : { summary: asked }),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      ...(shown === undefined ? {} : { widget: shown }),
    });
    if (!auth.ok) return notRun(auth.error, viewOf(session));
    if (ctx.signal?.aborted) return notRun(cancelled(tool.name, false));
    if (!this.#live) return this.#refused(tool);
    const again = resolveWidget(session.toolTree(true), tool, session.typeMap, session.source.reusesNodes);
    if (!again.ok) {
      const { widgetId, why } = again.error;
      return notRun(widgetUnavailable(tool.name, widgetId, why, tool.action, true), viewOf(session));
    }
    if (summaryOf(again, args) !== asked || shown === undefined || dataOf(again.node) !== shown)
      return notRun(denied(tool.name, 'changed'), viewOf(session));
    return again;
  }

  #refused(tool: ToolDef): DispatchResult {
    return notRun(sessionNotRunning(tool.name, this.#session.id, this.#live ? 'shutting_down' : 'stopped'));
  }
}

/**
 * What a call's approval rests on. Annotations can only add the requirement: the listing's and the
 * running spec's, together.
 */
function callAnnotations(tool: ToolDef, spec: ActionSpec): ToolAnnotations {
  const raw = spec.annotations;
  if (raw === undefined && !tool.annotations.sensitive && !tool.annotations.destructiveHint)
    return NO_ANNOTATIONS;
  const live = pickAnnotations(raw);
  const sensitive = tool.annotations.sensitive || live.sensitive;
  const destructive = tool.annotations.destructiveHint || live.destructiveHint;
  if (!sensitive && !destructive) return NO_ANNOTATIONS;
  return {
    ...(sensitive ? { sensitive: true } : {}),
    ...(destructive ? { destructiveHint: true } : {}),
  };
}

const NO_ANNOTATIONS: ToolAnnotations = Object.freeze({});

/** A widget resolved live: the node as it is now, and the spec a call would run. */
type Resolved = { node: ViewNode; spec: ActionSpec };

/** The app's words for what the call will do, if it words them (a wording that throws says nothing). */
function summaryOf({ node, spec }: Resolved, args: Record<string, unknown>): string | undefined {
  if (typeof spec.confirmation !== 'function') return undefined;
  try {
    const words: unknown = spec.confirmation(args, node);
    return typeof words === 'string' ? words : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The widget's data (its attrs as JSON: functions, which each render makes anew, drop out), to tell
 * a widget that changed while the person was asked from one that only re-rendered. Data JSON cannot
 * hold (a cycle, a BigInt) is undefined: the widget then counts as changed.
 */
function dataOf(node: ViewNode): string | undefined {
  try {
    return JSON.stringify(node.attrs) ?? '';
  } catch {
    return undefined;
  }
}

/** A call that did not run, or whose failure says nothing about the tool's health. */
function notRun(error: CallError, view?: { screen?: string; focus?: string }): DispatchResult {
  const result: DispatchResult = { ok: false, fault: false, error };
  if (view?.screen !== undefined) result.screen = view.screen;
  if (view?.focus !== undefined) result.focus = view.focus;
  return result;
}

/** The screen and the focus a refusal shows, as a call's answer does. */
function viewOf(session: Session): { screen?: string; focus?: string } {
  const view: { screen?: string; focus?: string } = {};
  const screen = session.screen();
  if (screen !== undefined) view.screen = screen;
  const focus = session.focus?.();
  if (focus !== undefined) view.focus = focus;
  return view;
}

/**
 * Notes that the handler has returned (at once for a plain value, on settling for a promise), before
 * anything its return lets run, such as the unmount its `exit()` queued.
 */
function markRan(entry: Entry, value: unknown): unknown {
  if (typeof (value as PromiseLike<unknown> | null)?.then !== 'function') {
    entry.ran = true;
    return value;
  }
  return Promise.resolve(value).finally(() => {
    entry.ran = true;
  });
}

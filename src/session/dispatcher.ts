import { type Authorizer, authorizeCall, type Confirm, needsAuthorization } from '../registry/authorize.js';
import {
  type CallError,
  cancelled,
  denied,
  sessionNotRunning,
  widgetUnavailable,
} from '../registry/call-error.js';
import { pickAnnotations } from '../walker/pick-annotations.js';
import type { ActionSpec, ToolAnnotations, ToolDef, ViewNode } from '../walker/types.js';
import { type DispatchResult, diffNames, toDispatchResult } from './call-outcome.js';
import { observer } from './observe-widget.js';
import { guardedInput } from './person-keys.js';
import { resolveWidget } from './resolve-widget.js';
import { runWithTimeout } from './run-with-timeout.js';
import type { Session } from './session.js';
import type { Synchronizer } from './synchronizer.js';

/** One call for a session's dispatcher, as data: what to run, and what the hub already decided. */
export interface LiveCall {
  tool: ToolDef;
  /** Validated arguments. */
  args: Record<string, unknown>;
  timeoutMs: number;
  /** Decides the call when the listed tool or the spec it runs is sensitive or destructive. */
  authorize: Authorizer | undefined;
  confirm?: Confirm;
  client?: { name: string; version?: string };
  /** The caller gave up: a queued call is dropped unrun, a running one has its `CallInfo.signal` aborted. */
  signal?: AbortSignal;
  closeStream?: () => void;
}

/**
 * How long a running handler may still take to return once its session stopped (its signal is
 * aborted). Well inside the time answers owed are flushed before the server closes (2 s,
 * src/render/serve-app.ts).
 */
export const STOP_GRACE_MS = 1_000;

/** A call waiting for, or holding, the session's one slot. */
interface Entry {
  readonly call: LiveCall;
  /** The handler has returned: from then on the call happened, whatever stops after. */
  ran: boolean;
  /** Created when the handler starts; aborted by a timeout, a cancellation or the session's stop. */
  controller: AbortController | undefined;
  /** Set when the session stopped under a running handler: how long it may still take to return. */
  grace: ReturnType<typeof setTimeout> | undefined;
  answer(result: DispatchResult): void;
  /** A bug of ours (the call path threw): the hub's caller reports it. */
  fail(error: unknown): void;
}

/**
 * Runs one session's calls one at a time, in arrival order, against the widget as it is now: live
 * resolution, the authorizer when the live spec asks for it, `run` with a timeout, React's commit,
 * then the tools brought up to date. The hub owns it and tells it everything it needs as data.
 */
export class Dispatcher {
  readonly #session: Session;
  readonly #sync: Synchronizer;
  #active: Entry | undefined;
  /** In arrival order; a Set so a cancelled call leaves the queue in O(1). */
  readonly #waiting = new Set<Entry>();
  /** New calls are refused (the session stopped, or the server drains). */
  #accepting = true;
  /** The session still runs: its tools are re-derived after a call. */
  #live = true;

  constructor(session: Session, sync: Synchronizer) {
    this.#session = session;
    this.#sync = sync;
  }

  dispatch(call: LiveCall): Promise<DispatchResult> {
    if (!this.#accepting) return Promise.resolve(this.#refused(call.tool));
    if (call.signal?.aborted) return Promise.resolve(notRun(cancelled(call.tool.name, false)));
    return new Promise<DispatchResult>((resolve, reject) => {
      const { signal } = call;
      const onAbort = () => {
        if (this.#waiting.delete(entry)) entry.answer(notRun(cancelled(call.tool.name, false)));
        else entry.controller?.abort(signal?.reason);
      };
      let answered = false;
      const settle = () => {
        if (answered) return false;
        answered = true;
        clearTimeout(entry.grace);
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const entry: Entry = {
        call,
        ran: false,
        controller: undefined,
        grace: undefined,
        answer: (result) => settle() && resolve(result),
        fail: (error) => settle() && reject(error),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // One call at a time, in arrival order: an idle session starts at once, a busy one queues.
      if (this.#active) this.#waiting.add(entry);
      else this.#start(entry);
    });
  }

  /** The session stopped: every call not yet answered answers `session_not_running`, the running one's signal aborts. */
  stop(): void {
    this.#accepting = false;
    this.#live = false;
    this.#dropQueued();
    const active = this.#active;
    if (!active) return;
    if (active.ran) return;
    const { controller } = active;
    // Not started yet (waiting for the authorizer): it never runs.
    if (!controller) return void active.answer(this.#refused(active.call.tool));
    controller.abort(new Error('ink-mcp: the session stopped'));
    // The handler is running, and what it did may be what stopped the app (a key that calls
    // `exit()`): it is answered with its result and the last screen if it returns soon. One that does
    // not may never: what it did is unknown, so it is not answered as done.
    const { name } = active.call.tool;
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
    for (const entry of waiting) entry.answer(this.#refused(entry.call.tool));
  }

  #start(entry: Entry): void {
    this.#active = entry;
    this.#execute(entry).then(
      (result) => {
        entry.answer(result);
        this.#next();
      },
      (error: unknown) => {
        entry.fail(error);
        this.#next();
      },
    );
  }

  #next(): void {
    const next = this.#waiting.values().next();
    if (next.done) {
      this.#active = undefined;
      return;
    }
    this.#waiting.delete(next.value);
    this.#start(next.value);
  }

  async #execute(entry: Entry): Promise<DispatchResult> {
    const { call } = entry;
    const { tool } = call;
    const session = this.#session;
    const resolution = resolveWidget(
      session.toolTree(true),
      tool,
      session.typeMap,
      session.source.reusesNodes,
    );
    if (!resolution.ok) {
      const { widgetId, why } = resolution.error;
      return notRun(widgetUnavailable(tool.name, widgetId, why, tool.action), session.screen());
    }
    const consented = await this.#consent(call, resolution);
    if (!('spec' in consented)) return consented;
    const { node, spec } = consented;
    const before = this.#sync.toolNames();
    const input = guardedInput(session, tool.widgetId);
    const controller = new AbortController();
    entry.controller = controller;
    const outcome = await runWithTimeout(
      () =>
        markRan(
          entry,
          spec.run(call.args, {
            tool: tool.name,
            sessionId: session.id,
            widgetId: tool.widgetId,
            action: tool.action,
            node,
            timeoutMs: call.timeoutMs,
            // A getter: Node creates the signal on first read, which costs more than a trivial call.
            get signal() {
              return controller.signal;
            },
            ...(call.client ? { client: call.client } : {}),
            ...(input ? { input } : {}),
            ...(call.closeStream ? { closeStream: call.closeStream } : {}),
            observe: observer(session, tool),
          }),
        ),
      call.timeoutMs,
      controller,
    );
    // Answer with the screen and tools as the call left them: wait for React's commit, not a sleep.
    await session.source.settled();
    // A stopped session's tools are gone with it: re-deriving them would bring them back.
    if (this.#live) this.#sync.sync();
    if (!outcome.ok && call.signal?.aborted) return notRun(cancelled(tool.name, true), session.screen());
    return toDispatchResult(tool, outcome, {
      changes: diffNames(before, this.#sync.toolNames()),
      running: this.#live,
      screen: session.screen(),
      focus: session.focus?.(),
      mode: session.mode,
      timeoutMs: call.timeoutMs,
    });
  }

  /**
   * Asks for the person's yes (through the authorizer) when the listed tool or the spec that would
   * run is sensitive or destructive — here, holding the session's one slot, so no call queued ahead
   * can change what the question is about (issue #28). The question carries the app's own words for
   * what will happen (`ActionSpec.confirmation`); after a yes the widget is resolved again and the
   * call runs only if those words, and the widget's data, are still what the person was shown.
   */
  async #consent(call: LiveCall, resolved: Resolved): Promise<Resolved | DispatchResult> {
    const { tool } = call;
    const session = this.#session;
    // Annotations can only add the requirement: the listing's and the running spec's, together.
    const live = pickAnnotations(resolved.spec.annotations);
    const annotations: ToolAnnotations = {
      ...(tool.annotations.sensitive || live.sensitive ? { sensitive: true } : {}),
      ...(tool.annotations.destructiveHint || live.destructiveHint ? { destructiveHint: true } : {}),
    };
    if (!needsAuthorization(annotations)) return resolved;
    const asked = summaryOf(resolved, call.args);
    const auth = await authorizeCall({ name: tool.name, annotations }, call.args, {
      sessionId: session.id,
      ...(call.authorize ? { authorize: call.authorize } : {}),
      ...(call.confirm ? { confirm: call.confirm } : {}),
      ...(call.client ? { client: call.client } : {}),
      ...(asked === undefined ? {} : { summary: asked }),
      ...(call.signal ? { signal: call.signal } : {}),
    });
    if (!auth.ok) return notRun(auth.error, session.screen());
    if (call.signal?.aborted) return notRun(cancelled(tool.name, false));
    if (!this.#live) return this.#refused(tool);
    const again = resolveWidget(session.toolTree(true), tool, session.typeMap, session.source.reusesNodes);
    if (!again.ok) {
      const { widgetId, why } = again.error;
      return notRun(widgetUnavailable(tool.name, widgetId, why, tool.action), session.screen());
    }
    const shown = dataOf(resolved.node);
    if (summaryOf(again, call.args) !== asked || shown === undefined || dataOf(again.node) !== shown)
      return notRun(denied(tool.name, 'changed'), session.screen());
    return again;
  }

  #refused(tool: ToolDef): DispatchResult {
    return notRun(sessionNotRunning(tool.name, this.#session.id, this.#live ? 'shutting_down' : 'stopped'));
  }
}

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
function notRun(error: CallError, screen?: string): DispatchResult {
  return screen === undefined
    ? { ok: false, fault: false, error }
    : { ok: false, fault: false, error, screen };
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

import { sessionNotRunning, widgetUnavailable } from '../registry/call-error.js';
import { defaultTypeMap } from '../walker/type-map.js';
import type { Logger, ToolDef, TypeMap, ViewNode } from '../walker/types.js';
import { type DispatchResult, diffNames, toDispatchResult } from './call-outcome.js';
import { resolveWidget } from './resolve-widget.js';
import { runWithTimeout } from './run-with-timeout.js';
import type { ViewSource } from './view-source.js';

export type { DispatchResult, ToolChanges } from './call-outcome.js';

export interface SessionOptions {
  /** The first segment of every tool name: 1–32 of [A-Za-z0-9_-]. */
  id: string;
  source: ViewSource;
  /** Type-name keyed providers for the walker (component-keyed ones are resolved by the snapshot). */
  typeMap?: TypeMap;
  logger?: Logger;
  /** The screen as plain text, when the app renders to one the session can read. @default `source.screen` */
  screen?: () => string | undefined;
  /** Types into the app as a person would (`CallInfo.input`). @default none */
  input?: (data: string) => void;
}

export interface DispatchOptions {
  /** @default 30_000 */
  timeoutMs?: number;
  client?: { name: string; version?: string };
  /** Brings the registered tools up to date after the call (the reference's `synced`). */
  synced?: () => void;
  /**
   * The session's registered tool names: read before the handler and after `synced` to tell what the
   * call changed. An unchanged set may be the same object (then nothing is compared).
   */
  toolNames?: () => Iterable<string>;
}

/**
 * One running app as an agent sees it: its tree, and a dispatcher that runs one call at a time, in
 * arrival order, against the widget as it is now.
 */
export class Session {
  readonly id: string;
  readonly source: ViewSource;
  readonly typeMap: TypeMap;
  readonly logger: Logger | undefined;
  readonly #readScreen: (() => string | undefined) | undefined;
  readonly #input: ((data: string) => void) | undefined;
  #running = true;
  #busy = false;
  readonly #waiting: (() => void)[] = [];
  readonly #onStop = new Set<() => void>();
  /** Answers `session_not_running` to a call not yet answered (when the session stops). */
  readonly #pending = new Set<() => void>();
  readonly #inFlight = new Set<AbortController>();

  constructor(options: SessionOptions) {
    this.id = options.id;
    this.source = options.source;
    this.typeMap = options.typeMap ?? defaultTypeMap();
    this.logger = options.logger;
    this.#input = options.input;
    this.#readScreen = options.screen ?? options.source.screen?.bind(options.source);
  }

  get running(): boolean {
    return this.#running;
  }

  /** The tree as of the last commit. */
  tree(): ViewNode[] {
    return this.source.current();
  }

  /** Re-reads the tree now. */
  snapshot(): ViewNode[] {
    return this.source.snapshot();
  }

  subscribe(listener: (tree: ViewNode[]) => void): () => void {
    return this.source.subscribe(listener);
  }

  onStop(listener: () => void): () => void {
    this.#onStop.add(listener);
    return () => this.#onStop.delete(listener);
  }

  /**
   * Runs a call: queued behind the calls before it, then resolved live, run with a timeout, and
   * answered once React has committed what it caused and the tools are brought up to date.
   * After the app stops, every call (queued or running) answers `session_not_running`.
   */
  dispatch(
    tool: ToolDef,
    args: Record<string, unknown>,
    options: DispatchOptions = {},
  ): Promise<DispatchResult> {
    if (!this.#running) return Promise.resolve(this.#notRunning(tool));
    // Once the handler has returned, the call happened: a stop after that (the call closed the app)
    // must not be answered as if it never ran.
    const state = { ran: false };
    return new Promise<DispatchResult>((resolve, reject) => {
      let answered = false;
      const answer = (settle: () => void) => {
        if (answered) return;
        answered = true;
        this.#pending.delete(stopped);
        settle();
      };
      // Called by stop(). Not a race against a promise of the session's stop: each such race would
      // leave a reaction on it (holding the call's tool and answer) for the session's whole life.
      const stopped = () => {
        if (!state.ran) answer(() => resolve(this.#notRunning(tool)));
      };
      this.#pending.add(stopped);
      const start = () => {
        if (!this.#running) {
          answer(() => resolve(this.#notRunning(tool)));
          this.#next();
          return;
        }
        this.#execute(tool, args, options, state).then(
          (result) => {
            answer(() => resolve(result));
            this.#next();
          },
          (error: unknown) => {
            answer(() => reject(error));
            this.#next();
          },
        );
      };
      // One call at a time, in arrival order: an idle session starts at once, a busy one queues.
      if (this.#busy) this.#waiting.push(start);
      else {
        this.#busy = true;
        start();
      }
    });
  }

  #next(): void {
    const start = this.#waiting.shift();
    if (start) start();
    else this.#busy = false;
  }

  /** The app unmounted: every call from now on answers `session_not_running`. */
  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    for (const controller of this.#inFlight) controller.abort(new Error('ink-mcp: the session stopped'));
    for (const answer of this.#pending) answer();
    this.#pending.clear();
    for (const listener of [...this.#onStop]) {
      try {
        listener();
      } catch (error) {
        this.logger?.warn(`ink-mcp: a stop listener of session "${this.id}" threw: ${String(error)}`);
      }
    }
    this.#onStop.clear();
  }

  async #execute(
    tool: ToolDef,
    args: Record<string, unknown>,
    options: DispatchOptions,
    state: { ran: boolean },
  ): Promise<DispatchResult> {
    const resolution = resolveWidget(this.source.snapshot(), tool, this.typeMap);
    if (!resolution.ok) {
      const { widgetId, why } = resolution.error;
      return {
        ok: false,
        fault: false,
        error: widgetUnavailable(tool.name, widgetId, why, tool.action),
        ...this.#screen(),
      };
    }
    const { node, spec } = resolution;
    const timeoutMs = options.timeoutMs ?? 30_000;
    const before = options.toolNames?.();
    const controller = new AbortController();
    this.#inFlight.add(controller);
    const run = runWithTimeout(
      () =>
        markRan(
          state,
          spec.run(args, {
            tool: tool.name,
            sessionId: this.id,
            widgetId: tool.widgetId,
            action: tool.action,
            node,
            // A getter: Node creates the signal on first read, which costs more than a trivial call.
            get signal() {
              return controller.signal;
            },
            ...(options.client ? { client: options.client } : {}),
            ...(this.#input ? { input: this.#input } : {}),
          }),
        ),
      timeoutMs,
      controller,
    );
    // A handler that returned a plain value answers in this turn: only a promise is awaited.
    const outcome = run instanceof Promise ? await run : run;
    // runWithTimeout never rejects: no `finally` (and its extra promises) is needed.
    this.#inFlight.delete(controller);
    // Stopped before the handler returned: what it did is unknown, so the call is not answered as done.
    if (!this.#running && !state.ran) return this.#notRunning(tool);
    // Answer with the screen and tools as the call left them: wait for React's commit, not a sleep.
    await this.source.settled();
    // A stopped session's tools are gone with it: re-deriving them would bring them back.
    if (this.#running) options.synced?.();
    return toDispatchResult(tool, outcome, {
      changes: diffNames(before, options.toolNames?.()),
      running: this.#running,
      screen: this.screen(),
      timeoutMs,
    });
  }

  #notRunning(tool: ToolDef): DispatchResult {
    return { ok: false, fault: false, error: sessionNotRunning(tool.name, this.id) };
  }

  /** The screen as plain text, if the session has one. */
  screen(): string | undefined {
    try {
      return this.#readScreen?.();
    } catch {
      return undefined;
    }
  }

  #screen(): { screen?: string } {
    const screen = this.screen();
    return screen === undefined ? {} : { screen };
  }
}

/**
 * Notes that the handler has returned (at once for a plain value, on settling for a promise), before
 * anything its return lets run, such as the unmount its `exit()` queued.
 */
function markRan(state: { ran: boolean }, value: unknown): unknown {
  if (typeof (value as PromiseLike<unknown> | null)?.then !== 'function') {
    state.ran = true;
    return value;
  }
  return Promise.resolve(value).finally(() => {
    state.ran = true;
  });
}

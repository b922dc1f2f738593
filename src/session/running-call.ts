import type { CallInfo, Observation, ToolDef, ViewNode } from '../walker/types.js';
import type { CallContext } from './call-context.js';
import type { CallSignal } from './call-signal.js';
import { observeWidget } from './observe-widget.js';
import type { Session } from './session.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The `CallInfo` a widget's handler gets. A class, for its `signal` getter: an object literal with a
 * getter is made by V8's slow path (~1 µs, a third of a trivial call), an instance of a class whose
 * getter is on its prototype costs what a plain object does. The signal itself is made only when
 * read (see CallSignal). Read `signal` as a property (`call.signal`, `const { signal } = call`): a
 * spread copy (`{ ...call }`) holds only the own fields.
 */
export class RunningCall implements CallInfo {
  readonly tool: string;
  readonly sessionId: string;
  readonly widgetId: string;
  readonly action: string;
  readonly node: ViewNode;
  readonly timeoutMs: number;
  declare readonly client?: { name: string; version?: string };
  declare readonly input?: (data: string) => Promise<void>;
  declare readonly closeStream?: () => void;
  readonly #signal: CallSignal;
  readonly #session: Session;
  readonly #tool: ToolDef;

  constructor(
    tool: ToolDef,
    session: Session,
    node: ViewNode,
    ctx: CallContext,
    timeoutMs: number,
    input: CallInfo['input'],
    signal: CallSignal,
  ) {
    this.tool = tool.name;
    this.sessionId = session.id;
    this.#session = session;
    this.#tool = tool;
    this.widgetId = tool.widgetId;
    this.action = tool.action;
    this.node = node;
    this.timeoutMs = timeoutMs;
    this.#signal = signal;
    // Absent, not undefined, when there is none (as handlers have always seen them).
    const self = this as Mutable<CallInfo>;
    if (ctx.client) self.client = ctx.client;
    if (input) self.input = input;
    if (ctx.closeStream) self.closeStream = ctx.closeStream;
  }

  get signal(): AbortSignal {
    return this.#signal.signal;
  }

  /** See `CallInfo.observe` (src/session/observe-widget.ts). */
  observe(): Promise<Observation> {
    return observeWidget(this.#session, this.#tool);
  }
}

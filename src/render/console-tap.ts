import { Console } from 'node:console';
import { PassThrough } from 'node:stream';

/**
 * The app's console output, as a person sees it: Ink shows what an app logs above its frame
 * (`patchConsole`, on by default), so it is part of the screen. Ink's own patch does not do it for
 * a headless app (debug mode turns it off) and keeps the text to itself in a terminal; so ink-mcp
 * wraps the console too, formats each call as Node does, hands the text to the screen, and then
 * calls the method it wrapped: whatever that did (Ink's patch drawing it in the person's terminal,
 * Node writing to a stdout the stdio server routed to stderr, a test runner's capture) still
 * happens. The console is the process's: its output goes to the session that tapped it last, as
 * with Ink's own patch (the last `render` takes it over).
 */

export type ConsoleSink = (text: string, stream: 'stdout' | 'stderr') => void;

/** The methods Ink's patch (the `patch-console` package) takes over. */
const METHODS = [
  'assert',
  'count',
  'countReset',
  'debug',
  'dir',
  'dirxml',
  'error',
  'group',
  'groupCollapsed',
  'groupEnd',
  'info',
  'log',
  'table',
  'time',
  'timeEnd',
  'timeLog',
  'trace',
  'warn',
] as const;

type Method = (typeof METHODS)[number];
type ConsoleFunction = (...args: unknown[]) => unknown;

interface TapState {
  readonly sinks: ConsoleSink[];
  /** One wrapper per method for the life of the process: a wrapper found in place is not wrapped again. */
  readonly wrappers: Map<Method, ConsoleFunction>;
  /** What each wrapper calls after it: the method it replaced. */
  readonly previous: Map<Method, ConsoleFunction>;
  /** Formats a call as Node's console does, into the top sink. */
  readonly format: Console;
  /** A sink that logs must not loop back into itself. */
  delivering: boolean;
}

/** On `globalThis`: two copies of ink-mcp in one process share the console, as they share it. */
const STATE = Symbol.for('ink-mcp/console-tap@1');

/**
 * Hands the app's console output (every `console.*` call that writes, formatted as Node writes it,
 * line break included) to `sink` until the returned function is called.
 */
export function tapConsole(sink: ConsoleSink): () => void {
  const state = tapState();
  state.sinks.push(sink);
  for (const method of METHODS) {
    const wrapper = state.wrappers.get(method) as ConsoleFunction;
    const current = (console as unknown as Record<Method, ConsoleFunction>)[method];
    if (current === wrapper || typeof current !== 'function') continue;
    state.previous.set(method, current);
    (console as unknown as Record<Method, ConsoleFunction>)[method] = wrapper;
  }
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    const at = state.sinks.lastIndexOf(sink);
    if (at >= 0) state.sinks.splice(at, 1);
    if (state.sinks.length > 0) return;
    for (const method of METHODS) {
      const target = console as unknown as Record<Method, ConsoleFunction>;
      // Someone replaced ours since (Ink restoring its own patch, a test's spy): theirs stays, and
      // ours, if it comes back, only passes calls through.
      if (target[method] !== state.wrappers.get(method)) continue;
      const previous = state.previous.get(method);
      if (previous !== undefined) target[method] = previous;
    }
  };
}

function tapState(): TapState {
  const holder = globalThis as { [STATE]?: TapState };
  if (holder[STATE]) return holder[STATE];
  const sinks: ConsoleSink[] = [];
  const state: TapState = {
    sinks,
    wrappers: new Map(),
    previous: new Map(),
    format: new Console({
      stdout: sinkStream(() => state, 'stdout'),
      stderr: sinkStream(() => state, 'stderr'),
      colorMode: false,
    }),
    delivering: false,
  };
  for (const method of METHODS) {
    state.wrappers.set(method, function (this: unknown, ...args: unknown[]): unknown {
      if (state.sinks.length > 0 && !state.delivering) {
        try {
          (state.format[method] as ConsoleFunction)(...args);
        } catch {
          // Formatting what the app logs must never break the app: its own console call follows.
        }
      }
      return state.previous.get(method)?.apply(this, args);
    });
  }
  holder[STATE] = state;
  return state;
}

/** A stream Node's Console writes to, handing each write to the top sink. */
function sinkStream(state: () => TapState, stream: 'stdout' | 'stderr'): NodeJS.WritableStream {
  const passThrough = new PassThrough();
  passThrough.write = ((chunk: unknown) => {
    const { sinks } = state();
    const sink = sinks[sinks.length - 1];
    const text = typeof chunk === 'string' ? chunk : String(chunk);
    // React's duplicate report of an error a boundary caught: Ink leaves it out of the screen too.
    if (sink === undefined || (stream === 'stderr' && text.startsWith('The above error occurred')))
      return true;
    state().delivering = true;
    try {
      sink(text, stream);
    } catch {
      // A sink that fails loses this text, never the app's console call.
    } finally {
      state().delivering = false;
    }
    return true;
  }) as typeof passThrough.write;
  return passThrough;
}

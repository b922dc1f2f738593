import { fileURLToPath } from 'node:url';

/**
 * What a key set in motion past its own commit: the short timers the app scheduled while the key was
 * handled and its effects ran (`setTimeout(() => setView('form'), 10)` in a key handler, a
 * `useEffect` that opens a dialog a tick later). A key's answer waits for those (key-settling.ts), so
 * that the screen and "Actions now" are not those of a tree the app was about to replace.
 *
 * Only what the key scheduled is waited for, never a fixed time: a key that schedules no timer costs
 * nothing more. The watch replaces the global `setTimeout` while one or more keys are in flight, so
 * it sees the timers an app schedules however it calls it (directly, through a promise that sleeps,
 * from a library); it leaves out intervals (a spinner runs for ever), timers longer than the window
 * (a debounce of 300 ms, a toast that fades after seconds), and timers of code that is not the app's
 * (ink-mcp's own, Ink's render throttle, React's scheduler), by the file that scheduled them.
 */

/** A key's answer waits at most this long, after its commit, for the timers it scheduled. */
export const DEFAULT_KEY_EFFECTS_MS = 150;

/** A timer the app scheduled while a key was in flight. */
interface Watched {
  timer: unknown;
  due: number;
}

/** The timers seen while it was open. */
export interface TimerWatch {
  /** Stops seeing new timers (those already seen stay). */
  close(): void;
  /** The due time (`performance.now()`) of the earliest seen timer still pending, if any. */
  nextDue(): number | undefined;
}

/** The open watches: each sees the timers of at most its window. */
interface OpenWatch {
  windowMs: number;
  seen: Set<Watched>;
}

/** `setTimeout` as ink-mcp loaded: its own waits run on it, never seen. */
const ownSetTimeout = globalThis.setTimeout;
const open = new Set<OpenWatch>();
/** The global `setTimeout` the watch replaced (the app may have its own, fake timers in a test): called, and put back. */
let replaced: typeof setTimeout = ownSetTimeout;

/** Files whose timers are not the app's: ink-mcp's own (`src/`, `components/`), and the libraries that render it. */
const OWN_DIRS = [new URL('..', import.meta.url), new URL('../../components/', import.meta.url)].map((url) =>
  fileURLToPath(url),
);
const NOT_THE_APPS =
  /[\\/]node_modules[\\/](?:ink|es-toolkit|react|react-dom|react-reconciler|scheduler|@modelcontextprotocol[\\/][^\\/]+|zod|ajv|@xterm[\\/][^\\/]+)[\\/]/;

/**
 * Starts seeing the timers of at most `windowMs` that the app schedules, until `close()`. Several
 * watches may be open at once (keys of two sessions): each sees every timer.
 */
export function watchTimers(windowMs: number): TimerWatch {
  const watch: OpenWatch = { windowMs, seen: new Set() };
  open.add(watch);
  if (open.size === 1) {
    replaced = globalThis.setTimeout;
    globalThis.setTimeout = watchingSetTimeout as typeof setTimeout;
  }
  let closed = false;
  return {
    close() {
      if (closed) return;
      closed = true;
      open.delete(watch);
      // Put back only what it replaced, and only if nothing replaced the watch meanwhile.
      if (open.size === 0 && globalThis.setTimeout === (watchingSetTimeout as unknown))
        globalThis.setTimeout = replaced;
    },
    nextDue() {
      let next: number | undefined;
      for (const entry of watch.seen) {
        if (isDone(entry.timer)) watch.seen.delete(entry);
        else if (next === undefined || entry.due < next) next = entry.due;
      }
      return next;
    },
  };
}

/** Resolves after `ms`, on a timer no watch sees (ink-mcp's own). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => ownSetTimeout(resolve, Math.max(0, ms)));
}

function watchingSetTimeout(this: unknown, ...args: Parameters<typeof setTimeout>): unknown {
  const timer = Reflect.apply(replaced, this, args) as unknown;
  const delay = Number(args[1] ?? 0);
  const ms = Number.isFinite(delay) && delay > 0 ? delay : 0;
  let caller: string | undefined;
  for (const watch of open) {
    if (ms > watch.windowMs) continue;
    caller ??= callerFile();
    if (caller === '' || OWN_DIRS.some((dir) => caller?.startsWith(dir)) || NOT_THE_APPS.test(caller))
      return timer;
    watch.seen.add({ timer, due: performance.now() + ms });
  }
  return timer;
}

/**
 * The file of the code that called `setTimeout` ('' when it cannot be told: then it is not watched).
 * Read from the call sites themselves, not a formatted stack: formatting may run source maps
 * (tsx, vitest, --enable-source-maps), which costs milliseconds a call.
 */
function callerFile(): string {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  const holder: { stack?: unknown } = {};
  try {
    Error.stackTraceLimit = 1;
    Error.prepareStackTrace = (_error, sites) => sites;
    Error.captureStackTrace(holder, watchingSetTimeout);
    const sites = holder.stack as NodeJS.CallSite[] | undefined;
    const file = sites?.[0]?.getFileName() ?? '';
    return file.startsWith('file://') ? safePath(file) : file;
  } catch {
    return '';
  } finally {
    Error.stackTraceLimit = limit;
    Error.prepareStackTrace = prepare;
  }
}

function safePath(url: string): string {
  try {
    return fileURLToPath(url);
  } catch {
    return '';
  }
}

/** Whether a timer has run or was cleared (Node marks both on the Timeout object). */
function isDone(timer: unknown): boolean {
  if (typeof timer !== 'object' || timer === null) return true;
  return (timer as { _destroyed?: unknown })._destroyed === true;
}

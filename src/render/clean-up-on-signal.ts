/**
 * The signals whose default action ends the process with no 'exit' event, so no 'exit' hook can
 * remove what must not outlive it (the connection file and its token).
 */
const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const;

/** How many of this module's listeners are on each signal now. */
const installed = new Map<NodeJS.Signals, number>();

/**
 * `end: 'exit'`: the process exits 0 this long after the signal at the latest (the stop is asked
 * to take less than 5 s), or this long after the cleanup settled, for the app's own code after
 * `waitUntilExit()` to run, whichever comes first.
 */
const EXIT_DEADLINE_MS = 4_000;
const EXIT_GRACE_MS = 500;

export interface OnSignalOptions {
  /** @default SIGTERM, SIGHUP, SIGINT, SIGQUIT: every signal whose default action ends the process */
  signals?: readonly NodeJS.Signals[];
  /**
   * What ends the process once `cleanup` has settled. `'raise'`: the signal again, so that the process
   * still ends by it (a shell sees 128 + n). `'exit'`: the process ends on its own, with exit code 0,
   * or `process.exit(0)` ends it soon after (EXIT_GRACE_MS, EXIT_DEADLINE_MS): a server told to stop
   * (SIGTERM from a client or a supervisor) that stopped cleanly, as after the end of its input.
   * @default 'raise'
   */
  end?: 'raise' | 'exit';
}

/**
 * Runs `cleanup` (and waits for what it returns) when one of those signals is about to end the
 * process, then ends it as `end` says. Returns a function that takes the listeners off. A second
 * signal while `cleanup` runs finds no listener of this module: it ends the process at once, by
 * Node's default (a person pressing Ctrl+C twice).
 *
 * Node ends a process on such a signal only while nothing listens for it. An app with a listener of
 * its own has taken the signal over: it is left to the app, which hears it once and may live on, as
 * it would without ink-mcp; if the app then exits, the 'exit' hooks clean up. signal-exit's listener
 * (Ink's, for its onExit) is not the app's: it steps aside for any other listener in the same way
 * (signal-exit's index.js, `listeners.length === count`), so it is counted out here as it counts
 * itself. tsx hides its own listener from `process.listenerCount` (its preflight.cjs).
 */
export function cleanUpOnSignal(cleanup: () => unknown, options: OnSignalOptions = {}): () => void {
  const signals = options.signals ?? ENDING_SIGNALS;
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) - (installed.get(signal) ?? 0) - signalExitListeners() > 0) return;
    // Taken off once every listener has heard this signal: signal-exit's, when it runs after this one
    // (installed later, by a render after this call), must still count this one and step aside, or
    // it ends the process by the signal before `cleanup` has run.
    queueMicrotask(off);
    const end = () => (options.end === 'exit' ? process.exit(0) : process.kill(process.pid, signal));
    // Held (not unref'd): the process must not end on its own, with code 0, while the cleanup runs,
    // once it has closed all that kept it alive; it ends as `end` says, by the deadline at the latest.
    const deadline = setTimeout(end, EXIT_DEADLINE_MS);
    void new Promise((resolve) => resolve(cleanup()))
      .catch(() => {
        // The process still ends: a cleanup that failed must not keep it alive.
      })
      .finally(() => {
        clearTimeout(deadline);
        if (options.end === 'exit') setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
        else process.kill(process.pid, signal);
      });
  };
  let on = true;
  const off = () => {
    if (!on) return;
    on = false;
    for (const signal of signals) {
      installed.set(signal, (installed.get(signal) ?? 1) - 1);
      process.off(signal, onSignal);
    }
  };
  for (const signal of signals) {
    installed.set(signal, (installed.get(signal) ?? 0) + 1);
    process.on(signal, onSignal);
  }
  return off;
}

/** signal-exit's listeners on each signal: v3 keeps its count on `process`, v4 on `globalThis`. */
function signalExitListeners(): number {
  type Emitter = { count?: unknown } | undefined;
  const v3 = (process as { __signal_exit_emitter__?: Emitter }).__signal_exit_emitter__?.count;
  const v4 = (globalThis as Record<symbol, Emitter>)[Symbol.for('signal-exit emitter')]?.count;
  return (typeof v3 === 'number' ? v3 : 0) + (typeof v4 === 'number' ? v4 : 0);
}

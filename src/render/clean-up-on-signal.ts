/**
 * The signals whose default action ends the process with no 'exit' event, so no 'exit' hook can
 * remove what must not outlive it (the connection file and its token).
 */
const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const;

/** How many of this module's listeners are on each of those signals now. */
let installed = 0;

/**
 * Runs `cleanup` (and waits for what it returns) when one of those signals is about to end the
 * process, then raises the signal again, so the process still ends by it (a shell sees 128 + n).
 * Returns a function that takes the listeners off.
 *
 * Node ends a process on such a signal only while nothing listens for it. An app with a listener of
 * its own has taken the signal over: it is left to the app, which hears it once and may live on, as
 * it would without ink-mcp; if the app then exits, the 'exit' hooks clean up. signal-exit's listener
 * (Ink's, for its onExit) is not the app's: it steps aside for any other listener in the same way
 * (signal-exit's index.js, `listeners.length === count`), so it is counted out here as it counts
 * itself. tsx hides its own listener from `process.listenerCount` (its preflight.cjs).
 */
export function cleanUpOnSignal(cleanup: () => unknown): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) - installed - signalExitListeners() > 0) return;
    off();
    void new Promise((resolve) => resolve(cleanup()))
      .catch(() => {
        // The signal still ends the process: a cleanup that failed must not keep it alive.
      })
      .finally(() => process.kill(process.pid, signal));
  };
  let on = true;
  const off = () => {
    if (!on) return;
    on = false;
    installed -= 1;
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
  };
  installed += 1;
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  return off;
}

/** signal-exit's listeners on each signal: v3 keeps its count on `process`, v4 on `globalThis`. */
function signalExitListeners(): number {
  type Emitter = { count?: unknown } | undefined;
  const v3 = (process as { __signal_exit_emitter__?: Emitter }).__signal_exit_emitter__?.count;
  const v4 = (globalThis as Record<symbol, Emitter>)[Symbol.for('signal-exit emitter')]?.count;
  return (typeof v3 === 'number' ? v3 : 0) + (typeof v4 === 'number' ? v4 : 0);
}

export type RunOutcome =
  | { ok: true; value: unknown }
  | { ok: false; thrown: unknown }
  | { ok: false; timedOut: true };

/** What a timeout aborts: an `AbortController`, or a call's lazily made signal (call-signal.ts). */
export interface Abortable {
  abort(reason: unknown): void;
}

/**
 * Runs a handler, turning a throw, a rejection and a timeout into values. On timeout `controller` is
 * aborted (so a handler that honours its signal can stop its work); the caller hands the handler its
 * signal, best through a getter: making a signal costs more than the rest of a trivial call.
 *
 * A handler that returns (or throws) at once has nothing left to time out: its outcome is returned
 * as it is, with no timer and no promise (most handlers only set some state).
 */
export function runWithTimeout(
  run: () => unknown,
  timeoutMs: number,
  controller: Abortable,
): RunOutcome | Promise<RunOutcome> {
  let value: unknown;
  try {
    value = run();
  } catch (thrown) {
    return { ok: false, thrown };
  }
  return settleWithin(value, timeoutMs, controller);
}

/**
 * What a handler returned, as an outcome: at once for a plain value, within `timeoutMs` for a
 * promise (see runWithTimeout). For a caller that ran the handler itself.
 */
export function settleWithin(
  value: unknown,
  timeoutMs: number,
  controller: Abortable,
): RunOutcome | Promise<RunOutcome> {
  let thenable: boolean;
  try {
    // A hostile value can throw from its `then` getter.
    thenable = isThenable(value);
  } catch (thrown) {
    return { ok: false, thrown };
  }
  if (!thenable) return { ok: true, value };
  return new Promise<RunOutcome>((resolve) => {
    const timer = setTimeout(() => {
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      resolve({ ok: false, timedOut: true });
    }, timeoutMs);
    // The promise resolves once: whichever of the handler and the timer comes first decides.
    Promise.resolve(value).then(
      (settled) => {
        clearTimeout(timer);
        resolve({ ok: true, value: settled });
      },
      (thrown: unknown) => {
        clearTimeout(timer);
        resolve({ ok: false, thrown });
      },
    );
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

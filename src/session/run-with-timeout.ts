export type RunOutcome =
  | { ok: true; value: unknown }
  | { ok: false; thrown: unknown }
  | { ok: false; timedOut: true };

/**
 * Runs a handler, turning a throw, a rejection and a timeout into values. The signal is aborted on
 * timeout (or by the caller), so a handler that honours it can stop its work.
 */
export async function runWithTimeout(
  run: (signal: AbortSignal) => unknown,
  timeoutMs: number,
  controller: AbortController = new AbortController(),
): Promise<RunOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RunOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
      resolve({ ok: false, timedOut: true });
    }, timeoutMs);
  });
  const work = (async (): Promise<RunOutcome> => {
    try {
      return { ok: true, value: await run(controller.signal) };
    } catch (thrown) {
      return { ok: false, thrown };
    }
  })();
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

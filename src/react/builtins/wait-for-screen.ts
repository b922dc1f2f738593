/**
 * Resolves with the screen as soon as `matches(screen)` holds: checked now, then after every commit
 * (once its effects ran), and every `backstopMs` for screens that change without a commit the
 * session hears (a write outside React). Resolves with `undefined` at `timeoutMs` or on `signal`.
 */
export function waitForScreen(options: {
  screen: () => string | undefined;
  matches: (screen: string) => boolean;
  onCommit: (listener: () => void) => () => void;
  timeoutMs: number;
  backstopMs: number;
  signal?: AbortSignal;
}): Promise<string | undefined> {
  const { screen, matches, onCommit, timeoutMs, backstopMs, signal } = options;
  const first = screen();
  if (first !== undefined && matches(first)) return Promise.resolve(first);
  return new Promise((resolve) => {
    let done = false;
    let queued: NodeJS.Immediate | undefined;
    const finish = (value: string | undefined) => {
      if (done) return;
      done = true;
      stop();
      clearTimeout(timer);
      clearInterval(backstop);
      if (queued) clearImmediate(queued);
      signal?.removeEventListener('abort', aborted);
      resolve(value);
    };
    const check = () => {
      queued = undefined;
      const now = screen();
      if (now !== undefined && matches(now)) finish(now);
    };
    // After the commit's passive effects and Ink's frame write: a macrotask later.
    const stop = onCommit(() => {
      queued ??= setImmediate(check);
    });
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const backstop = setInterval(check, backstopMs);
    const aborted = () => finish(undefined);
    signal?.addEventListener('abort', aborted, { once: true });
    if (signal?.aborted) finish(undefined);
  });
}

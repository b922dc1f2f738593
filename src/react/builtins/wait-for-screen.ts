/**
 * Resolves with the screen as soon as `matches(screen)` holds: checked now, then after every commit
 * (once its effects ran), and every `backstopMs` for screens that change without a commit the
 * session hears (a write outside React). Resolves with `undefined` at `timeoutMs` or on `signal`.
 *
 * `matches` may answer later (a pattern runs in a worker thread): one check runs at a time, and
 * the screens that change meanwhile are checked once it answered, as the screen is then. Its
 * timer does not wait for a check: the wait ends at `timeoutMs` whatever a check is doing. A check
 * that fails rejects the wait.
 */
export function waitForScreen(options: {
  screen: () => string | undefined;
  matches: (screen: string) => boolean | Promise<boolean>;
  onCommit: (listener: () => void) => () => void;
  timeoutMs: number;
  backstopMs: number;
  signal?: AbortSignal;
}): Promise<string | undefined> {
  const { screen, matches, onCommit, timeoutMs, backstopMs, signal } = options;
  return new Promise((resolve, reject) => {
    let done = false;
    let queued: NodeJS.Immediate | undefined;
    let checking = false;
    let again = false;
    const end = () => {
      done = true;
      stop();
      clearTimeout(timer);
      clearInterval(backstop);
      if (queued) clearImmediate(queued);
      signal?.removeEventListener('abort', aborted);
    };
    const finish = (value: string | undefined) => {
      if (done) return;
      end();
      resolve(value);
    };
    const fail = (error: unknown) => {
      if (done) return;
      end();
      reject(error);
    };
    const check = () => {
      queued = undefined;
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      const now = screen();
      if (now === undefined) return;
      let verdict: boolean | Promise<boolean>;
      try {
        verdict = matches(now);
      } catch (error) {
        fail(error);
        return;
      }
      if (typeof verdict === 'boolean') {
        if (verdict) finish(now);
        return;
      }
      checking = true;
      verdict.then(
        (matched) => {
          checking = false;
          if (matched) finish(now);
          else if (again) {
            again = false;
            check();
          }
        },
        (error: unknown) => {
          checking = false;
          fail(error);
        },
      );
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
    else check();
  });
}

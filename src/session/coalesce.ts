export interface Coalescer {
  /** Something changed: run the callback once the burst is over. */
  trigger(): void;
  /** Run now if a run is pending. */
  flush(): void;
  /** Drop a pending run and its timers. */
  cancel(): void;
}

export interface CoalesceOptions {
  /** Quiet time that ends a burst. @default 34 */
  waitMs?: number;
  /** The longest a continuous burst can postpone the run. @default 100 */
  maxWaitMs?: number;
}

/**
 * Trailing-edge coalescing with a maximum wait: a burst of triggers gives one run, and a render loop
 * that never pauses still gets a run every `maxWaitMs` instead of being starved.
 */
export function coalesce(run: () => void, options: CoalesceOptions = {}): Coalescer {
  const waitMs = options.waitMs ?? 34;
  const maxWaitMs = options.maxWaitMs ?? 100;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstTriggerAt: number | undefined;

  const fire = () => {
    clear();
    run();
  };
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    firstTriggerAt = undefined;
  };

  return {
    trigger() {
      const now = Date.now();
      firstTriggerAt ??= now;
      if (timer !== undefined) clearTimeout(timer);
      const delay = Math.max(0, Math.min(waitMs, firstTriggerAt + maxWaitMs - now));
      timer = setTimeout(fire, delay);
      // A pending notification must not keep a finished process alive.
      timer.unref?.();
    },
    flush() {
      if (timer !== undefined) fire();
    },
    cancel: clear,
  };
}

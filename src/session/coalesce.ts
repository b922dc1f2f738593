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
  let firstTriggerAt = 0;
  let lastTriggerAt = 0;

  // One timer per burst, not one per trigger (a trigger comes with every commit): when it fires early
  // for the latest trigger, it is set again for the rest of the wait.
  const check = () => {
    timer = undefined;
    const due = Math.min(lastTriggerAt + waitMs, firstTriggerAt + maxWaitMs);
    const now = Date.now();
    if (now < due) arm(due - now);
    else run();
  };
  const arm = (delay: number) => {
    timer = setTimeout(check, delay);
    // A pending notification must not keep a finished process alive.
    timer.unref?.();
  };
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    trigger() {
      lastTriggerAt = Date.now();
      if (timer !== undefined) return;
      firstTriggerAt = lastTriggerAt;
      arm(Math.min(waitMs, maxWaitMs));
    },
    flush() {
      if (timer === undefined) return;
      clear();
      run();
    },
    cancel: clear,
  };
}

import type { FiberRoot } from './fiber-types.js';

// What React still has to do on a root, and waiting for its next commit: what `settled()` asks.

/** A finished render React commits later (a timer, or a suspended commit waiting on resources). */
export function commitHeld(root: FiberRoot): boolean {
  const { timeoutHandle, cancelPendingCommit } = root as {
    timeoutHandle?: unknown;
    cancelPendingCommit?: unknown;
  };
  // Ink's `noTimeout` is -1.
  return (
    (timeoutHandle !== undefined && timeoutHandle !== null && timeoutHandle !== -1) ||
    cancelPendingCommit != null
  );
}

/** Work React has yet to commit; lanes waiting on data (a suspended transition) do not count. */
export function hasWork(root: FiberRoot): boolean {
  const pending = Number(root.pendingLanes) | 0;
  const waiting = (Number(root.suspendedLanes) | 0) & ~(Number(root.pingedLanes) | 0);
  return (pending & ~waiting) !== 0;
}

/** Waits for the next reported commit (or `wake()` for any reason), re-checking every `pollMs`. */
export class NextCommit {
  readonly #pollMs: number;
  readonly #waiters = new Set<() => void>();

  constructor(pollMs: number) {
    this.#pollMs = pollMs;
  }

  wait(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      // The poll covers a commit nothing reports (no host change, no tool component rendered).
      const timer = setTimeout(done, this.#pollMs);
      timer.unref?.();
      this.#waiters.add(done);
    });
  }

  wake(): void {
    if (this.#waiters.size === 0) return;
    for (const done of [...this.#waiters]) done();
  }
}

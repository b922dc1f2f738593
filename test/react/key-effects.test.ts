// The watch behind a key's wait for what it set in motion (src/react/key-effects.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { watchTimers } from '../../src/react/key-effects.js';

const cleared: Array<ReturnType<typeof setTimeout>> = [];
afterEach(() => {
  for (const timer of cleared.splice(0)) clearTimeout(timer);
});

describe('watchTimers', () => {
  it('sees the app’s timers within its window, not longer ones, and forgets those that ran or were cleared', async () => {
    const watch = watchTimers(100);
    const start = performance.now();
    let ran = false;
    setTimeout(() => {
      ran = true;
    }, 5);
    const cancelled = setTimeout(() => {}, 20);
    cleared.push(setTimeout(() => {}, 5_000)); // past the window: not waited for
    watch.close();
    cleared.push(setTimeout(() => {}, 10)); // after close: not seen
    const due = watch.nextDue();
    expect(due).toBeGreaterThanOrEqual(start + 5);
    expect(due).toBeLessThan(start + 100);
    clearTimeout(cancelled);
    await new Promise<void>((resolve) => {
      const check = () => (ran ? resolve() : setImmediate(check));
      check();
    });
    expect(watch.nextDue()).toBeUndefined();
  });

  it('puts back the setTimeout it replaced (a test’s fake one too) once the last watch closes', () => {
    const real = globalThis.setTimeout;
    const fake = ((...args: Parameters<typeof setTimeout>) => real(...args)) as typeof setTimeout;
    globalThis.setTimeout = fake;
    try {
      const a = watchTimers(50);
      const b = watchTimers(50);
      expect(globalThis.setTimeout).not.toBe(fake);
      a.close();
      expect(globalThis.setTimeout).not.toBe(fake);
      b.close();
      expect(globalThis.setTimeout).toBe(fake);
    } finally {
      globalThis.setTimeout = real;
    }
  });
});

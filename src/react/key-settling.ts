import { EventEmitter } from 'node:events';
import { sleep, watchTimers } from './key-effects.js';

/** What pressing a key came to. */
export interface KeyOutcome {
  /**
   * The app's timers the key scheduled were still running, or rendering, when the window ended:
   * the screen may still change on its own.
   */
  stillChanging: boolean;
}

/**
 * When a key an agent sends has taken effect, so the next may follow: the one rule every keyboard
 * path (`CallInfo.input`, `keyboard.press`, `keyboard.type`) goes through.
 *
 * One keypress, or one paste, is emitted as a person's, in its own input event, on Ink's stdin
 * emitter. It has taken effect once React committed what it caused and the commit's passive effects
 * ran: `useInput` re-subscribes its handler in an effect, so a key sent sooner would reach the stale
 * handler of the render before (a `setX(x + 1)` closure would see the same `x` twice).
 */
export async function pressAndSettle(
  keyboard: EventEmitter,
  data: string,
  settled: () => Promise<void>,
  effectsMs = 0,
): Promise<KeyOutcome> {
  const timers = effectsMs > 0 ? watchTimers(effectsMs) : undefined;
  try {
    await pressOnce(keyboard, data, settled);
    if (!timers) return { stillChanging: false };
    // What the key set in motion (key-effects.ts): each short timer it scheduled, then what that
    // rendered, until none is pending or the window is over. Timers scheduled meanwhile count too.
    // A timer due within the window is waited for even when a loaded machine runs it late: it is
    // overdue, so it runs in the next turn of timers. One due after the window ends the wait.
    const end = performance.now() + effectsMs;
    for (let due = timers.nextDue(); due !== undefined; due = timers.nextDue()) {
      if (due > end) return { stillChanging: true };
      await sleep(due - performance.now());
      await settledTwice(settled);
    }
    return { stillChanging: false };
  } finally {
    timers?.close();
  }
}

async function pressOnce(keyboard: EventEmitter, data: string, settled: () => Promise<void>): Promise<void> {
  // The prototype's emit, not the instance's: a pending confirmation replaces the instance's to
  // take the terminal's keys, and an agent's keys must never answer it.
  EventEmitter.prototype.emit.call(keyboard, 'input', data);
  await settledTwice(settled);
}

async function settledTwice(settled: () => Promise<void>): Promise<void> {
  await settled();
  // One more turn before the next key: React's Scheduler works about 5 ms a turn, so on a loaded
  // machine the commit's passive effects (useInput subscribing the handler that sees the new
  // state) can fall a turn behind the quiet turn `settled()` ends on, and the next key would reach
  // the stale handler and be lost (1 in 10,000 keys typed, at a load of 10 on 2 cores). The
  // Scheduler's own turn was queued before this one, so it runs first.
  await new Promise<void>((resolve) => setImmediate(resolve));
  await settled();
}

import type { AuthorizeRequest, ConfirmOptions, ConfirmOutcome } from '../registry/authorize.js';
import { Subscribable } from '../util/subscribable.js';

export interface PendingConfirmation {
  readonly id: number;
  readonly request: AuthorizeRequest;
  /** When the question denies itself (ms since the epoch). */
  readonly deadline: number;
  /**
   * Which question this is, counting from the first one shown since the person last had none open
   * ("2 of 3"). Starts at 1.
   */
  readonly position: number;
  /** `position` plus the questions waiting behind this one. */
  readonly total: number;
  /**
   * Whether the person's keys may answer it yet. A question is shown unarmed for the arming time
   * (`ConfirmerOptions.armMs`), so keys meant for the app, or a second quick `y` meant for the
   * question before, cannot answer it.
   */
  readonly armed: boolean;
}

export interface ConfirmerOptions {
  /** How long a person has to answer before the call is denied. @default 60_000 */
  timeoutMs?: number;
  /**
   * How long a question ignores the person's keys after it is shown (and so after each answer, which
   * shows the next). A key pressed meanwhile is ignored and starts the wait over: someone typing into
   * the app when a question appears cannot answer it until they pause. 0 arms at once. @default 500
   */
  armMs?: number;
  /**
   * After the person denies all, how long the agent must stay quiet before it may ask again: a
   * question asked sooner is denied without being shown, and the wait starts over. Calls queued
   * behind a question ask one after another (each in its turn), so without it "deny all" would deny
   * one and show the next; a flood is denied until it stops. @default 2_000
   */
  denyAllQuietMs?: number;
}

/** The arming time a Confirmer uses when none is given. */
export const DEFAULT_ARM_MS = 500;

/** The quiet time after "deny all" a Confirmer uses when none is given. */
export const DEFAULT_DENY_ALL_QUIET_MS = 2_000;

interface Entry {
  pending: PendingConfirmation;
  resolve: (outcome: ConfirmOutcome) => void;
  timer?: NodeJS.Timeout;
  /** Stops listening to the asker's signal. */
  unlisten?: () => void;
}

/**
 * The questions an authorizer's `'ask'` puts to the person at the terminal, one at a time, in the
 * order asked. Framework-free: the React layer shows `current()`, reports the person's keys with
 * `keyPressed` and calls `answer` or `denyAll`. A question not answered in time is denied as timed out
 * (not declined: nobody said no); one whose asker gives up (`ConfirmOptions.signal`: the call was
 * cancelled, its client went away) is taken down and denied; one still open when the confirmer
 * closes is denied.
 */
export class Confirmer {
  readonly changes = new Subscribable<PendingConfirmation | undefined>();
  readonly #timeoutMs: number;
  readonly #armMs: number;
  readonly #quietMs: number;
  /** Until when (ms since the epoch) questions are denied unseen, after "deny all". */
  #deniedUntil = 0;
  readonly #queue: Entry[] = [];
  /** Questions taken off the front since the queue was last empty: what `position` counts from. */
  #done = 0;
  #armTimer: NodeJS.Timeout | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: ConfirmerOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 60_000;
    this.#armMs = Math.max(0, options.armMs ?? DEFAULT_ARM_MS);
    this.#quietMs = Math.max(0, options.denyAllQuietMs ?? DEFAULT_DENY_ALL_QUIET_MS);
  }

  /**
   * Resolves `true` only if the person approved this one call, `false` if they declined (or denied
   * all, or the asker's signal aborted), and `{ timedOut: true, afterMs }` if nobody answered in time.
   * Usable as the server's `confirm`.
   */
  ask = (request: AuthorizeRequest, options: ConfirmOptions = {}): Promise<ConfirmOutcome> => {
    const { signal } = options;
    if (this.#closed || signal?.aborted) return Promise.resolve(false);
    if (Date.now() < this.#deniedUntil) {
      // Still denying all: the agent has not been quiet since the person said so.
      this.#deniedUntil = Date.now() + this.#quietMs;
      return Promise.resolve(false);
    }
    return new Promise<ConfirmOutcome>((resolve) => {
      const entry: Entry = {
        pending: { id: this.#nextId++, request, deadline: 0, position: 0, total: 0, armed: false },
        resolve,
      };
      if (signal) {
        const onAbort = () => this.#remove(entry, false);
        signal.addEventListener('abort', onAbort, { once: true });
        entry.unlisten = () => signal.removeEventListener('abort', onAbort);
      }
      this.#queue.push(entry);
      if (this.#queue.length === 1) this.#show();
      else this.#recount();
    });
  };

  /** The question shown now, if any. */
  current(): PendingConfirmation | undefined {
    return this.#queue[0]?.pending;
  }

  /**
   * The person pressed a key while question `id` was shown. True when the question is armed and the
   * key may answer it; false when the key is to be ignored (not armed yet, and the arming wait starts
   * over; or `id` is no longer shown).
   */
  keyPressed(id: number): boolean {
    const head = this.#queue[0];
    if (!head || head.pending.id !== id) return false;
    if (head.pending.armed) return true;
    this.#arm(head);
    return false;
  }

  /**
   * The person pressed a key that means nothing to question `id` (a letter, say): they are most likely
   * typing into the app and have not read the question. It is unarmed, and the arming time starts
   * over, so the next key of what they type (a `y`) cannot answer it.
   */
  strayKey(id: number): void {
    const head = this.#queue[0];
    if (!head || head.pending.id !== id) return;
    const wasArmed = head.pending.armed;
    head.pending = { ...head.pending, armed: false };
    this.#arm(head);
    if (wasArmed) this.changes.emit(head.pending);
  }

  /**
   * The answer to question `id` (answers to questions no longer shown are ignored). Arming is for
   * keys (`keyPressed`): an answer given here counts at once.
   */
  answer(id: number, approved: boolean): void {
    const head = this.#queue[0];
    if (head && head.pending.id === id) this.#remove(head, approved);
  }

  /**
   * Denies every open question, shown or waiting, and every question asked until the agent has been
   * quiet for `denyAllQuietMs`: the person's way out of a flood of questions. Questions asked after
   * that are asked as usual.
   */
  denyAll(): void {
    this.#deniedUntil = Date.now() + this.#quietMs;
    if (this.#denyEveryone() > 0) this.changes.emit(undefined);
  }

  /** Denies every open question; later ones are denied at once. */
  close(): void {
    this.#closed = true;
    this.#denyEveryone();
    this.changes.emit(undefined);
  }

  /** Empties the queue, denying each question in it; how many there were. */
  #denyEveryone(): number {
    const entries = this.#queue.splice(0);
    this.#done = 0;
    clearTimeout(this.#armTimer);
    for (const entry of entries) this.#finish(entry, false);
    return entries.length;
  }

  /** Takes `entry` out of the queue, wherever it is, and settles it. */
  #remove(entry: Entry, outcome: ConfirmOutcome): void {
    const index = this.#queue.indexOf(entry);
    if (index < 0) return;
    this.#queue.splice(index, 1);
    this.#finish(entry, outcome);
    if (index > 0) {
      this.#recount();
      return;
    }
    this.#done = this.#queue.length === 0 ? 0 : this.#done + 1;
    this.#show();
  }

  #finish(entry: Entry, outcome: ConfirmOutcome): void {
    clearTimeout(entry.timer);
    entry.unlisten?.();
    entry.resolve(outcome);
  }

  #show(): void {
    clearTimeout(this.#armTimer);
    const head = this.#queue[0];
    if (head) {
      // The clock starts when the question is shown, not when it was queued behind another.
      head.pending = { ...head.pending, deadline: Date.now() + this.#timeoutMs, armed: false };
      const afterMs = this.#timeoutMs;
      head.timer = setTimeout(() => this.#remove(head, { timedOut: true, afterMs }), afterMs);
      head.timer.unref?.();
      this.#arm(head);
    }
    this.#recount();
  }

  /** (Re)starts the arming wait of the shown question. */
  #arm(head: Entry): void {
    clearTimeout(this.#armTimer);
    if (this.#armMs === 0) {
      head.pending = { ...head.pending, armed: true };
      return;
    }
    this.#armTimer = setTimeout(() => {
      if (this.#queue[0] !== head) return;
      head.pending = { ...head.pending, armed: true };
      this.changes.emit(head.pending);
    }, this.#armMs);
    this.#armTimer.unref?.();
  }

  /** Publishes the shown question with its place in the queue ("2 of 3"). */
  #recount(): void {
    const head = this.#queue[0];
    if (head) {
      const position = this.#done + 1;
      const total = this.#done + this.#queue.length;
      if (head.pending.position !== position || head.pending.total !== total) {
        head.pending = { ...head.pending, position, total };
      }
    }
    this.changes.emit(head?.pending);
  }
}

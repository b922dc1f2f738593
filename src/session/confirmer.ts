import type { AuthorizeRequest, ConfirmOutcome } from '../registry/authorize.js';
import { Subscribable } from '../util/subscribable.js';

export interface PendingConfirmation {
  readonly id: number;
  readonly request: AuthorizeRequest;
  /** When the question denies itself (ms since the epoch). */
  readonly deadline: number;
}

export interface ConfirmerOptions {
  /** How long a person has to answer before the call is denied. @default 60_000 */
  timeoutMs?: number;
}

/**
 * The questions an authorizer's `'ask'` puts to the person at the terminal, one at a time, in the
 * order asked. Framework-free: the React layer shows `current()` and calls `answer`. A question not
 * answered in time is denied as timed out (not declined: nobody said no); one still open when the
 * confirmer closes is denied.
 */
export class Confirmer {
  readonly changes = new Subscribable<PendingConfirmation | undefined>();
  readonly #timeoutMs: number;
  readonly #queue: {
    pending: PendingConfirmation;
    resolve: (outcome: ConfirmOutcome) => void;
    timer?: NodeJS.Timeout;
  }[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: ConfirmerOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 60_000;
  }

  /**
   * Resolves `true` only if the person approved this one call, `false` if they declined, and
   * `{ timedOut: true, afterMs }` if nobody answered in time. Usable as the server's `confirm`.
   */
  ask = (request: AuthorizeRequest): Promise<ConfirmOutcome> => {
    if (this.#closed) return Promise.resolve(false);
    return new Promise<ConfirmOutcome>((resolve) => {
      const pending = { id: this.#nextId++, request, deadline: 0 };
      this.#queue.push({ pending, resolve });
      if (this.#queue.length === 1) this.#show();
    });
  };

  /** The question shown now, if any. */
  current(): PendingConfirmation | undefined {
    return this.#queue[0]?.pending;
  }

  /** The person's answer to question `id` (answers to questions no longer shown are ignored). */
  answer(id: number, approved: boolean): void {
    this.#settle(id, approved);
  }

  #settle(id: number, outcome: ConfirmOutcome): void {
    const head = this.#queue[0];
    if (!head || head.pending.id !== id) return;
    clearTimeout(head.timer);
    this.#queue.shift();
    head.resolve(outcome);
    this.#show();
  }

  /** Denies every open question; later ones are denied at once. */
  close(): void {
    this.#closed = true;
    for (const entry of this.#queue.splice(0)) {
      clearTimeout(entry.timer);
      entry.resolve(false);
    }
    this.changes.emit(undefined);
  }

  #show(): void {
    const head = this.#queue[0];
    if (head) {
      // The clock starts when the question is shown, not when it was queued behind another.
      head.pending = { ...head.pending, deadline: Date.now() + this.#timeoutMs };
      const afterMs = this.#timeoutMs;
      head.timer = setTimeout(() => this.#settle(head.pending.id, { timedOut: true, afterMs }), afterMs);
      head.timer.unref?.();
    }
    this.changes.emit(head?.pending);
  }
}

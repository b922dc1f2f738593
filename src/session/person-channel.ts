import type { AuthorizeRequest, ConfirmOptions, ConfirmOutcome } from '../registry/authorize.js';
import { Subscribable } from '../util/subscribable.js';
import { Confirmer, type ConfirmerOptions, type PendingConfirmation } from './confirmer.js';

/** What every watcher of a session sees of the person's side: one state, shared, so they agree. */
export interface PersonState {
  /** How many watchers are attached (terminal, page, chat view). */
  readonly watchers: number;
  /** The person paused the agent: its calls wait (`PersonChannel.whenResumed`). */
  readonly paused: boolean;
  /** The watcher holding the keyboard (its name), while the person types into the app. */
  readonly typing: string | undefined;
  /** The question open now, if any (the confirmer's `current()`). */
  readonly question: PendingConfirmation | undefined;
}

/** How a watcher's answer to a question ended. */
export type AnswerResult =
  /** It settled the question. */
  | 'answered'
  /** The question is not armed yet (it was just shown): ignored, and its arming wait starts over. */
  | 'not_armed'
  /** That question is not the one open (answered by another watcher, timed out, withdrawn). */
  | 'not_open';

/** One watcher's handle on the channel: everything a watcher may do goes through it. */
export interface Watcher {
  readonly id: number;
  readonly name: string;
  /** Answers question `questionId` by the confirmer's rules (armed, that question only). */
  answer(questionId: number, approve: boolean): AnswerResult;
  pause(): void;
  resume(): void;
  /** Takes the keyboard: agent calls that press keys or act are refused until `handBack`. */
  takeOver(): void;
  handBack(): void;
  /** Whether this watcher holds the keyboard. */
  readonly typing: boolean;
  /** Leaves: a question open when the last watcher leaves is left unanswered (denied, "no answer"). */
  leave(): void;
}

/**
 * The person beside a headless session, whatever they watch it with (`ink-mcp watch`, its page, an
 * MCP App view): the questions they answer, and their hold on the agent (pause, the keyboard).
 * Framework-free, one per session. A question is asked through a `Confirmer`, the attached y/N's
 * own, so it follows the same rules: one at a time, armed after a short delay, the arguments whole
 * and escaped by whoever shows them, denied when nobody answers in time. Watchers hold handles
 * (`join`); all see one state and the first armed answer settles a question for all.
 */
export class PersonChannel {
  readonly confirmer: Confirmer;
  /** Every change of the state (watchers, pause, keyboard, the open question). */
  readonly changes = new Subscribable<PersonState>();
  readonly #watchers = new Map<number, string>();
  /** Questions asked through `ask` and not settled: aborted when the last watcher leaves. */
  readonly #asking = new Set<AbortController>();
  readonly #resumed = new Subscribable<void>();
  #paused = false;
  #typing: number | undefined;
  #nextId = 1;

  constructor(options: ConfirmerOptions = {}) {
    this.confirmer = new Confirmer(options);
    this.confirmer.changes.subscribe(() => this.#emit());
  }

  state(): PersonState {
    return {
      watchers: this.#watchers.size,
      paused: this.#paused,
      typing: this.#typing === undefined ? undefined : this.#watchers.get(this.#typing),
      question: this.confirmer.current(),
    };
  }

  /** Whether the agent's calls wait for the person. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Whether the person holds the keyboard. */
  get typing(): boolean {
    return this.#typing !== undefined;
  }

  /**
   * A `Confirm` for the hub: asks the watchers, or answers `{ unanswered: 'no_one' }` at once when
   * none is attached (the call is then refused as without a way to ask). A question still open when
   * the last watcher leaves answers `{ unanswered: 'left' }`.
   */
  readonly ask = (request: AuthorizeRequest, options: ConfirmOptions = {}): Promise<ConfirmOutcome> => {
    if (this.#watchers.size === 0) return Promise.resolve({ unanswered: 'no_one' });
    const left = new AbortController();
    this.#asking.add(left);
    const { signal } = options;
    const onAbort = () => left.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settled = (outcome: ConfirmOutcome): ConfirmOutcome => {
      this.#asking.delete(left);
      signal?.removeEventListener('abort', onAbort);
      // Withdrawn because nobody is watching any more, not because the asker gave up.
      if (outcome === false && left.signal.aborted && !signal?.aborted) return { unanswered: 'left' };
      return outcome;
    };
    return this.confirmer.ask(request, { signal: left.signal }).then(settled);
  };

  join(name: string): Watcher {
    const id = this.#nextId++;
    this.#watchers.set(id, name);
    this.#emit();
    const present = () => this.#watchers.has(id);
    const channel = this;
    return {
      id,
      name,
      answer: (questionId, approve) => {
        if (!present()) return 'not_open';
        if (channel.confirmer.current()?.id !== questionId) return 'not_open';
        // The same rule as a key at the attached prompt: an unarmed question ignores it.
        if (!channel.confirmer.keyPressed(questionId)) return 'not_armed';
        channel.confirmer.answer(questionId, approve);
        return 'answered';
      },
      pause: () => present() && channel.#setPaused(true),
      resume: () => present() && channel.#setPaused(false),
      takeOver: () => {
        if (!present() || channel.#typing === id) return;
        channel.#typing = id;
        channel.#emit();
      },
      handBack: () => {
        if (channel.#typing !== id) return;
        channel.#typing = undefined;
        channel.#emit();
      },
      get typing() {
        return channel.#typing === id;
      },
      leave: () => channel.#leave(id),
    };
  }

  /**
   * Resolves `true` once the person resumes (at once when not paused), `false` after `timeoutMs` or
   * when `signal` aborts: a paused call waits its own time, then answers "paused by the person".
   */
  whenResumed(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (!this.#paused) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const done = (resumed: boolean) => {
        clearTimeout(timer);
        off();
        signal?.removeEventListener('abort', onAbort);
        resolve(resumed);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      timer.unref?.();
      const off = this.#resumed.subscribe(() => done(true));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The session stopped: open questions are denied, waiting calls go on (to be refused as stopped). */
  close(): void {
    this.confirmer.close();
    this.#watchers.clear();
    this.#typing = undefined;
    this.#setPaused(false);
  }

  #setPaused(paused: boolean): void {
    if (this.#paused === paused) return;
    this.#paused = paused;
    this.#emit();
    if (!paused) this.#resumed.emit();
  }

  #leave(id: number): void {
    if (!this.#watchers.delete(id)) return;
    if (this.#typing === id) this.#typing = undefined;
    if (this.#watchers.size === 0) {
      // Nobody is left to answer or to resume: open questions go unanswered, the agent goes on.
      for (const left of [...this.#asking]) left.abort();
      this.#setPaused(false);
    }
    this.#emit();
  }

  #emit(): void {
    this.changes.emit(this.state());
  }
}

import { errorText } from './text.js';

export type Listener<T> = (value: T) => void;

/**
 * A set of listeners. `subscribe` returns the unsubscribe function. A listener that throws is
 * reported to `onListenerError` and does not keep the others from hearing the event.
 */
export class Subscribable<T> {
  readonly #listeners = new Set<Listener<T>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError?: (error: unknown) => void) {
    this.#onListenerError =
      onListenerError ??
      // stderr, never stdout: stdout belongs to the protocol (stdio) or to Ink's frames.
      ((error) => process.stderr.write(`ink-mcp: a listener threw: ${errorText(error)}\n`));
  }

  subscribe(listener: Listener<T>): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** How many listeners there are (lets a hot path skip an event nobody hears). */
  get size(): number {
    return this.#listeners.size;
  }

  /** Forgets every listener (the source is done). */
  clear(): void {
    this.#listeners.clear();
  }

  emit(value: T): void {
    // A copy: a listener that (un)subscribes while being called must not change who hears this event.
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        try {
          this.#onListenerError(error);
        } catch {
          // The error reporter itself failed: nothing sensible is left to do with the error.
        }
      }
    }
  }
}

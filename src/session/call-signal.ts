/**
 * A running call's `CallInfo.signal`, made only when the handler reads it. It aborts when the call
 * times out, the session stops, or the caller cancels the request, whichever comes first, also when
 * that happened before the handler read it.
 *
 * Lazily: a listener on the request's signal (Node's `EventTarget`) and an `AbortSignal` cost more
 * than the rest of a trivial call together, and most handlers set some state and never read the
 * signal. A handler that never reads it cannot tell an abort from none; the call path itself checks
 * the request's own signal.
 */
export class CallSignal {
  readonly #request: AbortSignal | undefined;
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  #unlink: (() => void) | undefined;

  /** `request`: the caller's signal (the MCP request's), whose abort this one follows. */
  constructor(request?: AbortSignal) {
    this.#request = request;
  }

  get signal(): AbortSignal {
    if (this.#controller !== undefined) return this.#controller.signal;
    const controller = new AbortController();
    this.#controller = controller;
    const request = this.#request;
    if (this.#aborted) controller.abort(this.#reason);
    else if (request?.aborted) this.abort(request.reason);
    else if (request !== undefined) {
      const follow = () => this.abort(request.reason);
      request.addEventListener('abort', follow, { once: true });
      this.#unlink = () => request.removeEventListener('abort', follow);
    }
    return controller.signal;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  /** Aborts the signal (now, or as it is made if the handler has not read it yet). The first reason wins. */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.dispose();
    this.#controller?.abort(reason);
  }

  /** The call is answered: stop following the request's signal. */
  dispose(): void {
    this.#unlink?.();
    this.#unlink = undefined;
  }
}

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread that compiles and runs one screen pattern (re2js) off the event loop. RE2 is
 * linear in the screen's length, but its constant can be large (a counted repetition falls back to
 * the NFA: `(\w+\s*){1,1000}$` took 17 s on 140,000 characters), and re2js cannot be interrupted.
 * In a worker, a check never delays pings, other sessions or the person's keys, and one still
 * running when its wait ends is stopped by ending the thread.
 */

// CommonJS, evaluated: no loader is needed (the app may run under tsx, which a worker would inherit)
// and no file must sit next to this one (tests run it as TypeScript, the package from dist/).
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { RE2JS } = require(workerData.re2js);
let compiled;
parentPort.on('message', (request) => {
  try {
    if (request.pattern !== undefined) {
      compiled = RE2JS.compile(RE2JS.translateRegExp(request.pattern), RE2JS.MULTILINE);
      parentPort.postMessage({ ok: true, matched: false });
    } else {
      parentPort.postMessage({ ok: true, matched: compiled.test(request.screen) });
    }
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String((error && error.message) || error) });
  }
});
`;

type Reply = { ok: true; matched: boolean } | { ok: false; error: string };

/** Thrown when the worker itself failed (not the pattern): it could not start, or it died. */
export class PatternWorkerError extends Error {
  override name = 'PatternWorkerError';
}

/** One idle worker is kept for the next wait (starting one takes tens of milliseconds). */
let idle: PatternWorker | undefined;

export class PatternWorker {
  readonly #worker: Worker;
  #pending: ((reply: Reply | PatternWorkerError) => void) | undefined;
  #dead: PatternWorkerError | undefined;

  /** An idle worker if there is one, else a new one. */
  static take(): PatternWorker {
    const worker = idle ?? new PatternWorker();
    idle = undefined;
    return worker;
  }

  private constructor() {
    this.#worker = new Worker(SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { re2js: createRequire(import.meta.url).resolve('re2js') },
    });
    // Never what keeps the process alive: the wait's own timer does while a wait runs.
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#die(error.message));
    this.#worker.on('exit', (code) => this.#die(`it exited with code ${code}`));
  }

  /** Compiles `pattern` for the next `test`s; resolves with RE2's complaint if it is not valid. */
  async compile(pattern: string): Promise<string | undefined> {
    const reply = await this.#request({ pattern });
    return reply.ok ? undefined : reply.error;
  }

  /** Whether the compiled pattern matches anywhere in `screen`. */
  async test(screen: string): Promise<boolean> {
    const reply = await this.#request({ screen });
    if (!reply.ok) throw new PatternWorkerError(reply.error);
    return reply.matched;
  }

  /** Done with it: kept for the next wait if it is idle and none is kept, otherwise ended. */
  release(): void {
    if (this.#pending === undefined && this.#dead === undefined && idle === undefined) {
      idle = this;
      return;
    }
    this.#dead ??= new PatternWorkerError('it was released');
    void this.#worker.terminate();
  }

  #request(message: { pattern: string } | { screen: string }): Promise<Reply> {
    if (this.#dead) return Promise.reject(this.#dead);
    if (this.#pending) return Promise.reject(new PatternWorkerError('a request is already running'));
    return new Promise((resolve, reject) => {
      this.#pending = (reply) => (reply instanceof PatternWorkerError ? reject(reply) : resolve(reply));
      this.#worker.postMessage(message);
    });
  }

  #settle(reply: Reply | PatternWorkerError): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.(reply);
  }

  #die(why: string): void {
    this.#dead ??= new PatternWorkerError(why);
    if (idle === this) idle = undefined;
    this.#settle(this.#dead);
  }
}

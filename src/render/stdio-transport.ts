import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { ChangeBacklog } from '../util/change-backlog.js';
import { defined } from '../util/defined.js';
import { answeredWithoutTheApp } from './early-methods.js';

type RequestId = string | number;

const OPENINGS = new Set(['initialize', 'server/discover']);

/**
 * How long a request that needs the app waits for its first render before it is answered that the
 * app is still starting. Clients give a request 60 s by default (the SDK's DEFAULT_REQUEST_TIMEOUT_MSEC):
 * answered well before that, with what to do, rather than timed out with nothing.
 */
const HOLD_MS = 15_000;

/**
 * The SDK's stdio transport, knowing which requests still await their answer: so that the app
 * exiting, or the end of input, closes the server only once those answers are written (bounded).
 * Until `ready()`, it passes on only what needs no app (early-methods.ts) and holds the rest, in
 * order: the transport connects before the app renders, to answer `initialize` early.
 */
export class AnsweringStdioTransport extends StdioServerTransport {
  readonly #holdMs: number;

  /** `holdMs`: how long a request waits for the app's first render (HOLD_MS; shorter in tests). */
  constructor(
    stdin?: NodeJS.ReadStream,
    stdout?: NodeJS.WriteStream,
    options: { holdMs?: number; backlogBytes?: number } = {},
  ) {
    super(stdin, stdout);
    this.#holdMs = options.holdMs ?? HOLD_MS;
    this.#changes = new ChangeBacklog(stdout ?? process.stdout, {
      ...defined({ bound: options.backlogBytes }),
      onStall: (bytes) => this.onBacklog?.(bytes),
    });
  }

  readonly #changes: ChangeBacklog;
  /** Told once per stall that change notifications are being held back. */
  onBacklog: ((bytes: number) => void) | undefined;

  /** Told when a request waited `ms` for the app's first render and was answered that it is still starting. */
  onHoldExpired: ((ms: number) => void) | undefined;
  readonly #pending = new Set<RequestId>();
  readonly #idle = new Set<() => void>();
  /** The id of the first `initialize` request, once received; and who waits for its answer. */
  #initializeId: RequestId | undefined;
  #initialized = false;
  readonly #onInitialized = new Set<() => void>();
  /** What waits for the app's first render, in order, with when it came; `undefined` once it rendered. */
  #held: { message: JSONRPCMessage; at: number }[] | undefined = [];
  #holdTimer: NodeJS.Timeout | undefined;
  readonly #started = Date.now();
  /**
   * The client's `initialized`, when it came before the app's first render: that is where the server
   * starts tracking which tool list the client has. Delivered once the app is up, the client's view
   * starts with the app's sessions in it, and their arrival is no change to announce (a
   * `list_changed` for a list the client never saw differ crashes the MCP Python SDK 1.x client when
   * it follows a failing call's answer).
   */
  #initializedHeld: JSONRPCMessage | undefined;
  /** A `tools/list` was answered "still starting": the client is told the list changed once the app is up. */
  #listRefused = false;
  /** Why requests that need the app are answered with an error instead (it cannot be served). */
  #refusal: string | undefined;

  override async start(): Promise<void> {
    // The protocol sets onmessage before it starts the transport.
    const deliver = this.onmessage;
    this.onmessage = (message: JSONRPCMessage) => {
      this.#received(message);
      const method = 'method' in message ? message.method : undefined;
      if (this.#held && this.#held.length === 0 && method === 'notifications/initialized') {
        // Held apart: what needs no app (a ping) still passes, and it goes first once the app is up.
        this.#initializedHeld = message;
      } else if (
        this.#held &&
        (this.#held.length > 0 || method === undefined || !answeredWithoutTheApp(method))
      ) {
        this.#held.push({ message, at: Date.now() });
        this.#armHold();
      } else if (this.#refusal !== undefined && method !== undefined && !answeredWithoutTheApp(method))
        this.#refuse(message);
      else deliver?.(message);
    };
    await super.start();
  }

  /** The app has rendered: what was held is delivered, in order, and nothing is held from now on. */
  ready(): void {
    clearTimeout(this.#holdTimer);
    const held = this.#held;
    this.#held = undefined;
    const initialized = this.#initializedHeld;
    this.#initializedHeld = undefined;
    if (initialized) this.onmessage?.(initialized);
    for (const { message } of held ?? []) this.onmessage?.(message);
    if (this.#listRefused && this.#refusal === undefined)
      void this.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }).catch(() => {});
  }

  /**
   * Requests that waited HOLD_MS are answered that the app is still starting (nothing of theirs
   * ran), never served without it: a listing with none of its tools would look final. Notifications
   * and what came after a request still waiting keep their place.
   */
  #armHold(): void {
    if (this.#holdTimer || !this.#held?.length) return;
    const first = this.#held[0]!;
    this.#holdTimer = setTimeout(
      () => {
        this.#holdTimer = undefined;
        const now = Date.now();
        const due =
          this.#held?.filter(({ message, at }) => now - at >= this.#holdMs && 'id' in message) ?? [];
        if (due.length > 0) this.onHoldExpired?.(this.#holdMs);
        for (const entry of due) {
          this.#held = this.#held?.filter((held) => held !== entry);
          if ('method' in entry.message && entry.message.method === 'tools/list') this.#listRefused = true;
          this.#answerError(entry.message, stillStarting(now - this.#started));
        }
        this.#armHold();
      },
      Math.max(0, first.at + this.#holdMs - Date.now()),
    );
    this.#holdTimer.unref();
  }

  /**
   * The app will never be served (it renders with another copy of Ink): from now on, and for what
   * was held, each request that needs the app is answered with `reason`, so that the client learns
   * why rather than finding no tools.
   */
  refuse(reason: string): void {
    this.#refusal = reason;
    this.ready();
  }

  #refuse(message: JSONRPCMessage): void {
    this.#answerError(message, this.#refusal ?? '');
  }

  #answerError(message: JSONRPCMessage, text: string): void {
    if (!('id' in message) || message.id === undefined) return;
    void this.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: text } }).catch(
      () => {},
    );
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    // A client that stops reading: its change notifications wait (change-backlog.ts).
    if (
      this.#changes.hold(
        () => message,
        () => void super.send(message).catch(() => {}),
      )
    )
      return;
    await super.send(message);
    if ('method' in message || !('id' in message) || message.id === undefined) return;
    if (!this.#initialized && message.id === this.#initializeId) {
      this.#initialized = true;
      for (const done of [...this.#onInitialized]) done();
    }
    this.#settle(message.id);
  }

  /**
   * Resolves once the client's `initialize` (or 2026-07-28 `server/discover`) has been answered, or
   * after `timeoutMs` (a client that sends something else first, or nothing yet). Lets the app's first render wait for that answer.
   */
  initializeAnswered(timeoutMs: number): Promise<void> {
    return this.#initialized ? Promise.resolve() : waitIn(this.#onInitialized, timeoutMs);
  }

  /** Resolves once every request received so far has been answered, or after `timeoutMs`. */
  answered(timeoutMs: number): Promise<void> {
    return this.#pending.size === 0 ? Promise.resolve() : waitIn(this.#idle, timeoutMs);
  }

  #received(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message) {
      this.#pending.add(message.id);
      // The opening exchange: `initialize` (2025 era) or `server/discover` (2026-07-28, no handshake).
      if (OPENINGS.has(message.method) && this.#initializeId === undefined) this.#initializeId = message.id;
    }
    // A cancelled request gets no answer (MCP spec): stop waiting for it.
    else if ('method' in message && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (id !== undefined) this.#settle(id);
    }
  }

  #settle(id: RequestId): void {
    if (!this.#pending.delete(id) || this.#pending.size > 0) return;
    for (const done of [...this.#idle]) done();
  }
}

function stillStarting(ms: number): string {
  return (
    `ink-mcp: the app is still starting: it has loaded Ink but not rendered yet (${Math.round(ms / 1000)} s so far), so nothing of this request ran. ` +
    'Try again in a few seconds; the tool list is announced as changed once the app is up.'
  );
}

/**
 * Resolves when a function put in `waiters` is called, or after `timeoutMs`. The timer is not
 * unref'd: with stdin already ended, nothing else may keep the process up until it fires.
 */
function waitIn(waiters: Set<() => void>, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    waiters.add(done);
  });
}

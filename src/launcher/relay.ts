import { isDeepStrictEqual } from 'node:util';
import { NOT_INITIALIZED_CODE, notInitializedMessage } from '../util/protocol-order.js';
import { wantsAppView } from '../util/ui-extension.js';
import {
  claimsModernEra,
  earlyAnswer,
  earlyModernList,
  isRequest,
  isResponse,
  type JsonRpcId,
  type JsonRpcRequest,
  parseMessage,
  type ServerInfo,
} from './early-answers.js';

/** What a client may ask before `initialize`: `ping`, and the 2026 era's `server/discover`, which has none. */
const BEFORE_INITIALIZE = new Set(['ping', 'server/discover']);

/** The id the launcher gives the client's `initialize` when it hands it to the app. */
const REPLAY_ID = 'ink-mcp-launcher:initialize';
/** The id of the listing the relay asks the app for after it answered the client's itself. */
const LIST_ID = 'ink-mcp-launcher:tools/list';

export interface RelayIo {
  /** One message line to the MCP client (the launcher's stdout). */
  toClient(line: string): void;
  log(message: string): void;
  /** What the app's server will say it is, for the early `initialize` answer. @default ink-mcp's */
  serverInfo?: ServerInfo;
  /**
   * The tools the app's server will list once the app has rendered, when that is known before it
   * loads (the stable surface: early-tools.ts): `tools/list` is then answered at once too.
   * @default none: a listing waits for the app
   */
  tools?: readonly object[];
}

/**
 * The launcher's relay between the MCP client (its stdin/stdout) and the app's ink-mcp server (a
 * socket the app's process connects to once it imports Ink). Until the app is connected it answers
 * what it can itself (early-answers.ts) and queues the rest; the app's server then gets the
 * client's `initialize` first (its answer is dropped: the client has one), then the queue in order.
 * A request the app never answered when it went away is answered with an error saying so.
 *
 * With `tools`, `tools/list` is answered by the relay until the app's server has answered one: a
 * listing the relay asks for in the client's place, where the client's first one was (so the
 * server knows which list the client has, and sends `list_changed` only when it moves). Its answer
 * is dropped, or, when it differs from what the client was told (the app rendered a second session
 * first, or cannot be served), replaced by a `list_changed`, so the client lists again, from the app.
 */
export class Relay {
  readonly #io: RelayIo;
  #app: ((line: string) => void) | undefined;
  #queue: string[] = [];
  #initialize: JsonRpcRequest | undefined;
  #earlyInitialize: object | undefined;
  /** The early `tools/list` result, until the app's server has answered the relay's own listing. */
  #earlyList: { tools: readonly object[] } | undefined;
  /** The relay's own listing is on its way to the app (queued or sent), not yet answered. */
  #listAsked = false;
  readonly #pending = new Set<JsonRpcId>();
  /** The pending requests that are listings. */
  readonly #pendingLists = new Set<JsonRpcId>();
  /** A listing was refused while the app was not connected: the client hears `list_changed` once it is. */
  #listRefused = false;
  /** Why requests cannot be served now (the app is gone, or has not come). */
  #refusal: string | undefined;
  #gone = false;
  /** The client has had an answer of the app's server, or one saying why the app is gone. */
  #toldWhy = false;
  readonly #onToldWhy = new Set<() => void>();
  /** The client has sent its `initialize`: only `ping` may come before it. */
  #clientInitialized = false;
  /** The app's server answers for itself from now on (`direct`). */
  #direct = false;
  /** The replayed `initialize` has not been answered yet (its answer is the relay's, dropped). */
  #replayPending = false;

  constructor(io: RelayIo) {
    this.#io = io;
    if (io.tools) this.#earlyList = { tools: io.tools };
  }

  get connected(): boolean {
    return this.#app !== undefined;
  }

  fromClient(line: string): void {
    // Passed on unread once the app's server answers for itself (`direct`): nothing left to intercept.
    if (this.#direct && this.#app !== undefined && this.#earlyList === undefined) {
      this.#app(line);
      return;
    }
    const message = parseMessage(line);
    const request = isRequest(message) ? message : undefined;
    // The lifecycle holds here too: a request queued before the client's initialize would otherwise
    // reach the app after the replayed one, and be served (src/server/initialize-first.ts).
    if (request?.method === 'initialize') {
      this.#clientInitialized = true;
      // An MCP Apps host is listed the view's tools and links too (src/server/app-view.ts), which the
      // early list has not: its listing waits for the app's server.
      if (wantsAppView(request.params?.capabilities)) this.#earlyList = undefined;
    } else if (
      request &&
      !this.#clientInitialized &&
      !BEFORE_INITIALIZE.has(request.method) &&
      // 2026-07-28 has no initialize: each request carries its own envelope, checked by the app's server.
      !claimsModernEra(request)
    ) {
      this.#io.toClient(
        JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: NOT_INITIALIZED_CODE, message: notInitializedMessage(request.method) },
        }),
      );
      return;
    }
    // A 2026-07-28 listing while the app is not connected: the same tools in that era's shape. It
    // has no list_changed to correct it (changes reach only a subscriptions/listen stream), hence
    // no listing of the relay's own: its cache hint says to ask again, which the app then answers.
    if (
      request?.method === 'tools/list' &&
      claimsModernEra(request) &&
      this.#earlyList &&
      !this.#app &&
      !this.#gone &&
      this.#refusal === undefined
    ) {
      const early = earlyModernList(request, this.#earlyList.tools, this.#io.serverInfo);
      if (early) {
        this.#io.toClient(JSON.stringify(early));
        return;
      }
    }
    // The 2025-era listing: answered until the app's server has answered the relay's own.
    if (
      request?.method === 'tools/list' &&
      !claimsModernEra(request) &&
      this.#earlyList &&
      !this.#gone &&
      this.#refusal === undefined
    ) {
      this.#io.toClient(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: this.#earlyList }));
      if (!this.#listAsked) {
        this.#listAsked = true;
        const ask = JSON.stringify({ jsonrpc: '2.0', id: LIST_ID, method: 'tools/list' });
        if (this.#app) this.#app(ask);
        else this.#queue.push(ask);
      }
      return;
    }
    if (!this.#app) {
      // Gone too: the opening is still answered (initialize, ping, discover), so that a client
      // reaches the requests whose error says why (an app that never started, or exited at once).
      const early = request ? earlyAnswer(request, this.#io.serverInfo) : undefined;
      if (early && request) {
        if (request.method === 'initialize') {
          this.#initialize = request;
          this.#earlyInitialize = (early as { result: object }).result;
        }
        this.#io.toClient(JSON.stringify(early));
        return;
      }
      if (request && this.#refusal) {
        if (request.method === 'tools/list' && !this.#gone) this.#listRefused = true;
        this.#refuse(request.id, this.#refusal);
        return;
      }
      if (this.#gone) return;
      if (request) this.#pending.add(request.id);
      if (request?.method === 'tools/list') this.#pendingLists.add(request.id);
      this.#queue.push(line);
      return;
    }
    if (request) this.#pending.add(request.id);
    this.#app(line);
  }

  /** The app's server is connected: it hears the client's initialize, then everything queued. */
  attach(toApp: (line: string) => void): void {
    this.#app = toApp;
    this.#refusal = undefined;
    this.#replayPending = this.#initialize !== undefined;
    if (this.#initialize) toApp(JSON.stringify({ ...this.#initialize, id: REPLAY_ID }));
    for (const line of this.#queue) toApp(line);
    this.#queue = [];
    if (this.#listRefused) {
      this.#listRefused = false;
      this.#io.toClient(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
    }
  }

  /**
   * The app's server is up in this process and stays until the process ends (`startMcp`, the
   * preload): no request will need answering for it, so lines pass unread both ways once the
   * relay's own requests are answered. Reading every line twice cost a tenth of a call (issue #38).
   */
  direct(): void {
    this.#direct = true;
    this.#pending.clear();
    this.#pendingLists.clear();
    // The app's server lists the tools now: the early list is dropped unless the relay's own
    // listing is on its way (its answer drops it).
    if (!this.#listAsked) this.#earlyList = undefined;
  }

  fromApp(line: string): void {
    if (this.#direct && !this.#replayPending && !this.#listAsked) {
      this.#told();
      this.#io.toClient(line);
      return;
    }
    const message = parseMessage(line);
    if (message?.id === REPLAY_ID) {
      this.#replayPending = false;
      const result = message.result as
        | { protocolVersion?: unknown; capabilities?: unknown; serverInfo?: unknown }
        | undefined;
      const early = this.#earlyInitialize as typeof result;
      if (
        !result ||
        result.protocolVersion !== early?.protocolVersion ||
        !isDeepStrictEqual(result.capabilities, early?.capabilities) ||
        !isDeepStrictEqual(result.serverInfo, early?.serverInfo)
      )
        this.#io.log(
          `ink-mcp: the app's server answered initialize differently from the launcher's early answer (${JSON.stringify(result ?? message.error)}); please report this.`,
        );
      return;
    }
    if (message?.id === LIST_ID && isResponse(message)) {
      const told = this.#earlyList;
      this.#earlyList = undefined;
      this.#listAsked = false;
      if (!isDeepStrictEqual(message.result, told))
        this.#io.toClient(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
      return;
    }
    if (isResponse(message)) {
      this.#pending.delete(message?.id as JsonRpcId);
      this.#pendingLists.delete(message?.id as JsonRpcId);
      this.#told();
    }
    this.#io.toClient(line);
  }

  /**
   * Requests the app cannot answer now (it has not rendered with Ink in time) are answered with
   * `reason`, as later ones are, until it connects.
   */
  refuseUntilConnected(reason: string): void {
    if (this.#app) return;
    this.#refusal = reason;
    this.#queue = this.#queue.filter((line) => !isRequest(parseMessage(line)));
    // The relay's own listing went with the queue: the next early answer asks again.
    this.#listAsked = false;
    if (this.#pendingLists.size > 0) this.#listRefused = true;
    for (const id of this.#pending) this.#refuse(id, reason);
    this.#pending.clear();
    this.#pendingLists.clear();
  }

  /** The app is gone: requests it never answered, and any later one, are answered with `reason`. */
  detach(reason: string): void {
    this.#app = undefined;
    this.#gone = true;
    this.#queue = [];
    this.#refusal = reason;
    for (const id of this.#pending) this.#refuse(id, reason);
    this.#pending.clear();
    this.#pendingLists.clear();
  }

  /**
   * Resolves once the client knows how things stand: it has had an answer from the app's server, or
   * a request answered with why the app is gone. Until then a launcher whose app never started (or
   * exited at once) keeps answering, rather than exiting with the client's `initialize` unread.
   */
  toldWhy(): Promise<void> {
    if (this.#toldWhy) return Promise.resolve();
    return new Promise((resolve) => this.#onToldWhy.add(resolve));
  }

  #told(): void {
    if (this.#toldWhy) return;
    this.#toldWhy = true;
    for (const resolve of this.#onToldWhy) resolve();
    this.#onToldWhy.clear();
  }

  #refuse(id: JsonRpcId, reason: string): void {
    this.#io.toClient(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: reason } }));
    if (this.#gone) this.#told();
  }
}

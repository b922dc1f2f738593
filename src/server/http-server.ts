import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type McpHttpHandler,
  type ServerNotifier,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { Logger } from '../util/logger.js';
import { errorText } from '../util/text.js';
import type { Connection } from './connection.js';
import { type EventStoreLimits, ServerEvents, type SessionEvents, SSE_RETRY_MS } from './event-store.js';
import { contentTypeRefusal, guard, isLoopbackHost } from './http-guard.js';
import {
  ABORTED,
  answerError,
  MAX_BODY_BYTES,
  readBody,
  reply,
  TOO_LARGE,
  tooLarge,
  watchStream,
} from './http-io.js';
import { LIMIT_REACHED, MAX_LISTENS, MAX_STREAM_BACKLOG_BYTES } from './limits.js';
import { isListenRequest, listenFilterRefusal } from './listen-filter.js';
import { INVALID_PARAMS } from './protocol-error.js';
import { chooseToken } from './token.js';
import { sendResponse, webRequest } from './web-bridge.js';

export interface ListenOptions {
  /** The TCP port; 0 picks a free one (read it from the returned url). @default 0 */
  port?: number;
  /** The interface to bind. Anything but a loopback address exposes the app to the network. @default '127.0.0.1' */
  host?: string;
  /**
   * The bearer token clients must send, for tests and proxies that must know it in advance: 32–512
   * characters of `[A-Za-z0-9._~+/-]` (then `=` padding). @default `INK_MCP_TOKEN` from the environment, else random (256 bits)
   */
  token?: string;
}

/** Where an MCP client reaches the server, and the bearer token it must send. */
export interface HttpEndpoint {
  url: string;
  token: string;
}

export interface HttpServerDeps {
  logger: Logger;
  idleTimeoutMs: number;
  /** MCP sessions kept at once: an initialize beyond them is refused (503) until one closes. */
  maxSessions: number;
  /** A new connection whose notifications wait for the client's GET stream. */
  openConnection(): Connection;
  /** A connection serving one 2026-07-28 request (no session, no notifications of its own). */
  openPerRequest(): Connection;
  /** Publishes the server's changes to 2026-07-28 `subscriptions/listen` streams until called. */
  publishChanges(notify: ServerNotifier): () => void;
  /** What the server keeps for clients that resume a stream. @default EVENT_STORE_LIMITS */
  eventLimits?: EventStoreLimits;
  /** Bytes a change stream may have unsent before its client is dropped. @default MAX_STREAM_BACKLOG_BYTES */
  streamBacklogBytes?: number;
}

const PATH = '/mcp';

interface HttpSession {
  readonly connection: Connection;
  transport: WebStandardStreamableHTTPServerTransport;
  /** Requests (and GET streams) in flight: a session is idle only when none are. */
  active: number;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Requests whose POST the client aborted before they reached the server: they are never run. */
  abandoned: Set<string | number>;
  /** The session's share of the server's event store: what a client that resumes a stream missed. */
  events: SessionEvents;
}

/**
 * Streamable HTTP on node:http: security checks first, then one SDK transport per MCP session, created
 * on an initialize request and routed by the `mcp-session-id` header. Sessions idle for
 * `idleTimeoutMs` are closed, because a client that goes away rarely says so (no DELETE).
 */
export class HttpServer {
  readonly endpoint: HttpEndpoint;
  readonly #deps: HttpServerDeps;
  readonly #server: Server;
  readonly #sessions = new Map<string, HttpSession>();
  readonly #guard: Parameters<typeof guard>[1];
  /** One bounded store for all sessions: streams resume after a cut (`Last-Event-ID`, SEP-1699). */
  readonly events: ServerEvents;
  /** POST responses still open: each carries the answers to its requests until it ends. */
  readonly #posts = new Set<ServerResponse>();
  /** Initialize requests being answered: sessions about to exist, counted toward `maxSessions`. */
  #opening = 0;
  /** 2026-07-28 listen streams open now (counted toward MAX_LISTENS until their response closes). */
  #listens = 0;
  #closing: Promise<void> | undefined;
  /**
   * 2026-07-28 requests (a per-request `_meta` envelope, no session): the SDK's own entry, strict
   * (`legacy: 'reject'`), behind the same guard. 2025-era traffic keeps the sessionful transport
   * below, routed by the SDK's own classifier (`isLegacyRequest`), as "Keep a sessionful 2025
   * deployment running" in https://ts.sdk.modelcontextprotocol.io/v2/serving/legacy-clients says.
   */
  readonly #modern: McpHttpHandler;
  readonly #unpublish: () => void;

  static async start(deps: HttpServerDeps, options: ListenOptions = {}): Promise<HttpServer> {
    const host = options.host ?? '127.0.0.1';
    const token = chooseToken(options.token);
    if (!isLoopbackHost(host)) {
      deps.logger.warn(
        `ink-mcp: WARNING: serving MCP on ${host}, not on 127.0.0.1: anyone who can reach this address and has ` +
          'the token can drive the app. Bind to 127.0.0.1 unless you really mean it.',
      );
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) =>
        reject(new Error(`ink-mcp: cannot listen on ${host}:${options.port ?? 0}: ${errorText(error)}`)),
      );
      server.listen(options.port ?? 0, host, () => resolve());
    });
    return new HttpServer(deps, server, host, token);
  }

  private constructor(deps: HttpServerDeps, server: Server, host: string, token: string) {
    this.#deps = deps;
    this.#server = server;
    this.events = new ServerEvents(deps.eventLimits);
    const { port } = server.address() as AddressInfo;
    const wildcard = host === '0.0.0.0' || host === '::';
    this.#guard = {
      token,
      port,
      extraHosts: wildcard || isLoopbackHost(host) ? [] : [bracketed(host).toLowerCase()],
    };
    this.endpoint = { url: `http://${wildcard ? '127.0.0.1' : bracketed(host)}:${port}${PATH}`, token };
    this.#modern = createMcpHandler(() => deps.openPerRequest().mcp, {
      legacy: 'reject',
      maxRequestBodySize: MAX_BODY_BYTES,
      // Counted and refused (worded) below first; the SDK's own count is the backstop.
      maxSubscriptions: MAX_LISTENS,
      onerror: (error) => deps.logger.info?.(`ink-mcp: ${errorText(error)}`),
    });
    this.#unpublish = deps.publishChanges(this.#modern.notify);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'POST') {
        this.#posts.add(res);
        res.once('close', () => this.#posts.delete(res));
      }
      this.#handle(req, res).catch((error: unknown) => {
        (deps.logger.error ?? deps.logger.warn)(`ink-mcp: an HTTP request failed: ${errorText(error)}`);
        if (!res.headersSent) reply(res, 500, 'Internal server error');
        else res.destroy();
      });
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.#closing) return reply(res, 503, 'The server is shutting down');
    const refusal = guard(req, this.#guard);
    if (refusal) {
      const challenge: Record<string, string> =
        refusal.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
      return reply(res, refusal.status, refusal.message, challenge);
    }
    if (req.url !== PATH && new URL(req.url ?? '/', 'http://localhost').pathname !== PATH) {
      return reply(res, 404, `Not found: MCP is served at ${PATH}`);
    }
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      return reply(res, 405, 'Method not allowed', { Allow: 'GET, POST, DELETE' });
    }
    let body: unknown;
    if (req.method === 'POST') {
      const badType = contentTypeRefusal(req);
      if (badType) return reply(res, badType.status, badType.message);
      const read = await readBody(req);
      if (read === ABORTED) return;
      if (read === TOO_LARGE) return tooLarge(req, res);
      try {
        body = JSON.parse(read);
      } catch {
        return reply(res, 400, 'Parse error: the body is not JSON', {}, -32700);
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    if (req.method === 'POST' && typeof sessionId !== 'string') {
      const request = webRequest(req, res);
      if (!(await isLegacyRequest(request, body))) {
        if (isListenRequest(body)) return this.#listen(request, res, body);
        return sendResponse(await this.#modern.fetch(request, { parsedBody: body }), res);
      }
    }
    if (typeof sessionId === 'string') {
      const session = this.#sessions.get(sessionId);
      if (session) return this.#route(session, req, res, body);
      return reply(res, 404, 'Session not found: start a new session with an initialize request', {}, -32001);
    }
    if (
      req.method === 'POST' &&
      (isInitializeRequest(body) || (Array.isArray(body) && body.some(isInitializeRequest)))
    ) {
      if (this.#sessions.size + this.#opening >= this.#deps.maxSessions) {
        const { maxSessions, idleTimeoutMs } = this.#deps;
        return reply(
          res,
          503,
          `too many MCP sessions: this server keeps at most ${maxSessions} at once. Close a session you no longer use (DELETE ${PATH} with its mcp-session-id header), or wait: a session without requests for ${duration(idleTimeoutMs)} closes by itself.`,
          {},
          LIMIT_REACHED,
        );
      }
      this.#opening++;
      try {
        return await this.#initialize(req, res, body);
      } finally {
        this.#opening--;
      }
    }
    return reply(
      res,
      400,
      'Bad request: send an initialize request first, then the mcp-session-id header it answers',
    );
  }

  /**
   * A 2026-07-28 change stream: its filter and the number open are checked here (the SDK keeps a
   * filter for the stream's life), and a client that stops reading it is dropped once its backlog
   * is MAX_STREAM_BACKLOG_BYTES (the SDK's stream queues without bound).
   */
  async #listen(
    request: Request,
    res: ServerResponse,
    body: { id: string | number; params?: unknown },
  ): Promise<void> {
    const refusal = listenFilterRefusal(body);
    if (refusal !== undefined) return answerError(res, body.id, INVALID_PARAMS, refusal);
    if (this.#listens >= MAX_LISTENS)
      return answerError(
        res,
        body.id,
        LIMIT_REACHED,
        `ink-mcp: this server already has ${MAX_LISTENS} listen streams open, the most it keeps at once. Close one you no longer read (cancel its request), or listen on one stream for all you need.`,
      );
    this.#listens++;
    res.once('close', () => this.#listens--);
    const response = await this.#modern.fetch(request, { parsedBody: body });
    await sendResponse(response, res, this.#bounded('a listen stream'));
  }

  /** sendResponse's options for a change stream: its client is dropped when it stops reading. */
  #bounded(what: string): { maxBacklogBytes: number; onOverflow: () => void } {
    const maxBacklogBytes = this.#deps.streamBacklogBytes ?? MAX_STREAM_BACKLOG_BYTES;
    return {
      maxBacklogBytes,
      onOverflow: () =>
        this.#deps.logger.warn(
          `ink-mcp: closed ${what} whose client stopped reading it (${maxBacklogBytes} bytes waiting to be sent); the client may open it again.`,
        ),
    };
  }

  async #initialize(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const connection = this.#deps.openConnection();
    const session = {
      connection,
      active: 0,
      idleTimer: undefined,
      abandoned: new Set(),
      events: this.events.session(),
    } as Omit<HttpSession, 'transport'> as HttpSession;
    session.transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.#sessions.set(id, session);
      },
      onsessionclosed: (id) => this.#drop(id),
      // With a store, each POST stream opens with a priming event (an id, empty data) and this `retry`,
      // and a call's handler may close its stream (CallInfo.closeStream): the client resumes with
      // Last-Event-ID. The SDK does both only for clients of protocol 2025-11-25 or later.
      eventStore: session.events,
      retryInterval: SSE_RETRY_MS,
    });
    connection.onClosed(() => this.#drop(session.transport.sessionId ?? ''));
    await connection.connect(session.transport);
    const deliver = session.transport.onmessage;
    session.transport.onmessage = (message, extra) => {
      // A request whose POST was aborted while it was still being read: nobody waits for its answer.
      const id = (message as { id?: string | number }).id;
      if ('method' in message && id !== undefined && session.abandoned.delete(id)) return;
      deliver?.(message, extra);
    };
    await this.#track(session, res, () => this.#serve(session, req, res, body, requestIds(body)));
    // An initialize the transport refused created no session: nothing will ever use this connection.
    if (this.#sessions.get(session.transport.sessionId ?? '') !== session) await connection.close();
  }

  async #route(
    session: HttpSession,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ): Promise<void> {
    if (req.method === 'GET') {
      const lastEventId = req.headers['last-event-id'];
      if (typeof lastEventId === 'string' && lastEventId !== '') {
        // Said here, plainly: the transport would answer an unknown id "Invalid event ID format".
        const missing = session.events.missing(lastEventId);
        if (missing !== undefined) return reply(res, 400, `cannot resume the stream: ${missing}`);
        // Resuming a call's stream is not the notification stream opening.
        if (!session.events.isCallStream(lastEventId)) watchStream(session.connection, res);
      } else watchStream(session.connection, res);
    }
    const ids = req.method === 'POST' ? requestIds(body) : [];
    if (ids.length > 0) cancelOnAbort(session, res, ids);
    await this.#track(session, res, () => this.#serve(session, req, res, body, ids));
  }

  /** `ids`: the requests in a POST's body (its stream carries their answers). */
  async #serve(
    session: HttpSession,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    ids: readonly (string | number)[],
  ): Promise<void> {
    const request = webRequest(req, res);
    const response = await session.transport.handleRequest(
      request,
      req.method === 'POST' ? { parsedBody: body } : {},
    );
    // A call answered at once sends its answer in the write that would carry the priming event
    // (SEP-1699): the client cannot lose one without the other, so the priming event is left out
    // and costs it nothing. A call still running (or whose stream was closed to poll) keeps it.
    const primingNeeded = (eventId: string) => !session.events.answered(eventId, ids);
    await sendResponse(
      response,
      res,
      ids.length > 0
        ? { primingNeeded }
        : req.method === 'GET'
          ? this.#bounded('a notification stream (GET)')
          : {},
    );
  }

  /** Counts the request as activity until its response closes (a GET stream: until it ends). */
  async #track(session: HttpSession, res: ServerResponse, run: () => Promise<void>): Promise<void> {
    session.active++;
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    res.once('close', () => {
      session.active--;
      if (session.active === 0 && this.#sessions.get(session.transport.sessionId ?? '') === session)
        this.#arm(session);
    });
    await run();
  }

  #arm(session: HttpSession): void {
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => {
      this.#deps.logger.info?.(`ink-mcp: closing an MCP session idle for ${this.#deps.idleTimeoutMs} ms`);
      this.#drop(session.transport.sessionId ?? '');
    }, this.#deps.idleTimeoutMs);
    // An idle session must not keep the process alive.
    session.idleTimer.unref();
  }

  #drop(id: string): void {
    const session = this.#sessions.get(id);
    if (!session) return;
    this.#sessions.delete(id);
    if (session.idleTimer) clearTimeout(session.idleTimer);
    session.events.clear();
    void session.connection.close();
  }

  /**
   * Refuses new requests (503), lets the answers still owed finish writing (the POST responses open
   * now, for at most `graceMs`), then ends every session and the server, destroying its sockets.
   * Resolves when all is closed.
   */
  close(graceMs = 0): Promise<void> {
    this.#closing ??= (async () => {
      await this.#postsEnded(graceMs);
      this.#unpublish();
      await this.#modern.close();
      const sessions = [...this.#sessions.values()];
      for (const id of [...this.#sessions.keys()]) this.#drop(id);
      await Promise.all(sessions.map((s) => s.connection.close()));
      await new Promise<void>((resolve) => {
        this.#server.close(() => resolve());
        this.#server.closeAllConnections();
      });
    })();
    return this.#closing;
  }

  /** Resolves once every POST response open now has ended, or after `timeoutMs`. */
  async #postsEnded(timeoutMs: number): Promise<void> {
    if (this.#posts.size === 0 || timeoutMs <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const ended = [...this.#posts].map((res) => new Promise<void>((resolve) => res.once('close', resolve)));
    await Promise.race([
      Promise.all(ended),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
}

/** A timeout as a person reads it: `30 minutes`, `90 s`, `250 ms`. */
function duration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return ms >= 1_000 && ms % 1_000 === 0 ? `${ms / 1_000} s` : `${ms} ms`;
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The ids of the requests in a POST's body (notifications and responses have none of their own). */
function requestIds(body: unknown): (string | number)[] {
  return Array.isArray(body) ? body.flatMap(requestIdOf) : requestIdOf(body);
}

/** A request's id, as a list of none or one. */
function requestIdOf(m: unknown): (string | number)[] {
  const message = m as { id?: unknown; method?: unknown } | null;
  const id = message?.id;
  return typeof message?.method === 'string' && (typeof id === 'string' || typeof id === 'number')
    ? [id]
    : [];
}

/**
 * A client that aborts its POST gives up on the requests in it, as if it had sent
 * `notifications/cancelled` for each (the SDK transport does not tell its server): a queued call
 * then never runs, and no answer is written for it.
 */
function cancelOnAbort(session: HttpSession, res: ServerResponse, ids: readonly (string | number)[]): void {
  res.once('close', () => {
    if (res.writableFinished) return;
    for (const requestId of ids) {
      // Not yet delivered (still on its way through the transport): dropped when it arrives.
      session.abandoned.add(requestId);
      setTimeout(() => session.abandoned.delete(requestId), 1000).unref();
      // Already delivered: the SDK aborts its handler's signal and sends no answer.
      session.transport.onmessage?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId, reason: 'ink-mcp: the HTTP request was aborted' },
      });
    }
  });
}

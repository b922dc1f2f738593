import type { ServerNotifier, Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Authorizer, Confirm } from '../registry/authorize.js';
import type { BreakerOptions } from '../registry/circuit-breaker.js';
import { OWED_ANSWER_GRACE_MS } from '../session/answers-owed.js';
import type { CoalesceOptions } from '../session/coalesce.js';
import { Hub } from '../session/hub.js';
import type { Session } from '../session/session.js';
import type { SessionHost } from '../session/session-host.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import { stderrLogger } from '../util/logger.js';
import type { SecretNames } from '../util/secret-names.js';
import { errorText } from '../util/text.js';
import { SERVER_NAME, VERSION } from '../util/version.js';
import { sessionOf } from '../walker/tool-name.js';
import type { AnswerBlocks } from './call-result.js';
import { Connection, type NameStyle } from './connection.js';
import { type HttpEndpoint, HttpServer, type HttpServerDeps, type ListenOptions } from './http-server.js';
import { InBandConsent } from './in-band-consent.js';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_HTTP_SESSIONS,
  limitOption,
  MAX_LISTENS,
  MAX_TIMER_MS,
} from './limits.js';
import { onceLogger } from './list-tools.js';
import { guardListens } from './listen-filter.js';
import { SessionResources } from './resources.js';
import { StableListing, type Surface } from './stable-surface.js';
import { checkStaticTool, type ServerToolInput } from './static-tools.js';
import { guardStdio } from './stdio-guard.js';
import { ToolNames } from './tool-names.js';

export interface McpServerOptions {
  /** The server name clients see in the initialize answer. @default 'ink-mcp' */
  name?: string;
  /** The server version clients see. @default the ink-mcp version */
  version?: string;
  /** Decides calls to sensitive or destructive tools. Without one they are denied. @default none */
  authorize?: Authorizer;
  /**
   * Asks a person when the authorizer answers 'ask' (the in-app prompt of attached mode). Takes
   * precedence over MCP elicitation. @default ask the client through elicitation when it supports it, else deny
   */
  confirm?: Confirm;
  /**
   * How tool names are listed (the same to every client): `'portable'` matches `^[a-zA-Z0-9_-]{1,64}$`,
   * `'dotted'` lists canonical names; `'auto'` means `'portable'`. @default 'portable'
   */
  nameStyle?: NameStyle;
  /** Append the screen after each call to its result. @default true */
  includeScreen?: boolean;
  /**
   * Which tools are listed. `'stable'`: every session's built-ins and one `<session>.act` tool for
   * any widget action on screen, a list that no call changes (what agent frameworks, which read tools
   * once per run, can use). `'widgets'`: a tool per widget action, coming and going with the widgets.
   * Both call the same actions by the same rules. @default 'stable'
   */
  surface?: Surface;
  /**
   * `'one'`: each answer is one text block (the value, the screen, the focus and, on the stable
   * surface, the actions available now), which every client hands to a model whole. `'many'`: a
   * block for each. @default 'one'
   */
  answerBlocks?: AnswerBlocks;
  /** Server-level tools (no session), checked when `connect` or `listen` first runs. @default [] */
  tools?: ServerToolInput[];
  /**
   * An HTTP session with no request in flight and no open stream for this long is closed (its next
   * request answers 404). 1 to 2,147,483,647 ms. @default 1_800_000 (30 minutes)
   */
  idleTimeoutMs?: number;
  /**
   * The most MCP sessions `listen()` keeps at once (each holds about 43 kB): a client's initialize
   * beyond them is answered 503 until one closes (DELETE) or idles out. @default 100
   */
  maxHttpSessions?: number;
  /** How long a handler may run before its call answers a timeout. @default 30_000 */
  callTimeoutMs?: number;
  /** Circuit breaker settings for failing tools. @default the registry's defaults */
  breaker?: BreakerOptions;
  /** Coalescing of list_changed and resources/updated. @default { waitMs: 34, maxWaitMs: 100 } */
  coalesce?: CoalesceOptions;
  /** Where warnings go. Never stdout. @default stderr */
  logger?: Logger;
  /**
   * Props shown as `[redacted]` in the tree resource beyond those whose names look secret (`redact`),
   * or shown although their names look secret (`reveal`): whole names, case and separators ignored.
   * Redact wins. @default none: only the built-in rule (apiKey, password, token, pin, …)
   */
  secrets?: SecretNames;
}

/** One MCP server shared by any number of sessions and connections. */
export interface McpServerHandle extends SessionHost {
  /** The framework-free core: registry, sessions and the call path. */
  readonly hub: Hub;
  /** Serves the session's tools and resources until the returned function is called or it stops. */
  attach(session: Session): () => void;
  /** Adds a server-level tool. After the first connect/listen it is checked at once (and throws if refused). */
  addTool(tool: ServerToolInput): void;
  /**
   * Serves MCP over a transport (stdio, in-memory, …). Rejects when a server-level tool is refused.
   * `StdioServerTransport` ignores the end of stdin: call `close()` on `process.stdin`'s 'end'.
   */
  connect(transport: Transport): Promise<void>;
  /** Serves MCP over Streamable HTTP. Rejects when a server-level tool is refused or the port is taken. */
  listen(options?: ListenOptions): Promise<HttpEndpoint>;
  /**
   * Stops taking calls, lets the running ones finish and their answers be written (at most 2 s
   * each), then ends every connection and session and clears every timer; resolves when all is closed.
   */
  close(): Promise<void>;
}

export function createMcpServer(options: McpServerOptions = {}): McpServerHandle {
  return new InkMcpServer(options);
}

class InkMcpServer implements McpServerHandle {
  readonly hub: Hub;
  readonly #options: McpServerOptions;
  readonly #logger: Logger;
  readonly #resources: SessionResources;
  readonly #connections = new Set<Connection>();
  readonly #pendingTools: ServerToolInput[];
  readonly #warnOnce: (key: string, message: string) => void;
  readonly #names: ToolNames;
  readonly #stable = new StableListing();
  readonly #consent = new InBandConsent();
  #booted = false;
  #http: Promise<HttpServer> | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: McpServerOptions) {
    this.#options = options;
    this.#logger = options.logger ?? stderrLogger;
    this.hub = new Hub({
      logger: this.#logger,
      ...defined({
        authorize: options.authorize,
        callTimeoutMs: options.callTimeoutMs,
        breaker: options.breaker,
        coalesce: options.coalesce,
      }),
    });
    this.#resources = new SessionResources({
      logger: this.#logger,
      ...defined({ coalesce: options.coalesce, secrets: options.secrets }),
    });
    this.#pendingTools = [...(options.tools ?? [])];
    this.#warnOnce = onceLogger(this.#logger);
    this.#names = new ToolNames(options.nameStyle === 'dotted' ? 'dotted' : 'portable');
  }

  attach(session: Session): () => void {
    if (this.#closing) return () => {};
    const clash = this.hub.registry.list().find((t) => !t.derived && sessionOf(t.name) === session.id);
    if (clash) {
      this.#logger.warn(
        `ink-mcp: session "${session.id}" was not attached: the server tool "${clash.name}" already uses that name as its namespace. Rename the session or the tool.`,
      );
      return () => {};
    }
    const detachHub = this.hub.attach(session);
    if (this.hub.session(session.id) !== session) return detachHub; // refused (the hub said why)
    const detachResources = this.#resources.add(session);
    return () => {
      detachHub();
      detachResources();
    };
  }

  addTool(tool: ServerToolInput): void {
    if (!this.#booted) {
      this.#pendingTools.push(tool);
      return;
    }
    this.#register([tool]);
  }

  async connect(transport: Transport): Promise<void> {
    this.#boot();
    if (transport instanceof StdioServerTransport) guardStdio(transport, this.#logger);
    // SDK 2.x's connection-pinned entry serves both eras on one transport: the opening exchange
    // (`initialize`, or a 2026-07-28 request such as `server/discover`) picks the era, and one
    // instance from the factory serves the connection
    // (https://ts.sdk.modelcontextprotocol.io/v2/serving/stdio, …/v2/serving/legacy-clients).
    // It takes any transport ("bring your own transport"), so in-memory pairs get both eras too.
    serveStdio(({ era }) => this.#open({ era }).mcp, {
      transport: guardListens(transport),
      maxSubscriptions: MAX_LISTENS,
      onerror: (error) => this.#logger.info?.(`ink-mcp: ${errorText(error)}`),
    });
  }

  listen(options: ListenOptions = {}): Promise<HttpEndpoint> {
    try {
      this.#boot();
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#http)
      return Promise.reject(new Error('ink-mcp: this server is already listening; call listen() once.'));
    let deps: HttpServerDeps;
    try {
      const { idleTimeoutMs, maxHttpSessions } = this.#options;
      deps = {
        logger: this.#logger,
        idleTimeoutMs: limitOption('idleTimeoutMs', idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS, MAX_TIMER_MS),
        maxSessions: limitOption('maxHttpSessions', maxHttpSessions, DEFAULT_MAX_HTTP_SESSIONS),
        openConnection: () => this.#open({ era: 'legacy', awaitsStream: true }),
        openPerRequest: () => this.#open({ era: 'modern', perRequest: true }),
        publishChanges: (notify) => this.#publishChanges(notify),
      };
    } catch (error) {
      return Promise.reject(error);
    }
    this.#http = HttpServer.start(deps, options);
    // A failed start leaves nothing to close, and lets a later listen() try again.
    this.#http.catch(() => {
      this.#http = undefined;
    });
    return this.#http.then((http) => http.endpoint);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // Every answer owed is given and written before anything closes (a call that made the app
      // exit is answered, not cut off): calls already running finish (bounded), the hub answers
      // the rest, and HTTP responses still writing them get to end (bounded).
      await this.hub.drain(OWED_ANSWER_GRACE_MS);
      this.hub.close();
      const http = await this.#http?.catch(() => undefined);
      await http?.close(OWED_ANSWER_GRACE_MS);
      await Promise.all([...this.#connections].map((c) => c.close()));
      this.#resources.close();
    })();
    return this.#closing;
  }

  #open(how: { era: 'legacy' | 'modern'; awaitsStream?: boolean; perRequest?: boolean }): Connection {
    if (this.#closing)
      throw new Error('ink-mcp: this server is closed; create a new one with createMcpServer().');
    const connection = new Connection({
      hub: this.hub,
      resources: this.#resources,
      serverInfo: { name: this.#options.name ?? SERVER_NAME, version: this.#options.version ?? VERSION },
      names: this.#names,
      includeScreen: this.#options.includeScreen ?? true,
      blocks: this.#options.answerBlocks ?? 'one',
      surface: this.#options.surface ?? 'stable',
      stable: this.#stable,
      confirm: this.#options.confirm,
      logger: this.#logger,
      warnOnce: this.#warnOnce,
      awaitsStream: how.awaitsStream ?? false,
      consent: this.#consent,
      era: how.era,
      perRequest: how.perRequest ?? false,
    });
    this.#connections.add(connection);
    connection.onClosed(() => this.#connections.delete(connection));
    return connection;
  }

  /**
   * What 2026-07-28 HTTP clients hear on their `subscriptions/listen` streams (the SDK's listen
   * router filters per stream): the tool list when the listed version moved, the resource list, and
   * each resource's updates. Per-request instances send nothing themselves.
   */
  #publishChanges(notify: ServerNotifier): () => void {
    const listed = () =>
      (this.#options.surface ?? 'stable') === 'stable'
        ? this.#stable.current(this.hub).version
        : this.hub.registry.version;
    let version = listed();
    const stops = [
      this.hub.onToolsChanged(() => {
        const now = listed();
        if (now === version) return;
        version = now;
        notify.toolsChanged();
      }),
      this.#resources.onListChanged(() => notify.resourcesChanged()),
      this.#resources.onUpdated((uri) => notify.resourceUpdated(uri)),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** The boot check: every pending server-level tool passes, or none is registered and this throws. */
  #boot(): void {
    if (this.#closing)
      throw new Error('ink-mcp: this server is closed; create a new one with createMcpServer().');
    if (this.#booted) return;
    this.#register(this.#pendingTools);
    this.#pendingTools.length = 0;
    this.#booted = true;
  }

  #register(inputs: readonly ServerToolInput[]): void {
    const sessionIds = new Set(this.hub.sessions().map((s) => s.id));
    const names = new Set(
      this.hub.registry
        .list()
        .filter((t) => !t.derived)
        .map((t) => t.name),
    );
    const problems: string[] = [];
    const passed = [];
    for (const input of inputs) {
      const check = checkStaticTool(input, sessionIds);
      if (!check.ok) problems.push(check.message);
      else if (names.has(check.tool.name)) {
        problems.push(
          `ink-mcp: the server tool "${check.tool.name}" was refused: another server tool has that name.`,
        );
      } else {
        names.add(check.tool.name);
        passed.push(check.tool);
      }
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
    for (const tool of passed) this.hub.registry.addStatic(tool);
  }
}

import type { Tool, Transport } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import type { Confirm } from '../registry/authorize.js';
import type { Hub } from '../session/hub.js';
import type { Logger } from '../util/logger.js';
import { Subscribable } from '../util/subscribable.js';
import { errorText } from '../util/text.js';
import { wantsAppView } from '../util/ui-extension.js';
import { viewSessionOf } from './app-view.js';
import { toolsListCacheHint } from './cache-hints.js';
import type { AnswerBlocks } from './call-result.js';
import { callTool } from './call-tool.js';
import type { CallToolContext } from './call-tool-context.js';
import { cleanClientInfoOf } from './client-info.js';
import type { InBandConsent } from './in-band-consent.js';
import { afterInitialize } from './initialize-first.js';
import { LIMIT_REACHED, MAX_SUBSCRIPTIONS } from './limits.js';
import { listTools } from './list-tools.js';
import { Notifier } from './notifier.js';
import { INTERNAL_ERROR, ProtocolError, RESOURCE_NOT_FOUND } from './protocol-error.js';
import { parseResourceUri, type SessionResources } from './resources.js';
import type { StableListing, Surface } from './stable-surface.js';
import { Told } from './told.js';
import type { ToolNames } from './tool-names.js';
import { ConnectionView } from './view-connection.js';

/**
 * How tool names are listed, to every client alike. `'portable'` (the default): `^[a-zA-Z0-9_-]{1,64}$`,
 * what LLM function calling accepts. `'dotted'`: the canonical `session.widget.action`. `'auto'` is
 * kept as another word for `'portable'` (in 0.1 it chose by the client's name; lists no longer vary
 * per connection).
 */
export type NameStyle = 'dotted' | 'portable' | 'auto';

export interface ConnectionOptions {
  hub: Hub;
  resources: SessionResources;
  serverInfo: { name: string; version: string };
  /** The server's one name table: every connection lists the same names. */
  names: ToolNames;
  includeScreen: boolean;
  blocks: AnswerBlocks;
  surface: Surface;
  /** The server's stable listing (shared by its connections), for `surface: 'stable'`. */
  stable: StableListing;
  confirm: Confirm | undefined;
  logger: Logger;
  warnOnce: (key: string, message: string) => void;
  /** Streamable HTTP: server-sent notifications reach the client only while its GET stream is open. */
  awaitsStream?: boolean;
  /**
   * The protocol era this connection's SDK instance serves. `'legacy'` (2025-11-25 and before):
   * `initialize` first, notifications sent unsolicited. `'modern'` (2026-07-28): no handshake, each
   * request carries the client's identity; change notifications go only to `subscriptions/listen`
   * streams, which the SDK's serving entry routes (`serveStdio` forwards the instance's
   * `send*ListChanged()`; over HTTP the server publishes to the handler's bus instead, `perRequest`).
   * @default 'legacy'
   */
  era?: 'legacy' | 'modern';
  /** The server's in-band consent (2026-07-28 `input_required`), one key for all its connections. */
  consent: InBandConsent;
  /** One instance per HTTP request (createMcpHandler): it sends no notifications of its own. */
  perRequest?: boolean;
}

/**
 * One client connection: one SDK server object over the shared hub (the SDK serves one transport per
 * server object). Lists and calls tools through raw request handlers (so raw JSON Schema passes
 * through), serves the session resources, and notifies the client of changes.
 */
export class Connection {
  readonly mcp: McpServer;
  readonly #o: ConnectionOptions;
  readonly #notifier: Notifier;
  readonly #subscribed = new Set<string>();
  readonly #cleanups: (() => void)[] = [];
  readonly #onClosed = new Subscribable<void>();
  #listing: { version: number; tools: Tool[] } | undefined;
  /** The MCP App view, for a client that declares the UI extension (none for per-request instances). */
  readonly #view: ConnectionView | undefined;
  #closed = false;

  constructor(options: ConnectionOptions) {
    this.#o = options;
    // An input_required round's state is checked (HMAC) before any handler sees it.
    this.mcp = new McpServer(options.serverInfo, { requestState: { verify: options.consent.verify } });
    const server = this.mcp.server;
    const modern = options.era === 'modern';
    // A view needs a connection that outlives a request: its keys and questions live with it.
    const view = options.perRequest
      ? undefined
      : new ConnectionView({ hub: options.hub, names: options.names });
    this.#view = view;
    /** The view, when this request's client declared the UI extension (2026-07-28: in its envelope). */
    const viewFor = (ctx: { mcpReq: { envelope?: object } }) =>
      view !== undefined &&
      wantsAppView(
        modern
          ? (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
              'io.modelcontextprotocol/clientCapabilities'
            ]
          : server.getClientCapabilities(),
      )
        ? view
        : undefined;
    cleanClientInfoOf(server);
    this.#notifier = new Notifier({
      send: (notice) =>
        notice === 'tools'
          ? server.sendToolListChanged()
          : notice === 'resources'
            ? server.sendResourceListChanged()
            : server.sendResourceUpdated({ uri: notice }),
      toolsVersion: () => this.#toolsVersion(),
      logger: options.logger,
      awaitsStream: options.awaitsStream ?? false,
    });
    // Capabilities here, not in the constructor: McpServer would install (and later replace) its own handlers.
    server.registerCapabilities({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
    });
    server.oninitialized = () => this.#notifier.initialized();
    // No handshake to wait for: the client's view of the tools starts with whatever it lists next.
    if (modern) this.#notifier.initialized();
    server.onclose = () => this.#dispose();
    // Every method ink-mcp serves waits for initialize (the SDK's own initialize and ping do not).
    server.setRequestHandler(
      'tools/list',
      afterInitialize(server, modern, (_request, ctx) => {
        try {
          const { version, tools: listed } = this.#listTools();
          this.#notifier.listed(version);
          const tools = viewFor(ctx)?.list(listed) ?? listed;
          // 2026-07-28 lists say how long they stay fresh (cache-hints.ts); 2025-era ones cannot.
          return modern
            ? { tools, ...toolsListCacheHint(options.surface, options.hub.sessions().length) }
            : { tools };
        } catch (error) {
          const message = `ink-mcp: listing the tools failed inside the server (${errorText(error)})`;
          (options.logger.error ?? options.logger.warn)(message);
          throw new ProtocolError(INTERNAL_ERROR, message);
        }
      }),
    );
    // The same for every call of this connection: made once.
    const calls: CallToolContext = {
      // A request of its own (stateless HTTP) has no client to remember: its answers are whole.
      ...(options.perRequest ? {} : { told: new Told() }),
      hub: options.hub,
      server,
      modern,
      names: options.names,
      confirm: options.confirm,
      includeScreen: options.includeScreen,
      blocks: options.blocks,
      surface: options.surface,
      logger: options.logger,
      listedNames: () => this.#listTools().tools.map((t) => t.name),
      // 2026-07-28: nothing unsolicited on a call's stream (lists change only through
      // subscriptions/listen), and the stable surface's list does not change with calls (SEP-2567).
      announceChanges: (requestId) =>
        modern
          ? Promise.resolve()
          : this.#notifier.toolsNow(() =>
              server.notification(
                { method: 'notifications/tools/list_changed' },
                { relatedRequestId: requestId },
              ),
            ),
    };
    server.setRequestHandler(
      'tools/call',
      // Not an async function: the call's own promise is answered as it is (one await less a call).
      afterInitialize(server, modern, (request, ctx) => {
        const withView = viewFor(ctx);
        const viewTool = withView?.toolOf(request.params.name);
        if (withView && viewTool) return withView.call(viewTool, request.params.arguments, ctx.mcpReq.signal);
        const inBand = modern
          ? options.consent.round(ctx, request.params.name, request.params.arguments)
          : undefined;
        // The request is made into its one ToolCall there, read from the SDK's context as it is.
        const result = callTool(
          calls,
          request.params.name,
          request.params.arguments,
          ctx,
          inBand?.confirmFor,
          withView?.confirm,
        );
        return inBand ? result.then((answered) => inBand.answer(answered)) : result;
      }),
    );
    server.setRequestHandler(
      'resources/list',
      afterInitialize(server, modern, (_request, ctx) => {
        const resources = options.resources.list();
        const withView = viewFor(ctx);
        return { resources: withView ? [...resources, ...withView.resources()] : resources };
      }),
    );
    server.setRequestHandler(
      'resources/templates/list',
      afterInitialize(server, modern, () => ({ resourceTemplates: [] })),
    );
    server.setRequestHandler(
      'resources/read',
      afterInitialize(server, modern, (request, ctx) => {
        const { uri } = request.params;
        const page = viewSessionOf(uri) === undefined ? undefined : viewFor(ctx)?.read(uri);
        return page ?? this.#read(uri);
      }),
    );
    server.setRequestHandler(
      'resources/subscribe',
      afterInitialize(server, modern, (request) => {
        this.#subscribe(request.params.uri);
        return {};
      }),
    );
    server.setRequestHandler(
      'resources/unsubscribe',
      afterInitialize(server, modern, (request) => {
        this.#subscribed.delete(request.params.uri);
        return {};
      }),
    );
    if (options.perRequest) return;
    this.#cleanups.push(
      options.hub.onToolsChanged(() => this.#notifier.notify('tools')),
      options.resources.onListChanged(() => this.#notifier.notify('resources')),
      options.resources.onUpdated((uri) => {
        // 2026-07-28 subscribes through subscriptions/listen, whose router (serveStdio's) sends each
        // stream only the URIs it asked for; resources/subscribe is a 2025-era method.
        if (modern || this.#subscribed.has(uri)) this.#notifier.notify(uri);
      }),
    );
  }

  connect(transport: Transport): Promise<void> {
    return this.mcp.connect(transport);
  }

  /** The client's GET stream opened: notifications can reach it now, and the ones it missed are re-sent. */
  streamOpened(): void {
    this.#notifier.streamOpened();
  }

  streamClosed(): void {
    this.#notifier.streamClosed();
  }

  onClosed(listener: () => void): void {
    if (this.#closed) listener();
    else this.#onClosed.subscribe(listener);
  }

  /** Closes the transport; resolves once the connection is disposed. */
  async close(): Promise<void> {
    try {
      await this.mcp.close();
    } catch (error) {
      this.#o.logger.warn(`ink-mcp: closing a connection failed: ${errorText(error)}`);
    }
    this.#dispose();
  }

  /** What the client's list rests on: the registry's version, or the stable listing's. */
  #toolsVersion(): number {
    const { hub, surface, stable } = this.#o;
    return surface === 'stable' ? stable.current(hub).version : hub.registry.version;
  }

  #listTools(): { version: number; tools: Tool[] } {
    const { hub, names, surface, stable } = this.#o;
    // The widgets surface re-reads every session (commits no hook saw); the stable one needs no tree.
    const { version, tools } =
      surface === 'stable' ? stable.current(hub) : { tools: hub.list(), version: hub.registry.version };
    // Equal versions mean an equal tool list; names are stable per tool once assigned.
    if (this.#listing?.version === version) return this.#listing;
    names.refresh(tools.map((t) => t.name));
    this.#listing = { version, tools: listTools(tools, (n) => names.listed(n), this.#o.warnOnce) };
    return this.#listing;
  }

  #read(uri: string) {
    knownUri(uri);
    const { names } = this.#o;
    const result = this.#o.resources.read(uri, (n) => names.listed(n));
    if (result) return result;
    throw new ProtocolError(
      RESOURCE_NOT_FOUND,
      `ink-mcp: no attached session has the resource ${shown(uri)}. Call resources/list to see the resources available now.`,
      { uri },
    );
  }

  /**
   * Subscribes to a resource of a session attached now, at most `MAX_SUBSCRIPTIONS` of them: each
   * costs memory for the connection's life, and a client could otherwise make the server hold any
   * number (`ink://<s>/screen?offset=N` alone names a billion).
   */
  #subscribe(uri: string): void {
    if (this.#subscribed.has(knownUri(uri))) return;
    const sessionId = parseResourceUri(uri)?.sessionId ?? '';
    if (!this.#o.resources.has(sessionId)) {
      throw new ProtocolError(
        RESOURCE_NOT_FOUND,
        `ink-mcp: cannot subscribe to ${shown(uri)}: no session "${sessionId}" is attached now. Call resources/list to see the resources available now.`,
        { uri },
      );
    }
    if (this.#subscribed.size >= MAX_SUBSCRIPTIONS) {
      throw new ProtocolError(
        LIMIT_REACHED,
        `ink-mcp: cannot subscribe to ${shown(uri)}: this connection already holds ${MAX_SUBSCRIPTIONS} subscriptions, the most one connection may hold. Unsubscribe (resources/unsubscribe) from those you no longer need.`,
      );
    }
    this.#subscribed.add(uri);
  }

  #dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#notifier.close();
    this.#view?.close();
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.#subscribed.clear();
    this.#onClosed.emit();
    this.#onClosed.clear();
  }
}

/**
 * A URI of the `ink://<session>/screen|tree` form, or "resource not found" saying which forms exist:
 * the spec's code for a resource the server does not have, whatever the URI looks like (-32602 is
 * for params that fail the request's schema, which the SDK checks before this runs). Every
 * resource-not-found error carries the requested URI as its data (`{ uri }`, SEP-2164's SHOULD, and
 * the shape by which SDK 2.x clients tell it from other -32602 errors: its `ResourceNotFoundError`).
 */
function knownUri(uri: string): string {
  if (parseResourceUri(uri)) return uri;
  throw new ProtocolError(
    RESOURCE_NOT_FOUND,
    `ink-mcp: ${shown(uri)} is not a resource of this server: its resources are ink://<session>/screen (with ?offset=N, N the first line to show from 0, for lines the terminal cannot show) and ink://<session>/tree. Call resources/list to see them.`,
    { uri },
  );
}

/** A caller's URI in a message: quoted, and cut short (it can be megabytes long). */
function shown(uri: string): string {
  return JSON.stringify(uri.length > 200 ? `${uri.slice(0, 200)}…` : uri);
}

import type { Instance, RenderOptions } from 'ink';
import type { ReactNode } from 'react';
import type { MemoryTerminal } from '../react/memory-terminal.js';
import type { McpTypeMap } from '../react/type-map.js';
import type { ScreenshotOptions } from '../screen/png-rasterizer.js';
import { createMcpServer, type McpServerHandle, type McpServerOptions } from '../server/create-mcp-server.js';
import type { HttpEndpoint } from '../server/http-server.js';
import { OWED_ANSWER_GRACE_MS } from '../session/answers-owed.js';
import { Confirmer } from '../session/confirmer.js';
import type { Session } from '../session/session.js';
import { defined } from '../util/defined.js';
import { stderrLogger } from '../util/logger.js';
import { SCREENSHOTS_ENV, screenshotsFromEnv } from '../util/screenshots-env.js';
import { DEFAULT_TERMINAL_SIZE, sizeProblem } from '../util/terminal-size.js';
import { Recorder, type RecordSetup } from './recorder.js';
import { serveHttp } from './serve-http.js';
import { serveLinked } from './serve-linked.js';
import { serveStdio } from './serve-stdio.js';
import type { ServeIo, ServeWiring } from './serve-wiring.js';
import { SessionIds } from './session-ids.js';
import type { MountScreen, mountSession } from './session-mount.js';
import type { AnsweringStdioTransport } from './stdio-transport.js';

export interface ServeAppOptions {
  server: McpServerOptions;
  /** The first app's session id; one rendered while it is up gets `<id>_2`, then `<id>_3`, … */
  session: string;
  io: ServeIo;
  /** How a headless app draws (stdio, transport). */
  headless?: Omit<Extract<MountScreen, { kind: 'headless' }>, 'kind'>;
  typeMap?: McpTypeMap;
  builtinTools?: boolean;
  /** Offer `screen.screenshot` (`<McpSession screenshots>`). @default `INK_MCP_SCREENSHOTS=1` from the environment */
  screenshots?: boolean | ScreenshotOptions;
  /** How long a key's answer waits for what the key set in motion (`<McpSession keyEffectsMs>`). */
  keyEffectsMs?: number;
  /**
   * Once every app has exited: `'close'` the server; or `'keep'` serving (an app rendered later is
   * served too), with the input no longer keeping the process alive (`io.hold`).
   */
  whenIdle: 'close' | 'keep';
  /** Record the session: every call to a JSON Lines file, the screen to `<file>.cast` (headless only). */
  record?: RecordSetup;
  /**
   * How an Ink app's tree becomes a session (session-mount.ts's `mountSession`), for `render`. Given
   * by the callers that render Ink, so that a server of terminal apps alone (`serveTerminal`, the
   * launcher's pseudo-terminal) loads neither React nor Ink; and not imported here on demand: under
   * the preload this module loads while the app's `import 'ink'` is still evaluating, and a module
   * graph that imports Ink then would wait on it for ever.
   */
  mount?: typeof mountSession;
}

/** An app reached only through its terminal (src/terminal/), served as one session. */
export interface TerminalServing {
  session: Session;
  /** Resolves when the app has gone (exited, or its terminal closed). */
  exited: Promise<void>;
  /** Ends the app (the agent went away, or a signal): it should then exit. */
  stop(): void;
  /** Requests that need the app wait for this (its first output). @default none: at once */
  ready?: Promise<void>;
  /** How it ended (`exit code 3`), once `exited` resolved, when known: the answers owed say it. */
  exit?: () => string | undefined;
}

/** An app's Ink instance, served. */
export interface ServedInstance extends Instance {
  session: string;
  /** The in-memory terminal it draws on (headless). */
  terminal?: MemoryTerminal;
}

export interface ServedApp {
  server: McpServerHandle;
  endpoint?: HttpEndpoint;
  connectionFile?: string;
  /** Renders `tree` with Ink's `render` as a session of this server. */
  render(
    realRender: (tree: ReactNode, options: RenderOptions) => Instance,
    tree: ReactNode,
    appOptions?: RenderOptions,
  ): ServedInstance;
  /**
   * Serves an app reached only through its terminal as a session of this server: `start` gets the
   * session id and starts serving it.
   */
  serveTerminal(start: (id: string) => TerminalServing): TerminalServing;
  /** Answers requests waiting for the app with `reason` instead (the app cannot be served). */
  refuse(reason: string): void;
  /** Unmounts every app, writes the answers owed (bounded), closes the server. */
  stop(): Promise<void>;
  /** Resolves once stopped, whoever stopped it: the caller, the last app exiting, the input ending, a signal. */
  stopped: Promise<void>;
}

/**
 * The composition root: the one place a served app is put together (server, transport, stdout,
 * sessions, signals, the way down). Each transport is connected by a file of its own:
 * serve-stdio.ts (headless), serve-http.ts (attached), serve-linked.ts (a transport the caller links). `renderMcp`, the preload (`ink-mcp/register`, which the
 * launcher uses), `startMcp`, `renderHeadless` and the terminal sessions (serve-terminal.ts) are
 * thin callers of it.
 */
export async function serveApp(options: ServeAppOptions): Promise<ServedApp> {
  const { io } = options;
  // Refused before anything starts: nothing is left to clean up, and the caller's app is not drawn
  // into a terminal of no size (React would answer with a stack trace).
  const badSize = (['columns', 'rows'] as const)
    .map((dimension) =>
      options.headless?.[dimension] === undefined
        ? undefined
        : sizeProblem(dimension, dimension, options.headless[dimension]),
    )
    .filter((problem) => problem !== undefined);
  if (badSize.length > 0)
    throw new Error(`ink-mcp: the app is not served: ${badSize.join('; ')} (leave it out for the default).`);
  const mountSession = options.mount;
  const logger = options.server.logger ?? stderrLogger;
  const confirmer = io.kind === 'http' ? new Confirmer(io.confirm) : undefined;
  const server = createMcpServer({
    ...defined({ confirm: confirmer?.ask }),
    ...options.server,
    logger,
  });
  const recorder = options.record ? openRecorder(options, server) : undefined;
  const screenshots = options.screenshots ?? screenshotsByEnv(logger);
  const cleanups: (() => void)[] = [];
  /** What is running, to unmount (an Ink instance) or stop (a terminal app) on the way down. */
  const instances = new Set<Pick<Instance, 'unmount'>>();
  /** What each mounted app takes from the process (its console output) until it is gone. */
  const disposers = new Set<() => void>();
  let transport: AnsweringStdioTransport | undefined;
  let endpoint: HttpEndpoint | undefined;
  let connectionFile: string | undefined;

  let down: Promise<void> | undefined;
  let stopped: () => void = () => {};
  const whenStopped = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  // One way down, whoever starts it. `calls`: the agent or a signal stops the app, so queued calls
  // are dropped unapplied and the running one may finish first; an app that exited answers its own.
  const shutdown = (calls: boolean) => {
    down ??= (async () => {
      if (calls) await server.hub.drain(OWED_ANSWER_GRACE_MS);
      for (const instance of [...instances]) instance.unmount();
      // At once, not when each app's exit settles: whoever stops the server gets the console back.
      for (const dispose of disposers) dispose();
      // A call that made the app exit is answered ("the app stopped", its last screen) before the
      // server closes: closing first would leave the client with "Connection closed".
      await transport?.answered(OWED_ANSWER_GRACE_MS);
      for (const cleanup of cleanups.splice(0)) cleanup();
      await server.close();
      recorder?.close();
      stopped();
    })();
    return down;
  };

  // The transport, each in a file of its own: it joins the one way down through `wiring`.
  const wiring: ServeWiring = {
    server,
    session: options.session,
    logger,
    ...defined({ secrets: options.server.secrets }),
    recorder,
    cleanups,
    shutdown,
    isDown: () => down !== undefined,
  };
  if (io.kind === 'stdio') transport = await serveStdio(io, wiring);
  else if (io.kind === 'http') ({ endpoint, connectionFile } = await serveHttp(io, { ...wiring, confirmer }));
  else await serveLinked(io.transport, wiring);

  const ids = new SessionIds(options.session);
  /** An app (Ink or terminal) has gone: its answers owed written, the server closed or let go once it was the last. */
  const gone = async (id: string): Promise<void> => {
    ids.release(id);
    await transport?.answered(OWED_ANSWER_GRACE_MS);
    if (ids.size > 0 || down) return;
    if (options.whenIdle === 'close') await shutdown(false);
    else if (io.kind === 'stdio') io.hold?.(false);
  };
  const render: ServedApp['render'] = (realRender, tree, appOptions = {}) => {
    if (!mountSession) throw new Error('ink-mcp: this server serves terminal apps only (no `mount`).');
    const id = ids.take();
    if (ids.size === 1 && io.kind === 'stdio') io.hold?.(true);
    const mount = mountSession(
      {
        id,
        server,
        screen:
          io.kind === 'http'
            ? { kind: 'attached' }
            : { kind: 'headless', renderOnRead: false, ...options.headless },
        logger,
        ...defined({ typeMap: options.typeMap, builtinTools: options.builtinTools }),
        screenshots,
        ...defined({ keyEffectsMs: options.keyEffectsMs, confirmer }),
      },
      appOptions,
    );
    let instance: Instance;
    try {
      instance = realRender(mount.element(tree), mount.inkOptions);
    } catch (error) {
      mount.dispose();
      throw error;
    }
    mount.rendered();
    if (mount.terminal) recorder?.watch(mount.terminal);
    disposers.add(mount.dispose);
    instances.add(instance);
    if (transport && io.kind === 'stdio') {
      const ready = transport.ready.bind(transport);
      if (io.before) void io.before().then(ready);
      else ready();
    }
    const exit = instance.waitUntilExit();
    const after = async () => {
      mount.dispose();
      disposers.delete(mount.dispose);
      instances.delete(instance);
      await gone(id);
    };
    // Settled (exit answered, owed answers written) before the app's own code after
    // `await waitUntilExit()` runs, which may well be `process.exit()`.
    const settled = exit.then(after, after);
    return {
      ...instance,
      session: id,
      ...defined({ terminal: mount.terminal }),
      rerender: (next: ReactNode) => instance.rerender(mount.element(next)),
      waitUntilExit: () =>
        exit.then(
          (value) => settled.then(() => value),
          (error: unknown) =>
            settled.then(() => {
              throw error;
            }),
        ),
    };
  };

  const serveTerminal: ServedApp['serveTerminal'] = (start) => {
    const id = ids.take();
    if (ids.size === 1 && io.kind === 'stdio') io.hold?.(true);
    const serving = start(id);
    const instance = { unmount: () => serving.stop() };
    instances.add(instance);
    let detach: (() => void) | undefined;
    try {
      detach = server.attach(serving.session);
    } catch (error) {
      logger.warn(
        `ink-mcp: session "${id}" could not be attached to its server (${String(error)}); it is not served.`,
      );
    }
    if (transport) {
      const ready = transport.ready.bind(transport);
      if (serving.ready) void serving.ready.then(ready, ready);
      else ready();
    }
    void serving.exited.then(async () => {
      // The last app, and the server closes with it: the client is not told its list changed (its
      // listing would find the connection gone; the answer owed says the app and its tools are gone).
      if (ids.size === 1 && options.whenIdle === 'close') server.hub.quiet();
      // Stopped with how it ended (late calls are answered with it), then off the server.
      serving.session.stop(serving.exit?.());
      detach?.();
      instances.delete(instance);
      await gone(id);
    });
    return serving;
  };

  return {
    server,
    ...defined({ endpoint }),
    ...(connectionFile ? { connectionFile } : {}),
    render,
    serveTerminal,
    refuse: (reason) => transport?.refuse(reason),
    stop: () => shutdown(false),
    stopped: whenStopped,
  };
}

/** The session's recorder, or what was wrong, thrown (serveApp's callers word their errors as thrown messages). */
function openRecorder(options: ServeAppOptions, server: McpServerHandle): Recorder {
  if (options.io.kind === 'http')
    throw new Error(
      'ink-mcp: recording is for a headless app (the agent starts it, MCP on stdio); an attached app is not recorded. Drop `record`, or serve the app over stdio.',
    );
  const setup = options.record as RecordSetup;
  const recorder = (setup.deferred ? Recorder.deferred : Recorder.open)(setup, {
    hub: server.hub,
    session: options.session,
    columns: options.headless?.columns ?? DEFAULT_TERMINAL_SIZE.columns,
    rows: options.headless?.rows ?? DEFAULT_TERMINAL_SIZE.rows,
    ...defined({ secrets: options.server.secrets }),
    logger: options.server.logger ?? stderrLogger,
  });
  if (!(recorder instanceof Recorder)) throw new Error(recorder.message);
  return recorder;
}

/** `INK_MCP_SCREENSHOTS`, read once per served app; a value other than 0 or 1 is said, and leaves them off. */
function screenshotsByEnv(logger: { warn(message: string): void }): boolean {
  const read = screenshotsFromEnv(process.env);
  if (read.ok) return read.on;
  logger.warn(
    `ink-mcp: ${SCREENSHOTS_ENV} must be 0 or 1, not ${JSON.stringify(read.value)}; screenshots are off.`,
  );
  return false;
}

import { type Instance, render } from 'ink';
import type { ReactElement } from 'react';
import { McpSession } from '../react/McpSession.js';
import { createMemoryTerminal } from '../react/memory-terminal.js';
import type { McpTypeMap } from '../react/type-map.js';
import { createMcpServer, type McpServerHandle, type McpServerOptions } from '../server/create-mcp-server.js';
import type { HttpEndpoint } from '../server/http-server.js';
import { Confirmer } from '../session/confirmer.js';
import { stderrLogger } from '../walker/logger.js';
import { claimStdout } from './claim-stdout.js';
import { cleanUpOnSignal } from './clean-up-on-signal.js';
import { connectionDir, describeConnection, writeConnectionFile } from './connection-info.js';
import { ignoreGoneTerminal } from './gone-terminal.js';
import { servedByPreload } from './preload-state.js';
import { attachedScreen, tapScreen } from './screen-tap.js';
import { AnsweringStdioTransport } from './stdio-transport.js';

export interface RenderMcpOptions extends McpServerOptions {
  /** The session id: the first segment of every tool name. */
  session: string;
  /**
   * `'stdio'`: headless, the agent starts the app; Ink renders to an in-memory terminal and stdout
   * carries only MCP messages. `'http'`: attached, a person runs the app in their terminal and
   * agents connect over Streamable HTTP on loopback.
   */
  transport: 'stdio' | 'http';
  typeMap?: McpTypeMap;
  /** Offer the built-in keyboard, screen and focus tools (`<McpSession builtinTools>`). @default true */
  builtinTools?: boolean;
  /** Size of the in-memory terminal (stdio). @default 100 */
  columns?: number;
  /** @default 30 */
  rows?: number;
  /** HTTP port. @default 0 (a free one) */
  port?: number;
  /** HTTP interface. @default '127.0.0.1' */
  host?: string;
  /** Where the connection file goes (http); `false` writes none. @default $XDG_RUNTIME_DIR/ink-mcp or ~/.local/state/ink-mcp */
  connectionDir?: string | false;
  /** How long the in-app confirmation waits before it denies (http). @default 60_000 */
  confirmTimeoutMs?: number;
  /** How long a question of the in-app confirmation ignores keys after it appears (http; `Confirmer`'s `armMs`). @default 500 */
  confirmArmMs?: number;
  /** Route the app's console output above its frames (http; Ink's option). @default true */
  patchConsole?: boolean;
  /** Streams (stdio: the protocol; http: the terminal). @default process.stdin / process.stdout / process.stderr */
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
}

export interface McpApp {
  server: McpServerHandle;
  /** The HTTP endpoint (http transport). */
  endpoint?: HttpEndpoint;
  /** The connection file written (http transport), if any. */
  connectionFile?: string;
  /** Resolves when the app has stopped (unmounted, or stdin ended in stdio mode) and all is closed. */
  waitUntilExit(): Promise<void>;
  /** Stops the app and the server. */
  unmount(): Promise<void>;
}

/** Renders an app inside an `McpSession` and serves it over MCP, in one call. */
export async function renderMcp(element: ReactElement, options: RenderMcpOptions): Promise<McpApp> {
  return options.transport === 'stdio' ? serveStdio(element, options) : serveHttp(element, options);
}

function serverOptions(options: RenderMcpOptions): McpServerOptions {
  const {
    session,
    transport,
    typeMap,
    columns,
    rows,
    port,
    host,
    connectionDir,
    confirmTimeoutMs,
    confirmArmMs,
    patchConsole,
    stdin,
    stdout,
    stderr,
    ...rest
  } = options;
  return { ...rest, logger: options.logger ?? stderrLogger };
}

async function serveStdio(element: ReactElement, options: RenderMcpOptions): Promise<McpApp> {
  if (servedByPreload())
    throw new Error(
      'ink-mcp: this app serves itself over stdio (renderMcp), but it runs under the ink-mcp launcher or ' +
        'the ink-mcp/register preload, which serves it too. Start it directly (e.g. `node app.js --stdio`), ' +
        'or drop renderMcp and let the launcher serve the plain Ink app.',
    );
  const server = createMcpServer(serverOptions(options));
  const stdin = options.stdin ?? process.stdin;
  // Stray writes (the app's console.log, escape codes) must never reach the protocol stream.
  const claimed = options.stdout ? undefined : claimStdout();
  const transport = new AnsweringStdioTransport(stdin, options.stdout ?? claimed?.protocol);
  // Connected before the first render, which takes a while (~80 ms for the todo example on a cold
  // start, bench/README.md "P5.start"): a client writes `initialize` as soon as it spawns us,
  // so it is in stdin by now, and the first render waits for its answer (bounded, in case the
  // client says something else first). Requests that need the app are held until it rendered
  // (stdio-transport.ts), so nothing is answered without it.
  await server.connect(transport);
  await transport.initializeAnswered(INITIALIZE_WAIT_MS);
  const terminal = createMemoryTerminal(options.columns, options.rows);
  const instance = render(
    <McpSession
      id={options.session}
      server={server}
      screen={{ source: terminal.screen, size: () => terminal.stdout, renderOnRead: true }}
      {...typeMapProp(options.typeMap)}
      {...(options.builtinTools === false ? { builtinTools: false } : {})}
    >
      {element}
    </McpSession>,
    // Ink never touches the real stdout: in stdio mode that belongs to the protocol. What the app
    // writes to stderr itself (`useStderr().write`) goes to the real stderr, as it would in a terminal.
    { ...terminal.inkOptions(), stderr: options.stderr ?? process.stderr },
  );
  transport.ready();
  const app = lifecycle(server, instance, {
    drain: () => transport.answered(DRAIN_MS),
    cleanup: () => claimed?.release(),
  });
  // The SDK's stdio transport ignores end of input; the agent closing our stdin means "stop": no
  // new calls, queued ones dropped unapplied, the running one let finish (bounded), then down.
  // Input can have ended already (startMcp: the client went away while the app loaded).
  const stop = () => server.hub.drain(DRAIN_MS).then(() => app.unmount());
  // SIGTERM (how clients and supervisors stop a server), SIGINT and SIGHUP mean the same, and the
  // process then exits 0 (within 5 s), as it does at the end of input; without a listener Node would
  // end it by the signal at once, with the running call unanswered. An app that listens for one of
  // them itself keeps it (clean-up-on-signal.ts).
  const logger = options.logger ?? stderrLogger;
  const offSignals = cleanUpOnSignal(
    () => {
      // Said, so that whoever sent the signal can tell a stop in progress from a hang.
      logger.info?.(
        'ink-mcp: stopping on a signal: the running call may finish (2 s), queued calls are not run.',
      );
      return stop();
    },
    { signals: STOP_SIGNALS, end: 'exit' },
  );
  void app.waitUntilExit().then(offSignals);
  if (stdin.readableEnded) void stop();
  else stdin.once('end', () => void stop());
  return app;
}

async function serveHttp(element: ReactElement, options: RenderMcpOptions): Promise<McpApp> {
  const logger = options.logger ?? stderrLogger;
  if (!(options.stdin ?? process.stdin).isTTY) {
    // Ink needs raw mode for keys; without a terminal the app would fail on its first useInput.
    throw new Error(
      "ink-mcp: transport 'http' runs the app in your terminal, but stdin is not a terminal. " +
        "Run it from an interactive terminal, or use transport 'stdio' to run it headless.",
    );
  }
  const confirmer = new Confirmer({
    ...(options.confirmTimeoutMs === undefined ? {} : { timeoutMs: options.confirmTimeoutMs }),
    ...(options.confirmArmMs === undefined ? {} : { armMs: options.confirmArmMs }),
  });
  const server = createMcpServer({ confirm: confirmer.ask, ...serverOptions(options) });
  const endpoint = await server.listen({
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.host === undefined ? {} : { host: options.host }),
  });
  // The token file must not outlive the app, whatever ends it: on a signal that ends the process it
  // is removed at once (before anything can fail on a terminal that hung up), then the app unmounts
  // and the signal ends the process. SIGINT is a real signal for an app without useInput (no raw
  // mode), or before raw mode is on. Installed before the file exists: a signal with no listener
  // ends the process at once.
  const offSignals = cleanUpOnSignal(() => {
    file?.remove();
    return app.unmount();
  });
  const dir = options.connectionDir === undefined ? connectionDir() : options.connectionDir;
  const written = dir === false ? undefined : writeConnectionFile(dir, options.session, endpoint);
  if (written && 'error' in written) logger.warn(written.error);
  const file = written && 'file' in written ? written : undefined;
  // Before the first frame, and on stderr: never inside the UI, never on stdout.
  (options.stderr ?? process.stderr).write(describeConnection(options.session, endpoint, file?.file));
  const terminal = options.stdout ?? process.stdout;
  const tap = tapScreen(terminal);
  ignoreGoneTerminal(options.stderr ?? process.stderr);
  const instance = render(
    <McpSession
      id={options.session}
      server={server}
      screen={attachedScreen(tap, terminal)}
      confirmer={confirmer}
      {...typeMapProp(options.typeMap)}
      {...(options.builtinTools === false ? { builtinTools: false } : {})}
    >
      {element}
    </McpSession>,
    {
      stdout: tap.stream,
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.stderr ? { stderr: options.stderr } : {}),
      ...(options.patchConsole === undefined ? {} : { patchConsole: options.patchConsole }),
    },
  );
  const app = lifecycle(server, instance, {
    cleanup: () => {
      offSignals();
      confirmer.close();
      file?.remove();
    },
  });
  return { ...app, endpoint, ...(file ? { connectionFile: file.file } : {}) };
}

function typeMapProp(typeMap: McpTypeMap | undefined): { typeMap?: McpTypeMap } {
  return typeMap === undefined ? {} : { typeMap };
}

/** One way down, whoever starts it (the app exiting, stdin ending, or the caller). */
function lifecycle(
  server: McpServerHandle,
  instance: Instance,
  steps: { drain?: () => Promise<void>; cleanup?: () => void },
): McpApp {
  let stopped: Promise<void> | undefined;
  const unmount = () => {
    stopped ??= (async () => {
      instance.unmount();
      // A call that made the app exit is answered ("the app stopped", its last screen) before the
      // server closes: closing first would leave the client with "Connection closed".
      await steps.drain?.();
      steps.cleanup?.();
      await server.close();
    })();
    return stopped;
  };
  const exited = instance.waitUntilExit().then(unmount, unmount);
  return { server, unmount, waitUntilExit: () => exited.then(() => unmount()) };
}

/** How long answers still owed may take once the app stopped or input ended. */
const DRAIN_MS = 2_000;

/** The signals that stop a stdio server as the end of its input does. */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * How long the first render waits for the client's `initialize` to be answered (stdio). A client
 * writes it on spawn, so it is normally answered within a few event-loop turns; one that never sends
 * it (a person trying `--stdio` by hand) only sees the headless app start this much later.
 */
const INITIALIZE_WAIT_MS = 200;

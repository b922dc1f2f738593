import { resolve as resolvePath } from 'node:path';
import { render } from 'ink';
import type { ReactElement } from 'react';
import type { McpTypeMap } from '../react/type-map.js';
import type { ScreenshotOptions } from '../screen/png-rasterizer.js';
import type { McpServerHandle, McpServerOptions } from '../server/create-mcp-server.js';
import type { HttpEndpoint } from '../server/http-server.js';
import { defined } from '../util/defined.js';
import { ENV } from '../util/env-names.js';
import { stderrLogger } from '../util/logger.js';
import { servedByPreload } from './preload-state.js';
import type { RecordSetup } from './recorder.js';
import { serveApp } from './serve-app.js';
import { mountSession } from './session-mount.js';

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
  /**
   * Offer `screen.screenshot` (with the built-in tools): the screen as a PNG image, with its text.
   * Needs the optional packages `@resvg/resvg-js` and `dejavu-fonts-ttf` (`<McpSession screenshots>`).
   * @default `INK_MCP_SCREENSHOTS=1` from the environment, else false
   */
  screenshots?: boolean | ScreenshotOptions;
  /**
   * How long (at most) a key's answer waits for the short timers the key set in motion, and what
   * they render (`<McpSession keyEffectsMs>`); 0 answers at the key's own commit. @default 150
   */
  keyEffectsMs?: number;
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
  /**
   * Record the session (stdio): every call to this JSON Lines file, the screen to `<file>.cast`
   * (README, "From an agent's session to a test"). `false`: never. @default the INK_MCP_RECORD
   * environment variable, if set and not empty
   */
  record?: string | false;
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

/** Renders an app inside an `McpSession` and serves it over MCP, in one call (serve-app.ts puts it together). */
export async function renderMcp(element: ReactElement, options: RenderMcpOptions): Promise<McpApp> {
  const { session, transport, typeMap, builtinTools, screenshots, columns, rows, port, host, connectionDir } =
    options;
  const {
    confirmTimeoutMs,
    confirmArmMs,
    patchConsole,
    stdin,
    stdout,
    stderr,
    record,
    keyEffectsMs,
    ...server
  } = options;
  const recordTo = transport === 'stdio' ? recordFile(record) : record || undefined;
  if (transport === 'stdio' && servedByPreload()) throw new Error(PRELOADED);
  // Ink needs raw mode for keys; without a terminal the app would fail on its first useInput.
  if (transport === 'http' && !(stdin ?? process.stdin).isTTY) throw new Error(NO_TERMINAL);
  const served = await serveApp({
    mount: mountSession,
    server: { ...server, logger: options.logger ?? stderrLogger },
    session,
    io:
      transport === 'stdio'
        ? {
            kind: 'stdio',
            ...defined({ input: stdin, output: stdout }),
            openingWaitMs: OPENING_WAIT_MS,
          }
        : {
            kind: 'http',
            ...defined({ port, host, connectionDir, stderr }),
            confirm: defined({ timeoutMs: confirmTimeoutMs, armMs: confirmArmMs }),
          },
    headless: { ...defined({ columns, rows }), renderOnRead: true, stderr: stderr ?? process.stderr },
    ...defined({ typeMap, builtinTools, screenshots, keyEffectsMs }),
    ...(recordTo ? { record: ownRecording(recordTo) } : {}),
    whenIdle: 'close',
  });
  // Ink never touches the real stdout in stdio mode: that belongs to the protocol.
  served.render(
    render,
    element,
    transport === 'http' ? defined({ stdin, stdout, stderr, patchConsole }) : {},
  );
  return {
    server: served.server,
    ...defined({ endpoint: served.endpoint, connectionFile: served.connectionFile }),
    waitUntilExit: () => served.stopped,
    unmount: served.stop,
  };
}

/** The file to record to: the option, else INK_MCP_RECORD (`false` and `''` record nothing). */
function recordFile(option: string | false | undefined): string | undefined {
  if (option === false) return undefined;
  const file = option ?? process.env[ENV.record];
  return file ? resolvePath(file) : undefined;
}

/** A recording of an app that serves itself: a replay runs this process's command again, as it is. */
function ownRecording(file: string): RecordSetup {
  return {
    file,
    launch: {
      preload: false,
      command: [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      env: {},
    },
  };
}

const PRELOADED =
  'ink-mcp: this app serves itself over stdio (renderMcp), but it runs under the ink-mcp launcher or ' +
  'the ink-mcp/register preload, which serves it too. Start it directly (e.g. `node app.js --stdio`), ' +
  'or drop renderMcp and let the launcher serve the plain Ink app.';

const NO_TERMINAL =
  "ink-mcp: transport 'http' runs the app in your terminal, but stdin is not a terminal. " +
  "Run it from an interactive terminal, or use transport 'stdio' to run it headless.";

/**
 * How long the first render waits for the client's opening (`initialize`, `server/discover`) to be
 * answered (stdio). A client writes it on spawn, so it is normally answered within a few event-loop
 * turns; one that never sends it (a person trying `--stdio` by hand) only sees the app start this much later.
 */
const OPENING_WAIT_MS = 200;

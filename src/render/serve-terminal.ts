import type { McpServerOptions } from '../server/create-mcp-server.js';
import { hookedTerminalSession } from '../terminal/hooked-session.js';
import { type TerminalApp, terminalSession } from '../terminal/terminal-session.js';
import { defined } from '../util/defined.js';
import { stderrLogger } from '../util/logger.js';
import { terminalRouteOnceDrawn } from '../util/reach.js';
import { type ServedApp, serveApp } from './serve-app.js';
import type { ServeIo } from './serve-wiring.js';

/** An app reached only through its terminal, running. */
export interface RunningTerminalApp extends TerminalApp {
  /** Resolves when it has gone. */
  exited: Promise<void>;
  /** Ends it (the agent went away, or a signal). */
  stop(): void;
  /** Requests that need the app wait for this (its first output). @default none */
  ready?: Promise<void>;
  /**
   * The app's Ink root, if React's DevTools hook reported one (a bundle run with DEV=true): its React
   * tree and focus are then read too (hooked-session.ts). @default none
   */
  inkRoot?: () => unknown;
  /** How it ended (`exit code 3`), once `exited` resolved, when known. @default unknown */
  exit?: () => string | undefined;
}

export interface ServeTerminalOptions {
  server: McpServerOptions;
  session: string;
  builtinTools: boolean;
  io: Extract<ServeIo, { kind: 'stdio' }>;
  app: RunningTerminalApp;
}

/**
 * Serves an app ink-mcp cannot reach through Ink, as a terminal session (src/terminal/) of a stdio
 * server, put together by the one composition root (serve-app.ts). The server closes once the app
 * has gone; the app is stopped when the input ends.
 */
export async function serveTerminalApp(options: ServeTerminalOptions): Promise<ServedApp> {
  const { app } = options;
  const served = await serveApp({
    server: options.server,
    session: options.session,
    io: options.io,
    builtinTools: options.builtinTools,
    whenIdle: 'close',
  });
  const logger = options.server.logger ?? stderrLogger;
  served.serveTerminal((id) => {
    const root = app.inkRoot?.();
    // Its route decided where routes are (src/util/reach.ts): a reported root reads the React tree.
    const route = terminalRouteOnceDrawn(app.route, root !== undefined);
    const hooked =
      route === 'devtools-hook' && root !== undefined
        ? hookedTerminalSession({ id, app, root, builtinTools: options.builtinTools, logger })
        : undefined;
    return {
      session: hooked ?? terminalSession({ id, app, builtinTools: options.builtinTools, logger }),
      exited: app.exited,
      stop: app.stop,
      ...defined({ ready: app.ready, exit: app.exit }),
    };
  });
  return served;
}

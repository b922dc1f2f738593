import type { McpServerOptions } from '../server/create-mcp-server.js';
import { type TerminalApp, terminalSession } from '../terminal/terminal-session.js';
import { type ServedApp, type ServeIo, serveApp } from './serve-app.js';

/** An app reached only through its terminal, running. */
export interface RunningTerminalApp extends TerminalApp {
  /** Resolves when it has gone. */
  exited: Promise<void>;
  /** Ends it (the agent went away, or a signal). */
  stop(): void;
  /** Requests that need the app wait for this (its first output). @default none */
  ready?: Promise<void>;
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
  served.serveTerminal((id) => ({
    session: terminalSession({
      id,
      app,
      builtinTools: options.builtinTools,
      ...(options.server.logger ? { logger: options.server.logger } : {}),
    }),
    exited: app.exited,
    stop: app.stop,
    ...(app.ready ? { ready: app.ready } : {}),
  }));
  return served;
}

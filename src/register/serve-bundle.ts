import type { RegisterConfig } from '../launcher/config.js';
import { serveTerminalApp } from '../render/serve-terminal.js';
import { createXtermScreen } from '../terminal/xterm-screen.js';
import { stderrLogger } from '../util/logger.js';
import { DEFAULT_TERMINAL_SIZE } from '../util/terminal-size.js';
import type { InkRoots } from './devtools-hook.js';
import { exitAfterInput } from './exit-after-input.js';
import { openInput } from './served-input.js';
import type { TerminalPair } from './terminal-pair.js';

/**
 * Serves this process in terminal mode on the launcher's socket: its Ink could not be hooked by
 * module (a bundle), but it draws a terminal UI on the terminal the preload gave it
 * (terminal-pair.ts). Its output becomes the screen (@xterm/headless); keys go to its stdin.
 */
export async function serveBundle(
  config: RegisterConfig,
  pair: TerminalPair,
  roots: InkRoots,
  /** The app imported Ink after it was served here (register/index.ts): said in its answers. */
  lateInk: () => boolean,
): Promise<void> {
  const logger = stderrLogger;
  const screen = createXtermScreen({
    columns: config.columns ?? DEFAULT_TERMINAL_SIZE.columns,
    rows: config.rows ?? DEFAULT_TERMINAL_SIZE.rows,
    // No terminal driver between the app and this screen: a line feed starts a new line, as ONLCR does.
    convertEol: true,
    reply: (data) => pair.send(data),
  });
  pair.take((data) => screen.write(data));
  const input = await openInput(config.socket, undefined, logger);
  // The app's own handles keep the process alive (its input, while Ink listens), not the server.
  let exited: () => void = () => {};
  const gone = new Promise<void>((resolve) => {
    exited = resolve;
  });
  // The event loop ran dry: the app is done (Ink unmounted and let go of its input).
  process.once('beforeExit', () => exited());
  const served = await serveTerminalApp({
    server: { logger, surface: config.surface, answerBlocks: config.answerBlocks },
    session: config.session,
    builtinTools: config.builtinTools,
    io: { kind: 'stdio', input: input.input, output: input.output, ended: input.ended },
    app: {
      screen,
      send: pair.send,
      route: 'in-process-terminal',
      lateInk,
      exited: gone,
      // The agent went away: the app's terminal closes, as a person's does (SIGHUP). An app that
      // listens for it decides; otherwise the server's own listener ends the process once it stopped.
      stop: () => process.kill(process.pid, 'SIGHUP'),
      ready: screen.answered({ firstMs: 5_000, quietMs: 50, maxMs: 5_000, sinceStart: true }),
      inkRoot: () => roots.first(),
    },
  });
  input.hold(false);
  logger.warn(
    roots.first() === undefined
      ? `ink-mcp: process ${process.pid} draws a terminal UI but imported no Ink ink-mcp could hook (a bundle?): it is served in terminal mode, keys and screen only.`
      : `ink-mcp: process ${process.pid} renders a bundled Ink: it is served through React's DevTools hook (its tree and focus) and its terminal (screen and keys).`,
  );
  exitAfterInput(input.ended, served.stopped);
}

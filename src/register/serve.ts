import { connect, type Socket } from 'node:net';
import * as ownInk from 'ink';
import type { RegisterConfig } from '../launcher/config.js';
import type { StdioChannel } from '../launcher/stdio-relay.js';
import { listenAndAnnounce } from '../render/announce-http.js';
import { cleanUpOnSignal } from '../render/clean-up-on-signal.js';
import { AnsweringStdioTransport } from '../render/stdio-transport.js';
import { createMcpServer } from '../server/create-mcp-server.js';
import { stderrLogger } from '../walker/logger.js';
import { wrapRender } from './wrap-render.js';

/** How long answers still owed may take once an app exited or input ended. */
const DRAIN_MS = 2_000;
/** After the end of input: the app has this long to finish on its own before the process exits. */
const EXIT_GRACE_MS = 3_000;

type InkModule = typeof ownInk;

/**
 * Starts serving this process as the preload was configured: over stdio (the launcher's socket or
 * this process's own stdin/stdout), connected at once so that `initialize` is answered before the
 * app's first render; or over Streamable HTTP (attach). Returns what wraps the app's `render`.
 */
export async function serve(config: RegisterConfig, stdio?: StdioChannel): Promise<(ink: object) => unknown> {
  const logger = stderrLogger;
  // The default type map's adapters (@inkjs/ui, ink-text-input, …), as the package entry loads
  // them. They import Ink through the app's wrapped module, which waits for this function: so they
  // load at the app's first render, once that module has finished. A second module graph joining it
  // while it still evaluates can leave the app's own import of Ink waiting for ever (Node 22 under
  // tsx: the app never ran). Requests that need the app wait for them (see `rendered`).
  // The preload is an entry point like the package root, not part of the core: it loads the root.
  let adapters: Promise<unknown> | undefined;
  const loadAdapters = () =>
    (adapters ??= import(new URL('../../index.js', import.meta.url).href).catch((error: unknown) =>
      logger.warn(`ink-mcp: the adapters for third-party widgets did not load: ${String(error)}`),
    ));
  const server = createMcpServer({ logger, surface: config.surface, answerBlocks: config.answerBlocks });
  let transport: AnsweringStdioTransport | undefined;
  let hold: ((held: boolean) => void) | undefined;
  const instances = new Set<{ unmount(): void }>();
  let ending = false;

  const endOfInput = async () => {
    if (ending) return;
    ending = true;
    // Stop: no new calls, the queued ones dropped unapplied, the running one let finish (bounded);
    // then the app unmounts, answers owed are written, and the server closes. The app's own code
    // after waitUntilExit() may end the process; if it does not, exit 0 a little later.
    await server.hub.drain(DRAIN_MS);
    for (const instance of [...instances]) instance.unmount();
    await transport?.answered(DRAIN_MS);
    await server.close();
    setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
  };

  if (config.mode === 'stdio') {
    if (config.socket) {
      const socket = await openSocket(config.socket);
      hold = (held) => (held ? socket.ref() : socket.unref());
      transport = new AnsweringStdioTransport(socket, socket as unknown as NodeJS.WriteStream);
      // The launcher gone (ECONNRESET, EPIPE) is the end of input, not a crash.
      socket.on('error', () => void endOfInput());
      let heard = false;
      socket.once('data', () => {
        heard = true;
      });
      socket.once('end', () => {
        // The launcher closes a second process's connection at once: that one is simply not served.
        if (heard) void endOfInput();
        else
          logger.warn(
            `ink-mcp: process ${process.pid} renders Ink but another process of this command is already served; this one is not.`,
          );
      });
    } else if (stdio) {
      hold = stdio.hold;
      transport = new AnsweringStdioTransport(stdio.input, stdio.output as NodeJS.WriteStream);
      stdio.input.once('end', () => void endOfInput());
    }
    if (transport) {
      // Said, because the answers then look as if the app had nothing (no session, no tools).
      transport.onHoldExpired = (ms) =>
        logger.warn(
          `ink-mcp: requests waited ${ms / 1000} s for the app's first render and the widget adapters; they are served now, without them.`,
        );
      await server.connect(transport);
    }
    stdio?.attached();
    process.once('SIGTERM', () => void endOfInput());
  } else {
    const announced = await listenAndAnnounce(server, config.session, {
      ...(config.port === undefined ? {} : { port: config.port }),
      stderr: process.stderr,
      logger,
    });
    // The token file must not outlive the process, however it ends: on exit (connection-info.ts), and
    // on a signal that ends it, as renderMcp does. SIGINT is a real signal for an app that reads no
    // keys: the terminal stays in cooked mode and Ctrl+C signals the whole foreground group
    // (test/launcher/attach.test.ts).
    cleanUpOnSignal(announced.remove);
  }

  return (appInk: object) => {
    const ink = appInk as InkModule;
    if (ink.render !== ownInk.render) {
      const why =
        'ink-mcp: the app uses another copy of ink than ink-mcp does, so it cannot be served. Install ink-mcp in the app’s own project (npm install --save-dev ink-mcp) and run it from there.';
      logger.warn(why);
      // The client hears it too: its requests would otherwise find no session and no tools.
      transport?.refuse(why);
      return ink.render;
    }
    const render = wrapRender(ink.render, {
      config,
      server,
      answered: () => transport?.answered(DRAIN_MS) ?? Promise.resolve(),
      onIdle: (idle) => {
        // Served input keeps the process alive only while an app runs: an app that has exited
        // lets the process end as it would without ink-mcp (and a later render is served again).
        if (idle && config.mode === 'attach') void server.close();
        else hold?.(!idle);
      },
      rendered: () => void loadAdapters().then(() => transport?.ready()),
      track: (instance) => {
        instances.add(instance);
        return () => instances.delete(instance);
      },
    });
    return render;
  };
}

function openSocket(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

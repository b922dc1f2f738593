import { OWED_ANSWER_GRACE_MS } from '../session/answers-owed.js';
import { stallNote } from '../util/change-backlog.js';
import { defined } from '../util/defined.js';
import { claimStdout } from './claim-stdout.js';
import { cleanUpOnSignal } from './clean-up-on-signal.js';
import { connectionDir } from './connection-info.js';
import { offerWatch, WATCH_ENV } from './offer-watch.js';
import type { ServeIo, ServeWiring } from './serve-wiring.js';
import { AnsweringStdioTransport } from './stdio-transport.js';

/** The signals that stop a stdio server as the end of its input does (and it then exits 0). */
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Headless: MCP on a byte stream (the process's stdio, claimed for the protocol alone, or the
 * launcher's socket). Connected before the first render, stopped by the end of its input or a
 * signal, and offered to a person who watches (`ink-mcp watch`).
 */
export async function serveStdio(
  io: Extract<ServeIo, { kind: 'stdio' }>,
  wiring: ServeWiring,
): Promise<AnsweringStdioTransport> {
  const { server, logger, recorder, cleanups, shutdown } = wiring;
  // Stray writes (the app's console.log, escape codes) must never reach the protocol stream.
  const claimed = io.output ? undefined : claimStdout();
  if (claimed) cleanups.push(() => claimed.release());
  const input = io.input ?? process.stdin;
  const transport = new AnsweringStdioTransport(
    input as NodeJS.ReadStream,
    (io.output ?? claimed?.protocol) as NodeJS.WriteStream,
  );
  transport.onBacklog = (bytes) => logger.warn(stallNote(bytes));
  // Said, because the answers then look as if the app had nothing (no session, no tools).
  recorder?.tap(transport);
  transport.onHoldExpired = (ms) =>
    logger.warn(
      `ink-mcp: requests waited ${ms / 1000} s for the app's first render and were answered that it is still starting.`,
    );
  // Connected before the first render, which takes a while (~80 ms for the todo example on a cold
  // start, bench/README.md "P5.start"): a client writes its opening as soon as it spawns us.
  // Requests that need the app are held until it rendered (stdio-transport.ts).
  await server.connect(transport);
  if (io.openingWaitMs !== undefined) await transport.initializeAnswered(io.openingWaitMs);
  // The agent closing the input means "stop". SIGTERM (how clients and supervisors stop a server),
  // SIGINT and SIGHUP mean the same, and the process then exits 0; without a listener Node would
  // end it at once, with the running call unanswered. An app that listens for one keeps it.
  const offSignals = cleanUpOnSignal(
    () => {
      logger.info?.(
        `ink-mcp: stopping on a signal: the running call may finish (${OWED_ANSWER_GRACE_MS / 1000} s), queued calls are not run.`,
      );
      return shutdown(true);
    },
    { signals: STOP_SIGNALS, end: 'exit' },
  );
  cleanups.push(offSignals);
  if (io.watch !== false && process.env[WATCH_ENV] !== '0') {
    // Off the way to the first render: the socket and its file follow when they are ready.
    void offerWatch(server.hub, wiring.session, io.watch?.dir ?? connectionDir(), {
      logger,
      ...defined({ secrets: wiring.secrets }),
    }).then(
      (watch) => {
        if (!watch) return;
        // Stopped meanwhile: the file must not outlive the app.
        if (wiring.isDown()) watch.remove();
        else cleanups.push(watch.remove);
      },
      (error: unknown) => logger.info?.(`ink-mcp: the app cannot be watched: ${String(error)}`),
    );
  }
  void (io.ended ?? ended(input)).then(() => shutdown(true));
  return transport;
}

function ended(input: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve) => {
    if ((input as NodeJS.ReadStream).readableEnded) resolve();
    else input.once('end', () => resolve());
  });
}

import type { HttpEndpoint } from '../server/http-server.js';
import type { Confirmer } from '../session/confirmer.js';
import { defined } from '../util/defined.js';
import { listenAndAnnounce } from './announce-http.js';
import { cleanUpOnSignal } from './clean-up-on-signal.js';
import { ignoreGoneTerminal } from './gone-terminal.js';
import type { ServeIo, ServeWiring } from './serve-wiring.js';

/**
 * Attached: the person's terminal, MCP over Streamable HTTP on loopback, announced with a token in a
 * connection file that never outlives the app.
 */
export async function serveHttp(
  io: Extract<ServeIo, { kind: 'http' }>,
  wiring: ServeWiring & { confirmer: Confirmer | undefined },
): Promise<{ endpoint: HttpEndpoint; connectionFile?: string }> {
  const { server, logger, cleanups, shutdown, confirmer } = wiring;
  const stderr = io.stderr ?? process.stderr;
  // The token file must not outlive the app, whatever ends it: on a signal that ends the process
  // it is removed at once, then the apps unmount and the signal ends the process. Installed before
  // the file exists: a signal with no listener ends the process at once.
  let remove = () => {};
  cleanups.push(
    cleanUpOnSignal(() => {
      remove();
      return shutdown(false);
    }),
  );
  const announced = await listenAndAnnounce(server, wiring.session, {
    ...defined({ port: io.port, host: io.host, connectionDir: io.connectionDir }),
    stderr,
    logger,
  });
  remove = announced.remove;
  cleanups.push(remove, () => confirmer?.close());
  ignoreGoneTerminal(stderr);
  // The person's keys: a terminal that hung up fails the next read with EIO, which would crash the
  // process before its SIGHUP removed the token file (seen in CI, 2026-12-07).
  ignoreGoneTerminal(process.stdin);
  return { endpoint: announced.endpoint, ...defined({ connectionFile: announced.file }) };
}

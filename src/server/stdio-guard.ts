import type { Writable } from 'node:stream';
import type { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Logger } from '../util/logger.js';
import { errorText } from '../util/text.js';

/**
 * Makes a stdio transport survive its client going away. The SDK's transport writes to stdout with no
 * 'error' listener, so the first write into a closed pipe (an answer, or a list_changed that a commit
 * caused after the client left) raises an unhandled EPIPE (or EIO on a terminal) that ends the
 * process. Here a write error closes the transport instead, and nothing is written once the stream
 * is gone or the transport closed: the SDK still sends the answers of requests that were running.
 */
export function guardStdio(transport: StdioServerTransport, logger: Logger): void {
  // The SDK keeps the stream it writes to in `_stdout` (1.x); without it there is nothing to guard.
  const stdout = (transport as unknown as { _stdout?: Writable })._stdout;
  if (stdout === undefined || typeof stdout.on !== 'function') return;
  let gone = false;
  // Never removed: a write already buffered can still fail after the transport closed.
  stdout.on('error', (error: Error) => {
    if (gone) return;
    gone = true;
    logger.info?.(`ink-mcp: the stdio client went away (${errorText(error)}); nothing more is written`);
    void transport.close().catch(() => {});
  });
  const send = transport.send.bind(transport);
  transport.send = (message) =>
    gone || stdout.destroyed || stdout.writableEnded ? Promise.resolve() : send(message);
  const close = transport.close.bind(transport);
  transport.close = () => {
    gone = true;
    return close();
  };
}

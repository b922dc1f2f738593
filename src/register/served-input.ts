import { connect, type Socket } from 'node:net';
import type { StdioChannel } from '../launcher/stdio-relay.js';
import type { Logger } from '../util/logger.js';

/** Where the preload's server reads and writes the protocol. */
export interface Input {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  ended: Promise<void>;
  hold(held: boolean): void;
}

/** The launcher's socket, or this process's own stdin/stdout (through the relay that answered first). */
export async function openInput(
  path: string | undefined,
  stdio: StdioChannel | undefined,
  logger: Logger,
): Promise<Input> {
  if (stdio) {
    const ended = new Promise<void>((resolve) => stdio.input.once('end', resolve));
    return { input: stdio.input, output: stdio.output, ended, hold: stdio.hold };
  }
  // register/index.ts opens the process's own stdio when the launcher gave no socket.
  if (!path)
    throw new Error('ink-mcp: stdio mode with neither the launcher’s socket nor this process’s stdio.');
  const socket = await openSocket(path);
  let heard = false;
  socket.once('data', () => {
    heard = true;
  });
  const ended = new Promise<void>((resolve) => {
    // The launcher gone (ECONNRESET, EPIPE) is the end of input, not a crash.
    socket.on('error', () => resolve());
    socket.once('end', () => {
      // The launcher closes a second process's connection at once: that one is simply not served.
      if (heard) resolve();
      else
        logger.warn(
          `ink-mcp: process ${process.pid} renders Ink but another process of this command is already served; this one is not.`,
        );
    });
  });
  return { input: socket, output: socket, ended, hold: (held) => (held ? socket.ref() : socket.unref()) };
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

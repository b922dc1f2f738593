import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { Hub } from '../session/hub.js';
import { type FeedMessage, openFeed } from '../session/watch-feed.js';
import { defined } from '../util/defined.js';
import type { Logger } from '../util/logger.js';
import type { SecretNames } from '../util/secret-names.js';

/**
 * The local socket a headless app is watched through (`ink-mcp watch`): JSON, one message a line.
 * The watcher's first line is `{"type":"hello","token":…,"session"?,"name"?}`; a wrong token, or
 * none within `HELLO_MS`, is answered `{"type":"refused",…}` and the connection closed. Then the
 * session's feed (src/session/watch-feed.ts) flows out and the watcher's commands flow in. The
 * socket lives in the user's 0700 connection folder with mode 0600: only the same OS user reaches
 * it, and the token is a second lock (a copy of the file, a process of another session).
 */

/** How long a watcher has to say hello. */
const HELLO_MS = 5_000;
/** The longest line a watcher may send (a command is small; keys are at most 4,096 characters). */
const MAX_LINE = 64 * 1024;
/** Past this much unsent output a watcher is too slow: it is let go rather than buffered for ever. */
const MAX_BUFFERED = 8 * 1024 * 1024;

export interface WatchSocketOptions {
  hub: Hub;
  path: string;
  /** @default a fresh random 256-bit token */
  token?: string;
  secrets?: SecretNames;
  logger: Logger;
}

export interface WatchSocket {
  path: string;
  token: string;
  close(): Promise<void>;
}

export async function listenForWatchers(options: WatchSocketOptions): Promise<WatchSocket> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const expected = digest(token);
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serveWatcher(socket, options.hub, expected, options.secrets);
  });
  rmSync(options.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(options.path, 0o600);
  server.on('error', (error) => options.logger.warn(`ink-mcp: the watch socket failed: ${String(error)}`));
  // Never the reason the process stays up.
  server.unref();
  return {
    path: options.path,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          rmSync(options.path, { force: true });
          resolve();
        });
      }),
  };
}

function serveWatcher(socket: Socket, hub: Hub, expected: Buffer, secrets: SecretNames | undefined): void {
  socket.setEncoding('utf8');
  socket.unref();
  let buffered = '';
  let feed: ReturnType<typeof openFeed> | undefined;
  const send = (message: FeedMessage | { type: 'refused'; message: string; sessions?: string[] }) => {
    if (socket.destroyed) return;
    if (socket.writableLength > MAX_BUFFERED) {
      socket.destroy();
      return;
    }
    socket.write(`${JSON.stringify(message)}\n`);
  };
  const refuse = (message: string, sessions?: string[]) => {
    send({ type: 'refused', message, ...defined({ sessions }) });
    socket.end();
    feed?.close();
    feed = undefined;
  };
  const hello = setTimeout(() => refuse('ink-mcp: no hello with the token in time.'), HELLO_MS);
  hello.unref();
  socket.on('close', () => {
    clearTimeout(hello);
    feed?.close();
  });
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_LINE && !buffered.includes('\n'))
      return refuse('ink-mcp: a line longer than 64 KiB; commands are small JSON objects, one a line.');
    let end = buffered.indexOf('\n');
    while (end >= 0 && !socket.destroyed) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        if (feed === undefined) return refuse('ink-mcp: the first line must be a JSON hello with the token.');
        send({ type: 'notice', text: 'A line that is not JSON was ignored: send one JSON object a line.' });
        continue;
      }
      if (feed) {
        feed.command(message);
        continue;
      }
      clearTimeout(hello);
      const { type, token, session, name } = (message ?? {}) as Record<string, unknown>;
      if (type !== 'hello' || typeof token !== 'string' || !timingSafeEqual(digest(token), expected))
        return refuse(
          "ink-mcp: wrong token: this is not the token of this session's connection file. Use ink-mcp watch, which reads it.",
        );
      const sessions = hub.sessions().filter((s) => s.running);
      const chosen =
        typeof session === 'string'
          ? sessions.find((s) => s.id === session)
          : sessions.length === 1
            ? sessions[0]
            : undefined;
      if (chosen === undefined)
        return refuse(
          typeof session === 'string'
            ? `ink-mcp: no session "${session}" runs here.`
            : 'ink-mcp: several sessions run here: name one.',
          sessions.map((s) => s.id),
        );
      feed = openFeed(
        hub,
        chosen,
        typeof name === 'string' ? name : 'watcher',
        send,
        secrets ? { secrets } : {},
      );
    }
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { FeedMessage, WatcherCommand } from '../session/watch-feed.js';

/** A headless session this user can watch: from its connection file. */
export interface Watchable {
  session: string;
  pid: number;
  socket: string;
  token: string;
  file: string;
}

/** What the watch socket may answer besides the feed. */
export type ServerMessage = FeedMessage | { type: 'refused'; message: string; sessions?: string[] };

/**
 * The live headless sessions whose connection files are in `dir` (their process still runs), in the
 * order of their files' names. Files that are not a watchable session's are passed over.
 */
export function findWatchable(dir: string): Watchable[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  const found: Watchable[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let body: { session?: unknown; pid?: unknown; token?: unknown; watch?: { socket?: unknown } };
    try {
      body = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    const { session, pid, token } = body;
    const socket = body.watch?.socket;
    if (typeof session !== 'string' || typeof pid !== 'number' || typeof token !== 'string') continue;
    if (typeof socket !== 'string' || !alive(pid)) continue;
    found.push({ session, pid, socket, token, file });
  }
  return found;
}

export interface WatchConnection {
  send(command: WatcherCommand): void;
  close(): void;
  /** Resolves when the connection is gone (the app stopped, or `close`). */
  closed: Promise<void>;
}

/**
 * Joins a session's watch socket as the watcher `name`: every message the session sends goes to
 * `onMessage`, in order.
 */
export function connectWatch(
  target: Pick<Watchable, 'socket' | 'token'> & { session?: string },
  name: string,
  onMessage: (message: ServerMessage) => void,
): WatchConnection {
  const socket = connect(target.socket);
  socket.setEncoding('utf8');
  let buffered = '';
  socket.on('connect', () => {
    const hello = {
      type: 'hello',
      token: target.token,
      name,
      ...(target.session ? { session: target.session } : {}),
    };
    socket.write(`${JSON.stringify(hello)}\n`);
  });
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
      try {
        onMessage(JSON.parse(line) as ServerMessage);
      } catch {
        // Not JSON: not from a session's watch socket; passed over.
      }
    }
  });
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', (error) => {
      onMessage({ type: 'refused', message: `ink-mcp: cannot reach the session: ${error.message}` });
    });
  });
  return {
    send: (command) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(command)}\n`);
    },
    close: () => socket.end(),
    closed,
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WatcherCommand } from '../session/watch-feed.js';
import type { PageMessage } from '../session/watch-page.js';

/**
 * The page's server (`ink-mcp watch --web`, `ink-mcp show`): on 127.0.0.1 only, the page and its
 * event stream behind a token in the URL, Host and Origin checked on every request (a web page of
 * another origin, or a name rebound to 127.0.0.1, gets 403; a wrong token 401). Commands are POSTs
 * from the page's own origin only.
 */

/** The longest command body the page may post. */
const MAX_BODY = 16 * 1024;

export interface PageServer {
  /** The page's address, with its token. */
  url: string;
  port: number;
  /** Sends a message to every open page. */
  broadcast(message: PageMessage): void;
  close(): Promise<void>;
}

export interface PageServerOptions {
  /** The page (watchPageHtml). */
  page: string;
  /** A command a page posted (already parsed JSON, not trusted). */
  onCommand?: (command: unknown) => void;
  /** Messages a newly opened page gets first (the current state). */
  replay?: () => PageMessage[];
  port?: number;
}

export async function servePage(options: PageServerOptions): Promise<PageServer> {
  const token = randomBytes(24).toString('base64url');
  const expected = digest(token);
  const streams = new Set<ServerResponse>();
  let port = 0;
  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const problem = check(req, url, port, expected);
    if (problem) return refuse(res, problem.status, problem.message);
    const headers = {
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'",
      });
      res.end(options.page);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/events') {
      res.writeHead(200, { ...headers, 'content-type': 'text/event-stream' });
      streams.add(res);
      req.on('close', () => streams.delete(res));
      for (const message of options.replay?.() ?? []) res.write(event(message));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/command' && options.onCommand) {
      // A command changes what the agent may do: only the page itself may send one.
      if (req.headers.origin === undefined)
        return refuse(res, 403, 'Forbidden: a command must come from the watch page (no Origin header).');
      readBody(req).then(
        (body) => {
          let command: unknown;
          try {
            command = JSON.parse(body);
          } catch {
            return refuse(res, 400, 'Bad Request: the body must be one JSON command.');
          }
          options.onCommand?.(command);
          res.writeHead(204, headers).end();
        },
        () => refuse(res, 413, `Payload Too Large: a command is at most ${MAX_BODY} bytes.`),
      );
      return;
    }
    refuse(res, 404, 'Not Found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    broadcast: (message) => {
      const text = event(message);
      for (const res of streams) res.write(text);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of streams) res.end();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** Forwards a page's command to the watch socket when it is one (the socket checks it again). */
export function asCommand(value: unknown): WatcherCommand | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? (value as WatcherCommand) : undefined;
}

function check(
  req: IncomingMessage,
  url: URL,
  port: number,
  expected: Buffer,
): { status: number; message: string } | undefined {
  const own = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!own.includes((req.headers.host ?? '').toLowerCase()))
    return {
      status: 403,
      message: `Forbidden: the Host header ${JSON.stringify(req.headers.host ?? '')} is not this page's.`,
    };
  const origin = req.headers.origin;
  if (origin !== undefined && !own.some((o) => origin.toLowerCase() === `http://${o}`))
    return {
      status: 403,
      message: `Forbidden: requests from the origin ${JSON.stringify(origin)} are not allowed.`,
    };
  const token = url.searchParams.get('token') ?? '';
  if (!timingSafeEqual(digest(token), expected))
    return {
      status: 401,
      message: 'Unauthorized: open the page at the address ink-mcp printed (it carries the token).',
    };
  return undefined;
}

function event(message: PageMessage): string {
  return `data: ${JSON.stringify(message)}\n\n`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
      }
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

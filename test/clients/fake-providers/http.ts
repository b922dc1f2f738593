/**
 * A small JSON-over-HTTP server on 127.0.0.1 (port 0) for the fake model providers: it records every
 * request it answers and closes every connection on close().
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** The path and query, e.g. `/v1/chat/completions`. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (request: FakeRequest, response: ServerResponse) => void | Promise<void>;

export interface FakeHttpServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every request, in the order it arrived. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeHttpServer(handle: Handler): Promise<FakeHttpServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body,
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request, res))
        .catch((error: unknown) => {
          if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
          else res.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Server-sent events: each item is sent as one `data:` event, then `data: [DONE]` when asked. */
export function sendEvents(res: ServerResponse, events: unknown[], options: { done?: boolean } = {}): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  if (options.done) res.write('data: [DONE]\n\n');
  res.end();
}

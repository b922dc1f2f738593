import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request bodies larger than this are refused (413). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const TOO_LARGE = Symbol('too large');
export const ABORTED = Symbol('aborted');

/** The body as text, unless it is over the limit or the client went away before sending all of it. */
export function readBody(req: IncomingMessage): Promise<string | typeof TOO_LARGE | typeof ABORTED> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        req.off('data', onData);
        resolve(TOO_LARGE);
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // The client went away mid-body: Node reports it as an 'error' ("aborted", ECONNRESET) and then
    // a 'close'. Neither is a server failure (no-ops once 'end' has resolved the promise).
    req.once('error', () => resolve(ABORTED));
    req.once('close', () => resolve(ABORTED));
  });
}

/** Answers 413 and hangs up: the rest of an oversized body is not worth reading. */
export function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  reply(res, 413, `Payload too large: request bodies are limited to ${MAX_BODY_BYTES} bytes`, {
    Connection: 'close',
  });
  res.once('finish', () => req.destroy());
}

/** An HTTP error with a JSON-RPC error body (what MCP clients expect to parse). */
export function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message: `ink-mcp: ${message}` }, id: null }));
}

/**
 * A JSON-RPC error answering request `id`, as the SDK's HTTP entry answers one (status 200: the
 * exchange worked, the request was refused). `message` is already worded (`ink-mcp: …`).
 */
export function answerError(res: ServerResponse, id: string | number, code: number, message: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }));
}

/**
 * Tells the connection when the client's GET stream opens (its headers go out: the transport has
 * registered the stream by then) and when it ends. The transport has no hook for either.
 */
export function watchStream(
  connection: { streamOpened(): void; streamClosed(): void },
  res: ServerResponse,
): void {
  const writeHead = res.writeHead;
  let opened = false;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    const result = writeHead.apply(this, args);
    if (!opened && this.statusCode === 200) {
      opened = true;
      queueMicrotask(() => connection.streamOpened());
    }
    return result;
  } as typeof writeHead;
  res.once('close', () => {
    if (opened) connection.streamClosed();
  });
}

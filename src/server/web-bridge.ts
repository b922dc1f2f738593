import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * node:http ⇄ Fetch API, for the SDK 2.x HTTP entries (`WebStandardStreamableHTTPServerTransport`,
 * `createMcpHandler`), which take a web `Request` and answer a `Response`. ink-mcp reads and checks
 * the body itself first (guard, size limit, JSON), so the `Request` carries no body: the SDK gets
 * the parsed body as `parsedBody`. (`@modelcontextprotocol/node` does this conversion through Hono's
 * node-server; two small functions do not need those dependencies.)
 */
export function webRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Aborted when the client goes away before its answer is written: the SDK cancels the exchange.
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method: req.method ?? 'GET',
    headers,
    signal: gone.signal,
  });
}

export interface SendOptions {
  /**
   * Whether the client needs the stream's priming event (an SSE event of an id and no data, which it
   * would resume from after a cut) given its id. Asked only when the stream ended in the turn of the
   * event loop it began in, so that the priming event would have gone out in the same write as all
   * that followed it: no cut can fall between them. @default always needed
   */
  primingNeeded?: (eventId: string) => boolean;
  /**
   * A long-lived stream of the server's own changes: when this many bytes wait to be sent (its client
   * stopped reading), the stream is closed instead of kept growing in the server's memory, and
   * `onOverflow` is told. @default no bound (a POST's answers: bounded by what its client asked)
   */
  maxBacklogBytes?: number;
  onOverflow?: () => void;
}

/**
 * Writes a `Response` to `res`: the head at once (an SSE stream's headers are what tells the client
 * its stream is open), then the body as it comes. Resolves once the head is written; a client that
 * goes away cancels the body, which is how the SDK learns a stream closed.
 */
export async function sendResponse(
  response: Response,
  res: ServerResponse,
  options: SendOptions = {},
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    const before = headers[name];
    headers[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // What is written in this turn of the event loop goes out in one write: the head, an SSE stream's
  // priming event (an id to resume from) and, for a call that answers at once, its answer and the
  // end of the stream, where each was a packet of its own, and a chunk the client's SSE parser
  // handled apart. Then, uncorked, each event goes out as it is written (a long call's priming
  // event reaches the client at once, as resuming needs).
  res.cork();
  let corked = true;
  // The first turn's chunks, held while the first is a priming event the client may not need.
  let held: Uint8Array[] | undefined;
  let primingId: string | undefined;
  const flush = () => {
    if (held && !res.destroyed) for (const chunk of held) res.write(chunk);
    held = undefined;
  };
  const uncork = setImmediate(() => {
    corked = false;
    flush();
    res.uncork();
  });
  const release = () => {
    // Every cork is undone by an uncork, which writes what it held.
    if (!corked) return;
    corked = false;
    clearImmediate(uncork);
    res.uncork();
  };
  res.flushHeaders();
  const reader = response.body.getReader();
  res.once('close', () => {
    release();
    if (!res.writableFinished) void reader.cancel().catch(() => {});
  });
  const { maxBacklogBytes } = options;
  void (async () => {
    try {
      for (let first = true; ; first = false) {
        const { done, value } = await reader.read();
        if (done) break;
        // What the socket has not taken yet: it grows only while the client does not read.
        if (maxBacklogBytes !== undefined && res.writableLength + value.length > maxBacklogBytes) {
          options.onOverflow?.();
          throw new Error('backlog');
        }
        if (held) held.push(value);
        else if (first && corked && options.primingNeeded) {
          primingId = primingEventId(value);
          if (primingId !== undefined) held = [value];
          else if (!res.destroyed) res.write(value);
        } else if (!res.destroyed) res.write(value);
      }
      // Ended in its first turn: the priming event would go out with the rest, or is not needed.
      if (held && held.length > 1 && primingId !== undefined && options.primingNeeded?.(primingId) === false)
        held.shift();
      flush();
      // Uncorked before the end: on Node 22 an `end()` while corked wrote the last chunk ahead of
      // the corked ones, and the connection's next response came out garbled.
      release();
      if (!res.destroyed) res.end();
    } catch {
      // The stream was cancelled (the client went away) or failed: nothing more can be written.
      held = undefined;
      release();
      if (!res.destroyed) res.destroy();
    }
  })();
}

/** A priming event as the SDK's transport writes it (`id`, maybe `retry`, empty `data`): its id. */
function primingEventId(chunk: Uint8Array): string | undefined {
  if (chunk.length > 200) return undefined;
  return PRIMING.exec(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1'))?.[1];
}

const PRIMING = /^id: ([^\n]+)\n(?:retry: \d+\n)?data: ?\n\n$/;

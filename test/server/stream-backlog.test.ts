import { request as httpRequest, type IncomingMessage } from 'node:http';
import { McpServer, type ServerNotifier } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/server/connection.js';
import { HttpServer } from '../../src/server/http-server.js';
import { MAX_LISTEN_URI_CHARS } from '../../src/server/limits.js';

/**
 * A client that stops reading its change stream is dropped, never grown into the server's memory
 * (issue #39, item 4). The real HTTP server and the SDK's listen router over real sockets on
 * 127.0.0.1; the app is replaced by publishing changes straight to the router (a flood no app
 * produces in a test's time), and the backlog bound is made small so that it is met in seconds.
 */

const BACKLOG = 64 * 1024;
const BOUND_MS = 30_000;
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function start() {
  let notify: ServerNotifier | undefined;
  const warnings: string[] = [];
  const server = await HttpServer.start({
    logger: { warn: (m) => warnings.push(m), info: () => {} },
    idleTimeoutMs: 60_000,
    maxSessions: 10,
    openConnection: () => {
      throw new Error('no 2025-era sessions in this test');
    },
    // Per request, only the SDK server's capabilities matter: the router answers listen itself.
    openPerRequest: () => {
      const mcp = new McpServer({ name: 'backlog', version: '1.0.0' });
      mcp.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
      return { mcp } as unknown as Connection;
    },
    publishChanges: (n) => {
      notify = n;
      return () => {
        notify = undefined;
      };
    },
    streamBacklogBytes: BACKLOG,
  });
  closers.push(() => server.close());
  return { server, warnings, publish: (uri: string) => notify?.resourceUpdated(uri) };
}

function listen(url: string, token: string, uri: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'subscriptions/listen',
      },
    });
    req.once('response', resolve).once('error', reject);
    req.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'subscriptions/listen',
        params: {
          notifications: { resourceSubscriptions: [uri] },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          },
        },
      }),
    );
  });
}

describe('a change stream whose client stops reading', () => {
  it('is closed once its backlog reaches the bound; a client that reads keeps its stream', async () => {
    const { server, warnings, publish } = await start();
    const { url, token } = server.endpoint;
    // As long as a filter allows: each update is about 2 kB on the wire.
    const uri = `ink://app/screen?offset=${'1'.repeat(MAX_LISTEN_URI_CHARS - 30)}`;
    const stalled = await listen(url, token, uri);
    expect(stalled.headers['content-type']).toContain('text/event-stream');
    stalled.pause(); // reads nothing from now on
    const stalledClosed = new Promise<void>((resolve) => stalled.socket.once('close', () => resolve()));
    stalled.on('error', () => {}).on('aborted', () => {});
    const reader = await listen(url, token, uri);
    let heard = 0;
    reader.on('data', (chunk: Buffer) => {
      heard += chunk.toString().split('notifications/resources/updated').length - 1;
    });
    closers.push(() => {
      stalled.destroy();
      reader.destroy();
    });

    // Publish until the server drops the stalled stream (it says so on its logger).
    const dropped = `ink-mcp: closed a listen stream whose client stopped reading it (${BACKLOG} bytes waiting to be sent); the client may open it again.`;
    let published = 0;
    const deadline = Date.now() + BOUND_MS;
    while (!warnings.includes(dropped) && Date.now() < deadline) {
      // A few updates a turn (well under the bound): what a busy app publishes, many times over.
      for (let i = 0; i < 8; i++) publish(uri);
      published += 8;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(warnings, `after ${published} updates`).toEqual([dropped]);
    // Dropped, not merely paused: once the client reads again, it finds its stream's end.
    stalled.resume();
    await stalledClosed;
    // The reader's stream is open and still hears what follows.
    const before = heard;
    const more = Date.now() + BOUND_MS;
    while (heard === before && Date.now() < more) {
      publish(uri);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(heard, `${warnings.join('\n')} heard ${before}, published ${published}`).toBeGreaterThan(before);
    expect(reader.socket.destroyed).toBe(false);
  }, 90_000);
});

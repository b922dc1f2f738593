import { spawn } from 'node:child_process';
import { type IncomingMessage, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/server/index.js';
import { initializeRequest } from '../helpers/initialize.js';
import { counterApp, memoryLogger } from './helpers.js';

const WATCHED = ['TCPSocketWrap', 'TCPServerWrap', 'Timeout'];

function resourceCounts(): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(WATCHED.map((t) => [t, 0]));
  for (const type of process.getActiveResourcesInfo())
    if (type in counts) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** A raw request whose response is handed over as soon as its headers arrive (an SSE stream stays open). */
function open(
  port: number,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method, headers, agent: false }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/** An HTTP client transport that does not try to reconnect once the server has gone. */
function noRetry(url: string, token: string): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1,
      maxReconnectionDelay: 1,
      reconnectionDelayGrowFactor: 1,
    },
  });
}

describe('close()', () => {
  it('ends every connection, the HTTP server and its sockets, and every timer', async () => {
    const before = resourceCounts();
    const server = createMcpServer({ logger: memoryLogger() });
    const app = counterApp();
    server.attach(app.session);
    const { url, token } = await server.listen();
    const port = Number(new URL(url).port);

    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'mem', version: '1' });
    await client.connect(clientSide);
    await client.callTool({ name: 'app.c.inc', arguments: {} });

    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${token}`,
    };
    const init = await open(port, 'POST', headers, JSON.stringify(initializeRequest()));
    init.resume();
    const session = { ...headers, 'mcp-session-id': init.headers['mcp-session-id'] as string };
    (
      await open(
        port,
        'POST',
        session,
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      )
    ).resume();
    const stream = await open(port, 'GET', session);
    expect(stream.statusCode).toBe(200);
    const streamEnded = new Promise((resolve) => stream.once('close', resolve));
    stream.resume();

    const during = resourceCounts();
    expect(during.TCPServerWrap).toBeGreaterThan(before.TCPServerWrap ?? 0);
    expect(during.TCPSocketWrap).toBeGreaterThan(before.TCPSocketWrap ?? 0);

    // A commit just before close leaves coalesced notifications pending: close must cancel them.
    app.widgets.push('x');
    app.render();
    await app.source.settled();
    await server.close();
    await streamEnded;
    expect(client.transport).toBeUndefined(); // the in-memory connection was closed from the server side
    expect(server.hub.sessions()).toEqual([]);
    // Polled by hand: vi.waitFor's own timers would count as Timeouts while it checks.
    const settled = () => WATCHED.every((type) => (resourceCounts()[type] ?? 0) <= (before[type] ?? 0));
    for (let i = 0; i < 50 && !settled(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = resourceCounts();
    for (const type of WATCHED) expect(after[type], type).toBeLessThanOrEqual(before[type] ?? 0);
    await expect(server.listen()).rejects.toThrow(/this server is closed/);
  });

  it('answers over HTTP the calls it owes before closing: one that closed the server, one still running', async () => {
    const server = createMcpServer({ logger: memoryLogger() });
    let release: (() => void) | undefined;
    server.addTool({
      name: 'quit',
      run: () => {
        void server.close();
        return 'bye';
      },
    });
    server.addTool({
      name: 'slow',
      run: () => new Promise((resolve) => (release = () => resolve('done at last'))),
    });
    const { url, token } = await server.listen();
    const connect = async () => {
      const client = new Client({ name: 'http-close', version: '1' });
      await client.connect(noRetry(url, token));
      client.onerror = () => {}; // the server going away ends the GET stream
      return client;
    };
    const [a, b] = [await connect(), await connect()];
    const slow = b.callTool({ name: 'slow', arguments: {} });
    while (release === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    // Closing drops the HTTP sessions: before, the answer being written went with them ("other side closed").
    const quit = await a.callTool({ name: 'quit', arguments: {} });
    expect(quit.isError, JSON.stringify(quit.content)).toBeFalsy();
    expect(quit.content).toEqual([{ type: 'text', text: 'bye' }]);
    release();
    expect((await slow).content).toEqual([{ type: 'text', text: 'done at last' }]);
    await server.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('lets a process serving HTTP exit on its own', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/http-server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const line = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
    });
    const { url, token } = JSON.parse(line) as { url: string; token: string };
    const transport = noRetry(url, token);
    const client = new Client({ name: 'http-child', version: '1' });
    await client.connect(transport);
    client.onerror = () => {}; // the server going away ends the GET stream
    expect((await client.callTool({ name: 'app.c.inc', arguments: {} })).structuredContent).toEqual({
      count: 1,
    });

    child.stdin.end(); // the fixture closes the server, with this client still connected
    expect(await exited).toBe(0);
    expect(stderr).toContain('closed');
    await client.close();
  });
});

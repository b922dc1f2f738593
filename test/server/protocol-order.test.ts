import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMIT_REACHED, MAX_SUBSCRIPTIONS } from '../../src/server/limits.js';
import { NOT_INITIALIZED_CODE } from '../../src/util/protocol-order.js';
import { initializeRequest } from '../helpers/initialize.js';
import { mcpHeaders, messagesIn, raw } from '../helpers/raw-http.js';
import { connectClient, counterApp, testServer } from './helpers.js';

/**
 * issue #28, item 9: the lifecycle is enforced (nothing but ping before initialize), and what one
 * client can make the server hold is bounded: subscriptions per connection, HTTP sessions, and
 * HTTP sessions left idle.
 */
const CALL = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'app.c.wipe', arguments: {} } };
const fixture = fileURLToPath(new URL('./fixtures/stdio-server.ts', import.meta.url));

async function rejection(promise: Promise<unknown>): Promise<ProtocolError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  return error as ProtocolError;
}

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

describe('requests before initialize', () => {
  it('in memory: tools/call, tools/list and resources/read are refused, ping is answered, and nothing runs', async () => {
    const server = testServer({ authorize: () => 'allow' });
    const app = counterApp();
    server.attach(app.session);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const answers: JSONRPCMessage[] = [];
    clientSide.onmessage = (m) => answers.push(m);
    await clientSide.start();
    await clientSide.send(CALL as JSONRPCMessage);
    await clientSide.send({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
    await clientSide.send({
      jsonrpc: '2.0',
      id: 9,
      method: 'resources/read',
      params: { uri: 'ink://app/tree' },
    });
    await clientSide.send({ jsonrpc: '2.0', id: 10, method: 'ping' });
    await vi.waitFor(() => expect(answers).toHaveLength(4));
    const byId = new Map(answers.map((a) => [(a as { id: number }).id, a]));
    for (const id of [7, 8, 9]) {
      const error = (byId.get(id) as { error?: { code: number; message: string } }).error;
      expect(error?.code, `id ${id}`).toBe(NOT_INITIALIZED_CODE);
      expect(error?.message).toMatch(/was sent before initialize\. Send an initialize request first/);
    }
    expect(byId.get(10)).toMatchObject({ result: {} });
    expect(app.wiped).toBe(0);
    // After initialize, the same call is served.
    await clientSide.send(initializeRequest('late', 11) as JSONRPCMessage);
    await clientSide.send({ ...CALL, id: 12 } as JSONRPCMessage);
    await vi.waitFor(() => expect(app.wiped).toBe(1));
    await clientSide.close();
  });

  it('over stdio (a child process): tools/call before initialize is refused and never runs', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'app.c.inc', arguments: {} } });
    send(initializeRequest('after', 2));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'app.c.read', arguments: {} } });
    await vi.waitFor(() => expect((stdout.match(/\n/g) ?? []).length).toBe(3), { timeout: 20_000 });
    child.stdin.end();
    expect(await exited).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; error?: { code: number }; result?: unknown });
    expect(answers.find((a) => a.id === 1)?.error?.code).toBe(NOT_INITIALIZED_CODE);
    // The refused inc never ran: the counter the later read reports is still 0.
    expect(JSON.stringify(answers.find((a) => a.id === 3)?.result)).toContain('count is 0');
  }, 30_000);
});

describe('subscriptions', () => {
  it('refuses a session that is not attached, saying so', async () => {
    const server = testServer();
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const error = await rejection(client.subscribeResource({ uri: 'ink://nobody/screen' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(
      /cannot subscribe to "ink:\/\/nobody\/screen": no session "nobody" is attached now/,
    );
    await expect(client.subscribeResource({ uri: 'ink://app/screen' })).resolves.toEqual({});
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS} per connection: the next is refused until one is unsubscribed`, async () => {
    const server = testServer();
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const uri = (n: number) => `ink://app/screen?offset=${n}`;
    for (let n = 0; n < MAX_SUBSCRIPTIONS; n++) await client.subscribeResource({ uri: uri(n) });
    // Subscribing again to one it holds costs nothing and is fine.
    await expect(client.subscribeResource({ uri: uri(0) })).resolves.toEqual({});
    const error = await rejection(client.subscribeResource({ uri: 'ink://app/tree' }));
    expect(error.code).toBe(LIMIT_REACHED);
    expect(error.message).toMatch(
      new RegExp(
        `already holds ${MAX_SUBSCRIPTIONS} subscriptions, the most one connection may hold\\. Unsubscribe`,
      ),
    );
    await client.unsubscribeResource({ uri: uri(0) });
    await expect(client.subscribeResource({ uri: 'ink://app/tree' })).resolves.toEqual({});
  }, 30_000);
});

describe('HTTP sessions', () => {
  async function connectHttp(url: string, token: string): Promise<Client> {
    const client = new Client({ name: 'limits', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  it('keeps at most maxHttpSessions: the next initialize is answered 503 saying what to do', async () => {
    const server = testServer({ maxHttpSessions: 3 });
    server.attach(counterApp().session);
    const { url, token } = await server.listen();
    const port = Number(new URL(url).port);
    const open = [];
    for (let i = 0; i < 3; i++) open.push(await connectHttp(url, token));
    const refused = await raw(port, {
      headers: mcpHeaders(token),
      body: JSON.stringify(initializeRequest()),
    });
    expect(refused.status).toBe(503);
    const [message] = messagesIn(refused.body) as { error?: { code: number; message: string } }[];
    expect(message?.error?.code).toBe(LIMIT_REACHED);
    expect(message?.error?.message).toMatch(
      /too many MCP sessions: this server keeps at most 3 at once\. Close a session you no longer use \(DELETE \/mcp/,
    );
    // The sessions already open keep working; closing one (DELETE) makes room.
    expect((await open[0]!.listTools()).tools.length).toBeGreaterThan(0);
    const transport = open[0]!.transport as StreamableHTTPClientTransport;
    await transport.terminateSession();
    await vi.waitFor(async () => {
      const again = await raw(port, {
        headers: mcpHeaders(token),
        body: JSON.stringify(initializeRequest()),
      });
      expect(again.status).toBe(200);
    });
  }, 30_000);

  it('refuses limits that are not whole numbers from 1, saying which and why', async () => {
    for (const options of [
      { maxHttpSessions: 0 },
      { idleTimeoutMs: Number.NaN },
      { idleTimeoutMs: 2 ** 31 },
    ]) {
      const server = testServer(options);
      await expect(server.listen()).rejects.toThrow(/must be a whole number from 1 to \d+ \(got /);
    }
  });
});

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpServerOptions } from '../../src/server/index.js';
import { INITIALIZE } from '../helpers/initialize.js';
import { raw } from '../helpers/raw-http.js';
import { collect, counterApp, memoryLogger, sleep, testServer, texts } from './helpers.js';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

async function httpApp(options: McpServerOptions = {}) {
  const server = testServer({ includeScreen: false, ...options });
  const app = counterApp();
  server.attach(app.session);
  const { url, token } = await server.listen();
  return { server, app, url, token, port: Number(new URL(url).port) };
}

async function httpClient(url: string, token: string, fetchImpl?: typeof fetch) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const INIT_BODY = JSON.stringify(INITIALIZE);

const jsonHeaders = (token: string, extra: Record<string, string> = {}) => ({
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  Authorization: `Bearer ${token}`,
  ...extra,
});

describe('Streamable HTTP', () => {
  it('lists and calls tools for a client sending the bearer token', async () => {
    const { url, token } = await httpApp();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client } = await httpClient(url, token);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('app_c_inc');
    const result = await client.callTool({ name: 'app.c.inc', arguments: { by: 3 } });
    expect(result.structuredContent).toEqual({ count: 3 });
  });

  it('answers 401 without the right token', async () => {
    const { port, token } = await httpApp();
    const noToken = await raw(port, { headers: { 'Content-Type': 'application/json' }, body: INIT_BODY });
    expect(noToken.status).toBe(401);
    expect(noToken.headers['www-authenticate']).toBe('Bearer');
    const wrong = await raw(port, { headers: jsonHeaders(`${token}x`), body: INIT_BODY });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body).error.message).toMatch(/^ink-mcp: Unauthorized: .*prints it on stderr/);
  });

  it('answers 403 to a foreign Host or Origin, and accepts loopback ones', async () => {
    const { port, token } = await httpApp();
    expect(
      (await raw(port, { headers: jsonHeaders(token, { Host: `evil.example:${port}` }), body: INIT_BODY }))
        .status,
    ).toBe(403);
    expect(
      (await raw(port, { headers: jsonHeaders(token, { Host: `127.0.0.1:${port + 1}` }), body: INIT_BODY }))
        .status,
    ).toBe(403);
    const origin = await raw(port, {
      headers: jsonHeaders(token, { Origin: 'http://evil.example' }),
      body: INIT_BODY,
    });
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body).error.message).toMatch(/origin "http:\/\/evil.example"/);
    const ok = await raw(port, {
      headers: jsonHeaders(token, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` }),
      body: INIT_BODY,
    });
    expect(ok.status).toBe(200);
  });

  it('answers 413 to a body over 4 MiB and 415 to a body that is not JSON', async () => {
    const { port, token } = await httpApp();
    const big = Buffer.alloc(4 * 1024 * 1024 + 1, 0x20);
    expect((await raw(port, { headers: jsonHeaders(token), body: big })).status).toBe(413);
    const chunked = await raw(port, {
      headers: jsonHeaders(token, { 'Transfer-Encoding': 'chunked' }),
      body: big,
    });
    expect(chunked.status).toBe(413);
    const text = await raw(port, {
      headers: jsonHeaders(token, { 'Content-Type': 'text/plain' }),
      body: INIT_BODY,
    });
    expect(text.status).toBe(415);
  });

  it('answers 404 to a session id no transport has, and ends a session on DELETE', async () => {
    const { port, url, token } = await httpApp();
    const unknown = await raw(port, {
      headers: jsonHeaders(token, { 'mcp-session-id': 'nope' }),
      body: INIT_BODY,
    });
    expect(unknown.status).toBe(404);
    const { client, transport } = await httpClient(url, token);
    const id = transport.sessionId!;
    await transport.terminateSession();
    const after = await raw(port, {
      headers: jsonHeaders(token, { 'mcp-session-id': id }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
    await client.close();
  });

  it('closes a session idle for idleTimeoutMs', async () => {
    const { port, token } = await httpApp({ idleTimeoutMs: 300 });
    const init = await raw(port, { headers: jsonHeaders(token), body: INIT_BODY });
    const id = init.headers['mcp-session-id'] as string;
    const list = () =>
      raw(port, {
        headers: jsonHeaders(token, { 'mcp-session-id': id }),
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      });
    expect((await list()).status).toBe(200);
    await sleep(700);
    expect((await list()).status).toBe(404);
  });

  it('re-sends list_changed when a client opens its GET stream after the tools moved', async () => {
    const { app, url, token } = await httpApp();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const lateGet: typeof fetch = async (input, init) => {
      if (init?.method === 'GET') await gate;
      return fetch(input, init);
    };
    const { client } = await httpClient(url, token, lateGet);
    const changed = collect(client, 'notifications/tools/list_changed');
    await client.listTools();
    app.widgets.push('later');
    app.render();
    await sleep(60); // the coalesced notification went out while no stream could carry it
    expect(changed).toEqual([]);
    open();
    await vi.waitFor(() => expect(changed).toHaveLength(1));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('app_later_inc');
  });

  it('warns loudly when bound to a non-loopback host', async () => {
    const logger = memoryLogger();
    const server = testServer({ logger });
    const { url } = await server.listen({ host: '0.0.0.0' });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(logger.lines.join('\n')).toMatch(/WARNING: serving MCP on 0\.0\.0\.0/);
  });
});

describe('HTTP call results', () => {
  it("asks for confirmation through elicitation on the call's own stream", async () => {
    const { app, url, token } = await httpApp({ authorize: () => 'ask' });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const client = new Client(
      { name: 'http-elicit', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { approve: true } }));
    await client.connect(transport);
    clients.push(client);
    expect(texts(await client.callTool({ name: 'app.c.wipe' }))).toEqual(['wiped']);
    expect(app.wiped).toBe(1);
  });

  it('answers tool errors as results, not HTTP errors', async () => {
    const { url, token } = await httpApp();
    const { client } = await httpClient(url, token);
    const result = await client.callTool({ name: 'app.c.fail' });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toMatch(/kaput/);
  });
});

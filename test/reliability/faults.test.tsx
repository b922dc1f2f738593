import { request } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/client';
import {
  Client,
  InMemoryTransport,
  LATEST_PROTOCOL_VERSION,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { type Instance, render } from 'ink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpSession } from '../../src/react/McpSession.js';
import type { McpServerHandle } from '../../src/server/index.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/render-headless.js';
import { initializeRequest } from '../helpers/initialize.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from '../server/fixtures/counter-app.js';
import { Counter, Faulty, gate, memoryRenderOptions, Runs } from './fixtures/ink-apps.js';

const CALL_TIMEOUT_MS = 250;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function faultyApp() {
  const runs = new Runs();
  const hang = gate();
  const logger = memoryLogger();
  const app = await renderHeadless(<Faulty hang={hang.promise} runs={runs} />, {
    ...WIDGETS,
    session: 'app',
    callTimeoutMs: CALL_TIMEOUT_MS,
    logger,
    coalesce: { waitMs: 5, maxWaitMs: 20 },
  });
  cleanups.push(() => app.unmount(), hang.open);
  return { app, runs, hang, logger };
}

/** A second Ink app (its own root) on the same server: it must keep working whatever the first does. */
function otherApp(server: McpServerHandle): Instance {
  const { options } = memoryRenderOptions();
  const instance = render(
    <McpSession id="other" server={server} logger={memoryLogger()}>
      <Counter id="c" />
    </McpSession>,
    options,
  );
  cleanups.push(() => instance.unmount());
  return instance;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `(${c.type})`)).join('\n');
}

/** The ordinary call every fault must be followed by. */
async function expectOrdinaryCall(app: HeadlessApp, runs: Runs): Promise<void> {
  const before = runs.count.ok ?? 0;
  const result = await call(app.client, 'app.w.ok');
  expect(result.isError, text(result)).toBeFalsy();
  expect(text(result)).toContain('fine');
  expect(runs.count.ok).toBe(before + 1);
  expect(app.lastFrame()).toContain(`count=${before + 1}`);
}

async function connectInMemory(server: McpServerHandle, name: string): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '1' });
  await client.connect(clientSide);
  cleanups.push(() => client.close());
  return client;
}

async function connectHttp(url: string, token: string, name: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name, version: '1' });
  await client.connect(transport);
  cleanups.push(() => client.close().catch(() => {}));
  return { client, transport };
}

describe('faults: each is answered, and an ordinary call succeeds afterwards', () => {
  it('a handler that throws, and one that rejects', async () => {
    const { app, runs } = await faultyApp();
    for (const name of ['throws', 'rejects']) {
      const result = await call(app.client, `app.w.${name}`);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/failed on purpose/);
      await expectOrdinaryCall(app, runs);
    }
  });

  it('a handler that never resolves times out, whether or not it honours its abort signal', async () => {
    const { app, runs } = await faultyApp();
    for (const name of ['hangs', 'hangs_deaf']) {
      const started = performance.now();
      const result = await call(app.client, `app.w.${name}`);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(new RegExp(`${CALL_TIMEOUT_MS}`));
      expect(performance.now() - started).toBeGreaterThanOrEqual(CALL_TIMEOUT_MS - 5);
      expect(performance.now() - started).toBeLessThan(CALL_TIMEOUT_MS + 5_000);
      // The session's queue is not stuck behind the abandoned handler.
      await expectOrdinaryCall(app, runs);
    }
  });

  it('a handler that unmounts its own widget: the answer says its tool went away', async () => {
    const { app, runs } = await faultyApp();
    expect((await app.client.listTools()).tools.map((t) => t.name)).toContain('app_closable_close');
    const result = await call(app.client, 'app.closable.close');
    expect(result.isError, text(result)).toBeFalsy();
    expect(text(result)).toMatch(/Tools removed by this call: app_closable_close/);
    expect((await app.client.listTools()).tools.map((t) => t.name)).not.toContain('app_closable_close');
    const again = await call(app.client, 'app.closable.close');
    expect(again.isError).toBe(true);
    await expectOrdinaryCall(app, runs);
  });

  it('a handler that unmounts the app: the call is answered, the server and other sessions keep serving', async () => {
    const { app, runs } = await faultyApp();
    otherApp(app.server);
    await app.waitForSync();
    const result = await call(app.client, 'app.w.unmount_app');
    // The handler ran, so the call is answered as done, saying the app stopped after it.
    expect(result.isError, text(result)).toBeFalsy();
    expect(text(result)).toMatch(/exiting/);
    expect(text(result)).toMatch(/The app exited after this call/);
    expect(runs.count.unmount_app).toBe(1);
    const names = (await app.client.listTools()).tools.map((t) => t.name);
    expect(names.filter((n) => n.startsWith('app.'))).toEqual([]);
    expect(names).toContain('other_c_inc');
    const gone = await call(app.client, 'app.w.ok');
    expect(gone.isError).toBe(true);
    expect(runs.count.ok).toBeUndefined();
    // The ordinary call: another session on the same server, through the same client.
    const ok = await call(app.client, 'other.c.inc', { token: 't1' });
    expect(ok.isError, text(ok)).toBeFalsy();
    expect(ok.structuredContent).toEqual({ token: 't1' });
  });

  it('a render that throws stops only its own Ink app: the server and other apps keep serving', async () => {
    // React reports the render error on the console; keep the test output readable.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    cleanups.push(() => consoleError.mockRestore());
    const { app, runs } = await faultyApp();
    otherApp(app.server);
    await app.waitForSync();
    const result = await call(app.client, 'app.w.break_render');
    expect(runs.count.break_render).toBe(1);
    expect(text(result)).toMatch(/breaking|not running/);
    // McpSession has no error boundary: Ink's own boundary ends the whole app (see the report).
    expect(app.lastFrame()).toMatch(/render failed on purpose/);
    const names = (await app.client.listTools()).tools.map((t) => t.name);
    expect(names.filter((n) => n.startsWith('app.'))).toEqual([]);
    const ok = await call(app.client, 'other.c.inc', { token: 't2' });
    expect(ok.isError, text(ok)).toBeFalsy();
    expect(ok.structuredContent).toEqual({ token: 't2' });
  });

  it('a client that disconnects mid-call (in memory): the handler finishes, others are served', async () => {
    const { app, runs, hang } = await faultyApp();
    const leaver = await connectInMemory(app.server, 'leaver');
    const started = runs.started('slow');
    const pending = leaver.callTool({ name: 'app.w.slow', arguments: {} });
    pending.catch(() => {}); // rejected by the close below
    await started;
    await leaver.close();
    await expect(pending).rejects.toThrow();
    hang.open();
    await expectOrdinaryCall(app, runs);
    expect(runs.count.slow).toBe(1);
  });

  it('a client that disconnects mid-call (HTTP): the handler finishes, others are served', async () => {
    const { app, runs, hang, logger } = await faultyApp();
    const { url, token } = await app.server.listen();
    const leaver = await connectHttp(url, token, 'leaver');
    const stayer = await connectHttp(url, token, 'stayer');
    const started = runs.started('slow');
    const pending = leaver.client.callTool({ name: 'app.w.slow', arguments: {} });
    pending.catch(() => {});
    await started;
    // Hang up hard: the SSE response of the pending call is aborted under the server.
    await leaver.transport.close();
    await expect(pending).rejects.toThrow();
    hang.open();
    const result = await call(stayer.client, 'app.w.ok');
    expect(result.isError, text(result)).toBeFalsy();
    expect(runs.count.slow).toBe(1);
    await expectOrdinaryCall(app, runs);
    expect(logger.lines.filter((l) => /HTTP request failed|failed inside the server/.test(l))).toEqual([]);
  });

  it('a client that never reads its streams (HTTP): the server keeps serving everyone else', async () => {
    const { app, runs, logger } = await faultyApp();
    const { url, token } = await app.server.listen();
    const port = Number(new URL(url).port);
    const deaf = await deafClient(port, token);
    cleanups.push(() => deaf.destroy());
    // Ten calls answering 1 MiB each, and a GET stream, none of which the client ever reads.
    const BIG_CALLS = 10;
    for (let i = 0; i < BIG_CALLS; i++) {
      deaf.post({
        jsonrpc: '2.0',
        id: 100 + i,
        method: 'tools/call',
        params: { name: 'app.w.big', arguments: {} },
      });
    }
    deaf.openStream();
    // The session runs calls in arrival order: when this one is answered the big ones have run.
    const { client } = await connectHttp(url, token, 'reader');
    const waitForBig = async () => {
      while ((runs.count.big ?? 0) < BIG_CALLS) await runs.started('big');
    };
    await waitForBig();
    // Tool list changes are notified to the deaf client's unread GET stream too.
    await call(client, 'app.closable.close');
    const result = await call(client, 'app.w.ok');
    expect(result.isError, text(result)).toBeFalsy();
    await expectOrdinaryCall(app, runs);
    expect(runs.count.big).toBe(BIG_CALLS);
    deaf.destroy();
    // After the deaf client hangs up, the server still serves.
    await expectOrdinaryCall(app, runs);
    expect(logger.lines.filter((l) => /HTTP request failed|failed inside the server/.test(l))).toEqual([]);
  });
});

/**
 * A raw HTTP client that initializes a session (reading only that answer), then sends requests whose
 * answers it never reads: its sockets fill up and stay full.
 */
async function deafClient(port: number, token: string) {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    Authorization: `Bearer ${token}`,
  };
  const sessionId = await new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers }, (res) => {
      res.resume();
      const id = res.headers['mcp-session-id'];
      if (typeof id === 'string') resolve(id);
      else reject(new Error(`no session id (status ${res.statusCode})`));
    });
    req.on('error', reject);
    req.end(JSON.stringify(initializeRequest('deaf')));
  });
  const sessionHeaders = {
    ...headers,
    'mcp-session-id': sessionId,
    'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
  };
  const open: ReturnType<typeof request>[] = [];
  const send = (method: 'GET' | 'POST', body?: object) => {
    // agent: false gives each request its own socket; the response is never read.
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/mcp',
      method,
      headers: sessionHeaders,
      agent: false,
    });
    req.on('error', () => {});
    req.end(body === undefined ? undefined : JSON.stringify(body));
    open.push(req);
  };
  send('POST', { jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    post: (body: object) => send('POST', body),
    openStream: () => send('GET'),
    destroy: () => {
      for (const req of open.splice(0)) req.destroy();
    },
  };
}

import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { Session } from '../../src/session/session.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';
import { connectClient, sleep, testServer } from './helpers.js';

/**
 * A widget whose `hold` keeps the session busy until released, and whose `add` appends an item:
 * calls queued behind `hold` are the ones a client can give up on before they run.
 */
function queueApp() {
  const items: number[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started: () => void = () => {};
  const holding = new Promise<void>((resolve) => {
    started = resolve;
  });
  const provider: ToolProvider = {
    mcpTools: () => [
      {
        name: 'hold',
        run: () => {
          started();
          return held.then(() => 'released');
        },
      },
      {
        name: 'add',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
        run: (args) => {
          items.push(args.n as number);
          return `added ${String(args.n)}`;
        },
      },
    ],
  };
  const node: ViewNode = { type: 'q', id: 'q', attrs: {}, children: [], provider };
  return {
    session: new Session({ id: 'app', source: new DataSource([node]) }),
    items,
    holding,
    release: () => release(),
  };
}

/** A call's outcome, caught at once (a timed-out call rejects before anyone awaits it). */
function outcome(n: number, call: Promise<object>): Promise<{ n: number; ok: boolean; gaveUp: boolean }> {
  return call.then(
    (result) => ({ n, ok: !(result as { isError?: boolean }).isError, gaveUp: false }),
    () => ({ n, ok: false, gaveUp: true }),
  );
}

describe('cancellation: a call the client gave up on is never applied', () => {
  it('drops queued calls whose client timeout passed (notifications/cancelled), counted exactly', async () => {
    const server = testServer({ includeScreen: false });
    const app = queueApp();
    server.attach(app.session);
    const client = await connectClient(server);
    await client.listTools();
    const hold = client.callTool({ name: 'app_q_hold' });
    await app.holding;
    const calls: ReturnType<typeof outcome>[] = [];
    // 10 calls the client stops waiting for after 100 ms, then 5 it waits for.
    for (let n = 0; n < 10; n++) {
      const call = client.callTool({ name: 'app_q_add', arguments: { n } }, { timeout: 100 });
      calls.push(outcome(n, call));
    }
    for (let n = 10; n < 15; n++)
      calls.push(outcome(n, client.callTool({ name: 'app_q_add', arguments: { n } })));
    await sleep(300);
    app.release();
    await hold;
    const outcomes = await Promise.all(calls);
    const ok = outcomes.filter((o) => o.ok).map((o) => o.n);
    expect(
      outcomes.filter((o) => o.gaveUp),
      JSON.stringify(outcomes),
    ).toHaveLength(10);
    expect(ok).toEqual([10, 11, 12, 13, 14]);
    // Applied exactly the calls answered ok: none of the abandoned ones ran.
    expect(app.items).toEqual(ok);
  });

  it('drops a queued call whose AbortSignal aborted, and sends no answer for it', async () => {
    const server = testServer({ includeScreen: false });
    const app = queueApp();
    server.attach(app.session);
    const client = await connectClient(server);
    await client.listTools();
    // Every message the server sends, to prove no answer goes out for the cancelled request.
    const received: JSONRPCMessage[] = [];
    const transport = client.transport!;
    const onmessage = transport.onmessage!;
    transport.onmessage = (message, extra) => {
      received.push(message);
      onmessage(message, extra);
    };
    const hold = client.callTool({ name: 'app_q_hold' });
    await app.holding;
    const controller = new AbortController();
    const cancelled = client.callTool(
      { name: 'app_q_add', arguments: { n: 1 } },
      {
        signal: controller.signal,
      },
    );
    const kept = client.callTool({ name: 'app_q_add', arguments: { n: 2 } });
    await sleep(20);
    controller.abort('the user changed their mind');
    await expect(cancelled).rejects.toThrow();
    app.release();
    await hold;
    await kept;
    await sleep(50);
    expect(app.items).toEqual([2]);
    const answeredIds = received.flatMap((m) => ('id' in m && ('result' in m || 'error' in m) ? [m.id] : []));
    // Seen since the spy went in: hold (id 2), the cancelled add (3: no answer), kept (4).
    expect(answeredIds).toEqual([2, 4]);
  });

  it('over HTTP: an aborted POST is a cancellation too: its queued call never runs', async () => {
    const server = testServer({ includeScreen: false });
    const app = queueApp();
    server.attach(app.session);
    const { url, token } = await server.listen();
    const headers = { Authorization: `Bearer ${token}` };
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
    const client = new Client({ name: 'cancel-test', version: '1' });
    await client.connect(transport);
    try {
      const hold = client.callTool({ name: 'app_q_hold' });
      await app.holding;
      // A raw POST on the same MCP session, aborted while its call waits in the queue.
      const controller = new AbortController();
      const aborted = fetch(url, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          ...headers,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'mcp-session-id': transport.sessionId!,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'raw-1',
          method: 'tools/call',
          params: { name: 'app_q_add', arguments: { n: 1 } },
        }),
      }).then((r) => r.text());
      await sleep(100);
      controller.abort();
      await expect(aborted).rejects.toThrow();
      const kept = client.callTool({ name: 'app_q_add', arguments: { n: 2 } });
      await sleep(50);
      app.release();
      await hold;
      expect((await kept).isError).toBeFalsy();
      expect(app.items).toEqual([2]);
    } finally {
      await client.close();
    }
  });
});

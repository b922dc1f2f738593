import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import {
  InMemoryTransport,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { earlyAnswer, PROTOCOL_VERSIONS } from '../../src/launcher/early-answers.js';
import { Relay } from '../../src/launcher/relay.js';
import { SERVED_METHODS } from '../../src/render/early-methods.js';
import { createMcpServer } from '../../src/server/index.js';

/** The real server's answer to one raw request (over the SDK's in-memory transport). */
async function realAnswer(
  method: string,
  params: Record<string, unknown> = {},
  options: Parameters<typeof createMcpServer>[0] = {},
) {
  const server = createMcpServer(options);
  const [client, transport] = InMemoryTransport.createLinkedPair();
  await server.connect(transport);
  const answer = new Promise<JSONRPCMessage>((resolve) => {
    client.onmessage = resolve;
  });
  await client.start();
  await client.send({ jsonrpc: '2.0', id: 1, method, params } as JSONRPCMessage);
  const message = await answer;
  await server.close();
  return message as { result?: unknown; error?: { code: number } };
}

const INIT = (protocolVersion: string) => ({
  protocolVersion,
  capabilities: {},
  clientInfo: { name: 't', version: '1' },
});

// A 2026-07-28 probe (what SDK 2.x clients in `auto` mode and Claude Code send first).
const DISCOVER = {
  _meta: {
    [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  },
};

describe("the launcher's early answers match the real server's", () => {
  it('the protocol versions are the SDK server’s', () => {
    expect(PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
  });

  for (const version of [...PROTOCOL_VERSIONS, '2099-01-01']) {
    it(`initialize ${version}: the same result`, async () => {
      const real = await realAnswer('initialize', INIT(version));
      const early = earlyAnswer({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT(version) });
      expect(early).toEqual({ jsonrpc: '2.0', id: 1, result: real.result });
    });
  }

  it("initialize of a server with its own name and version (startMcp's): the same result", async () => {
    const serverInfo = { name: 'my-app', version: '2.3.4' };
    const real = await realAnswer('initialize', INIT('2025-06-18'), serverInfo);
    const early = earlyAnswer(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT('2025-06-18') },
      serverInfo,
    );
    expect(early).toEqual({ jsonrpc: '2.0', id: 1, result: real.result });
  });

  it('server/discover (2026-07-28): the same result, for a default server and one with its own name', async () => {
    for (const info of [undefined, { name: 'my-app', version: '2.3.4' }]) {
      const real = await realAnswer('server/discover', DISCOVER, info ?? {});
      expect(real.result).toBeDefined();
      const early = earlyAnswer({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: DISCOVER }, info);
      expect(early).toEqual({ jsonrpc: '2.0', id: 1, result: real.result });
    }
  });

  it('server/discover naming a revision the server does not serve, or without capabilities: left to the server', async () => {
    for (const params of [
      { _meta: { ...DISCOVER._meta, [PROTOCOL_VERSION_META_KEY]: '2099-01-01' } },
      { _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } },
    ]) {
      expect(earlyAnswer({ jsonrpc: '2.0', id: 1, method: 'server/discover', params })).toBeUndefined();
      expect((await realAnswer('server/discover', params)).error?.code).toBeLessThan(0);
    }
  });

  it('every method it forwards is served by the real server; every one it refuses, the server refuses', async () => {
    for (const method of SERVED_METHODS) {
      const real = await realAnswer(method, method === 'initialize' ? INIT('2025-06-18') : {});
      expect(real.error?.code, method).not.toBe(-32601);
    }
    for (const method of [
      'server/discover',
      'prompts/list',
      'completion/complete',
      'logging/setLevel',
      'subscriptions/listen',
    ]) {
      expect((await realAnswer(method)).error?.code, method).toBe(-32601);
      expect(earlyAnswer({ jsonrpc: '2.0', id: 7, method })).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32601, message: 'Method not found' },
      });
    }
  });

  it('a 2026-07-28 subscriptions/listen is left to the server, which opens the stream', async () => {
    const params = { ...DISCOVER, notifications: { toolsListChanged: true } };
    expect(earlyAnswer({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params })).toBeUndefined();
    const first = (await realAnswer('subscriptions/listen', params)) as { method?: string };
    expect(first.method).toBe('notifications/subscriptions/acknowledged');
  });
});

describe('Relay', () => {
  const line = (m: object) => JSON.stringify(m);
  function relay() {
    const toClient: string[] = [];
    const logs: string[] = [];
    return { r: new Relay({ toClient: (l) => toClient.push(l), log: (l) => logs.push(l) }), toClient, logs };
  }

  it('refuses a request sent before initialize (ping and server/discover excepted), so the app never serves it', () => {
    const { r, toClient } = relay();
    r.fromClient(line({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {} } }));
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    r.fromClient(line({ jsonrpc: '2.0', id: 3, method: 'initialize', params: INIT('2025-06-18') }));
    const answers = toClient.map((l) => JSON.parse(l));
    expect(answers[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(answers[0].error.message).toMatch(/"tools\/call" was sent before initialize/);
    expect(answers.slice(1).map((a) => [a.id, 'result' in a])).toEqual([
      [2, true],
      [3, true],
    ]);
    const toApp: string[] = [];
    r.attach((l) => toApp.push(l));
    expect(toApp.map((l) => JSON.parse(l).method)).toEqual(['initialize']);
  });

  it('a 2026-07-28 client: server/discover answered at once, its enveloped requests queued for the app (no initialize to replay)', () => {
    const { r, toClient } = relay();
    r.fromClient(line({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: DISCOVER }));
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: DISCOVER }));
    expect(toClient.map((l) => JSON.parse(l))).toEqual([
      earlyAnswer({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: DISCOVER }),
    ]);
    const toApp: string[] = [];
    r.attach((l) => toApp.push(l));
    expect(toApp.map((l) => [JSON.parse(l).id, JSON.parse(l).method])).toEqual([[2, 'tools/list']]);
  });

  it('answers initialize at once, queues the rest, and replays initialize then the queue to the app', () => {
    const { r, toClient } = relay();
    r.fromClient(line({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT('2025-06-18') }));
    r.fromClient(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    r.fromClient(line({ jsonrpc: '2.0', id: 3, method: 'server/discover' }));
    expect(toClient.map((l) => JSON.parse(l).id)).toEqual([1, 3]);
    const toApp: string[] = [];
    r.attach((l) => toApp.push(l));
    expect(toApp.map((l) => JSON.parse(l).method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
    const replayId = JSON.parse(toApp[0]!).id;
    expect(replayId).not.toBe(1);
    // The app's answer to the replayed initialize is dropped (the client has one); the rest passes.
    r.fromApp(line({ jsonrpc: '2.0', id: replayId, result: JSON.parse(toClient[0]!).result }));
    r.fromApp(line({ jsonrpc: '2.0', id: 2, result: { tools: [] } }));
    expect(toClient.map((l) => JSON.parse(l).id)).toEqual([1, 3, 2]);
  });

  it('the app going away answers every request it owed, and later ones, with the reason', () => {
    const { r, toClient } = relay();
    r.attach(() => {});
    r.fromClient(line({ jsonrpc: '2.0', id: 4, method: 'initialize', params: INIT('2025-06-18') }));
    r.fromClient(line({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x' } }));
    r.detach('ink-mcp: the app exited (exit code 1) before it answered this request.');
    r.fromClient(line({ jsonrpc: '2.0', id: 6, method: 'tools/list' }));
    expect(toClient.map((l) => JSON.parse(l)).filter((m) => m.id !== 4)).toEqual([
      { jsonrpc: '2.0', id: 5, error: { code: -32603, message: expect.stringContaining('exit code 1') } },
      { jsonrpc: '2.0', id: 6, error: { code: -32603, message: expect.stringContaining('exit code 1') } },
    ]);
  });

  it('an app that never renders: waiting requests are refused with the reason, later ones too, until it comes', () => {
    const { r, toClient } = relay();
    r.fromClient(line({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INIT('2025-06-18') }));
    r.fromClient(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    r.refuseUntilConnected('not yet');
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'resources/list' }));
    expect(toClient.map((l) => JSON.parse(l).id)).toEqual([0, 1, 2]);
    const toApp: string[] = [];
    r.attach((l) => toApp.push(l));
    r.fromClient(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect(toApp.map((l) => JSON.parse(l).id)).toEqual(['ink-mcp-launcher:initialize', 3]);
  });
});

describe('Relay with the tools the app will list (the stable surface)', () => {
  const line = (m: object) => JSON.stringify(m);
  const TOOLS = [{ name: 'app_act', inputSchema: { type: 'object' } }];
  function relay() {
    const toClient: Record<string, unknown>[] = [];
    const r = new Relay({
      toClient: (l) => toClient.push(JSON.parse(l)),
      log: () => {},
      tools: TOOLS,
    });
    r.fromClient(line({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT('2025-06-18') }));
    r.fromClient(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return { r, toClient };
  }

  it('answers tools/list at once, and asks the app for its list where the client’s was, once', () => {
    const { r, toClient } = relay();
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    r.fromClient(line({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'app_act' } }));
    r.fromClient(line({ jsonrpc: '2.0', id: 4, method: 'tools/list' }));
    expect(toClient.slice(1)).toEqual([
      { jsonrpc: '2.0', id: 2, result: { tools: TOOLS } },
      { jsonrpc: '2.0', id: 4, result: { tools: TOOLS } },
    ]);
    const toApp: Record<string, unknown>[] = [];
    r.attach((l) => toApp.push(JSON.parse(l)));
    expect(toApp.map((m) => [m.method, m.id])).toEqual([
      ['initialize', expect.any(String)],
      ['notifications/initialized', undefined],
      ['tools/list', expect.any(String)],
      ['tools/call', 3],
    ]);
    // Until the app's server has answered that listing, the client is still answered by the relay.
    r.fromClient(line({ jsonrpc: '2.0', id: 5, method: 'tools/list' }));
    expect(toClient.at(-1)).toEqual({ jsonrpc: '2.0', id: 5, result: { tools: TOOLS } });
    expect(toApp).toHaveLength(4);
    // The app lists what the client was told: its answer is dropped, and nothing else is said.
    r.fromApp(line({ result: { tools: TOOLS }, jsonrpc: '2.0', id: toApp[2]!.id }));
    expect(toClient).toHaveLength(4);
    // From now on the app answers.
    r.fromClient(line({ jsonrpc: '2.0', id: 6, method: 'tools/list' }));
    expect(toApp.at(-1)).toEqual({ jsonrpc: '2.0', id: 6, method: 'tools/list' });
    expect(toClient).toHaveLength(4);
  });

  it('direct (startMcp, the preload: the server stays with the process): the replayed initialize and the relay’s own listing are still answered by the relay, then lines pass both ways as they are', () => {
    const { r, toClient } = relay();
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    const toApp: string[] = [];
    r.attach((l) => toApp.push(l));
    r.direct();
    const [replayed, , listing] = toApp.map((l) => JSON.parse(l) as { id?: unknown });
    // Its own requests' answers are still the relay's: dropped, not passed to the client.
    r.fromApp(line({ jsonrpc: '2.0', id: replayed!.id, result: { protocolVersion: '2025-06-18' } }));
    r.fromApp(line({ jsonrpc: '2.0', id: listing!.id, result: { tools: TOOLS } }));
    expect(toClient).toHaveLength(2);
    // Then every line goes through unread, as it came (a listing is the app's now).
    const call = '{"jsonrpc":"2.0","id":7,"method":"tools/list"}';
    r.fromClient(call);
    expect(toApp.at(-1)).toBe(call);
    const answer = '{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}';
    r.fromApp(answer);
    expect(toClient.at(-1)).toEqual(JSON.parse(answer));
  });

  it('the app listing something else (a second session, an error): the client is told the list changed', () => {
    for (const answer of [
      { result: { tools: [...TOOLS, { name: 'app_2_act', inputSchema: { type: 'object' } }] } },
      { error: { code: -32603, message: 'the app uses another copy of ink' } },
    ]) {
      const { r, toClient } = relay();
      const toApp: Record<string, unknown>[] = [];
      r.attach((l) => toApp.push(JSON.parse(l)));
      r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      const asked = toApp.find((m) => m.method === 'tools/list')!;
      r.fromApp(line({ jsonrpc: '2.0', id: asked.id, ...answer }));
      expect(toClient.slice(1)).toEqual([
        { jsonrpc: '2.0', id: 2, result: { tools: TOOLS } },
        { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      ]);
    }
  });

  it('an app that is gone, or has not come in time: tools/list is refused with the reason, as other requests', () => {
    const gone = relay();
    gone.r.detach('ink-mcp: the app exited (exit code 1) before it answered this request.');
    gone.r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(gone.toClient.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32603, message: expect.stringContaining('exit code 1') },
    });

    const late = relay();
    late.r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    late.r.refuseUntilConnected('not yet');
    late.r.fromClient(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    expect(late.toClient.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32603, message: 'not yet' },
    });
    // It comes after all: the relay's own listing went with the refused queue, so it asks again.
    const toApp: Record<string, unknown>[] = [];
    late.r.attach((l) => toApp.push(JSON.parse(l)));
    late.r.fromClient(line({ jsonrpc: '2.0', id: 4, method: 'tools/list' }));
    expect(late.toClient.at(-1)).toEqual({ jsonrpc: '2.0', id: 4, result: { tools: TOOLS } });
    expect(toApp.filter((m) => m.method === 'tools/list')).toHaveLength(1);
  });

  it('an MCP Apps host (the UI extension declared) is not given the early list: its listing has the view in it', () => {
    const toClient: Record<string, unknown>[] = [];
    const r = new Relay({ toClient: (l) => toClient.push(JSON.parse(l)), log: () => {}, tools: TOOLS });
    const ui = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
    r.fromClient(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { ...INIT('2025-06-18'), capabilities: ui },
      }),
    );
    r.fromClient(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    // Only the initialize is answered: the listing waits for the app's server.
    expect(toClient.map((m) => m.id)).toEqual([1]);
    const toApp: Record<string, unknown>[] = [];
    r.attach((l) => toApp.push(JSON.parse(l)));
    expect(toApp.map((m) => [m.method, m.id])).toEqual([
      ['initialize', expect.any(String)],
      ['tools/list', 2],
    ]);
  });
});

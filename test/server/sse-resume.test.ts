import { request } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaticCallInfo } from '../../src/registry/registry.js';
import { SSE_RETRY_MS } from '../../src/server/event-store.js';
import { INITIALIZE } from '../helpers/initialize.js';
import { mcpHeaders, raw } from '../helpers/raw-http.js';
import { sleep, testServer, texts } from './helpers.js';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
});

/** A server whose one tool closes its own SSE stream, waits `answerAfterMs`, then answers. */
async function pollingServer(answerAfterMs: number) {
  const calls: { couldClose: boolean }[] = [];
  const server = testServer({
    tools: [
      {
        name: 'slow',
        run: async (_args: Record<string, unknown>, call: StaticCallInfo) => {
          calls.push({ couldClose: call.closeStream !== undefined });
          call.closeStream?.();
          await sleep(answerAfterMs);
          return `answered after ${answerAfterMs} ms`;
        },
      },
    ],
  });
  const { url, token } = await server.listen();
  return { url, token, port: Number(new URL(url).port), calls };
}

/** A real SDK client whose every HTTP request and every message received are recorded. */
async function recordingClient(url: string, token: string) {
  const requests: { method: string; lastEventId: string | null }[] = [];
  const record: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    requests.push({ method: init?.method ?? 'GET', lastEventId: headers.get('last-event-id') });
    return fetch(input, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: record,
  });
  const client = new Client({ name: 'resume-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  const received: JSONRPCMessage[] = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    received.push(message);
    deliver?.(message);
  };
  return { client, requests, received };
}

const answersTo = (received: JSONRPCMessage[], id: unknown) =>
  received.filter((m) => 'id' in m && m.id === id && ('result' in m || 'error' in m));

describe('SSE streams that resume (SEP-1699)', () => {
  // The answer is ready while the client is away (stored, then replayed), or only after it came back
  // (sent on the resumed stream): either way it arrives once.
  it.each([
    ['while the client is away', 50],
    ['after the client resumed', SSE_RETRY_MS + 500],
  ])('a call whose stream the server closed mid-call is answered exactly once, %s', async (_, ms) => {
    const { url, token, calls } = await pollingServer(ms);
    const { client, requests, received } = await recordingClient(url, token);
    const result = await client.callTool({ name: 'slow', arguments: {} });
    expect(texts(result)).toContain(`answered after ${ms} ms`);
    expect(calls).toEqual([{ couldClose: true }]);
    // The client came back on a GET naming the priming event it was given.
    const resumes = requests.filter((r) => r.method === 'GET' && r.lastEventId !== null);
    expect(resumes).toHaveLength(1);
    expect(resumes[0]?.lastEventId).toMatch(/^\d+$/);
    const callId = received.find((m) => 'result' in m && texts(m.result as object).length > 0);
    expect(callId).toBeDefined();
    expect(answersTo(received, (callId as { id: unknown }).id)).toHaveLength(1);
    // The session still works on ordinary streams afterwards.
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['slow']);
  });

  it('opens each POST stream with a priming event carrying an id and the retry interval, and resumes it by Last-Event-ID', async () => {
    const { port, token } = await pollingServer(0);
    const session = await initialize(port, token);
    const post = await raw(port, {
      headers: mcpHeaders(token, { 'mcp-session-id': session }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } }),
    });
    expect(post.status).toBe(200);
    expect(post.headers['content-type']).toMatch(/^text\/event-stream/);
    // The stream was closed before the answer: all it carried is the priming event.
    const events = sseEvents(post.body);
    expect(events).toEqual([{ id: expect.stringMatching(/^\d+$/), retry: String(SSE_RETRY_MS), data: '' }]);
    const resumed = await readSse(
      port,
      { ...mcpHeaders(token, { 'mcp-session-id': session }), 'last-event-id': events[0]?.id ?? '' },
      (event) => event.data.includes('"id":7'),
    );
    expect(resumed.status).toBe(200);
    const answers = resumed.events.filter((e) => e.data !== '');
    expect(answers).toHaveLength(1);
    expect(JSON.parse(answers[0]?.data ?? '')).toMatchObject({
      id: 7,
      result: { content: [{ type: 'text', text: 'answered after 0 ms' }] },
    });
    expect(Number(answers[0]?.id)).toBeGreaterThan(Number(events[0]?.id));
  });

  it('leaves out the priming event of a call answered in the same write: nothing can cut the stream between them', async () => {
    const server = testServer({ tools: [{ name: 'quick', run: () => 'done at once' }] });
    const { url, token } = await server.listen();
    const port = Number(new URL(url).port);
    const session = await initialize(port, token);
    const post = await raw(port, {
      headers: mcpHeaders(token, { 'mcp-session-id': session }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'quick' } }),
    });
    expect(post.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = sseEvents(post.body);
    // The answer alone, with its own event id: no event of empty data, no retry.
    expect(events).toHaveLength(1);
    expect(events[0]?.id).toMatch(/^\d+$/);
    expect(events[0]?.retry).toBeUndefined();
    expect(JSON.parse(events[0]?.data ?? '')).toMatchObject({
      id: 5,
      result: { content: [{ text: 'done at once' }] },
    });
  });

  it('keeps the priming event of a call still running when its stream opens, before the answer', async () => {
    const server = testServer({
      tools: [
        {
          name: 'later',
          run: async () => {
            await sleep(50);
            return 'done later';
          },
        },
      ],
    });
    const { url, token } = await server.listen();
    const port = Number(new URL(url).port);
    const session = await initialize(port, token);
    const post = await raw(port, {
      headers: mcpHeaders(token, { 'mcp-session-id': session }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'later' } }),
    });
    const events = sseEvents(post.body);
    expect(events[0]).toEqual({ id: expect.stringMatching(/^\d+$/), retry: String(SSE_RETRY_MS), data: '' });
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[1]?.data ?? '')).toMatchObject({
      id: 6,
      result: { content: [{ text: 'done later' }] },
    });
  });

  it('sends no priming event to a client of a protocol before 2025-11-25, whose call cannot close its stream', async () => {
    const { port, token, calls } = await pollingServer(0);
    const session = await initialize(port, token);
    const post = await raw(port, {
      headers: mcpHeaders(token, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow' } }),
    });
    const events = sseEvents(post.body);
    expect(events.every((e) => e.data !== '' && e.retry === undefined)).toBe(true);
    expect(events.map((e) => JSON.parse(e.data).id)).toEqual([1]);
    expect(calls).toEqual([{ couldClose: false }]);
  });

  it('refuses to resume after an event id the session never sent, saying why', async () => {
    const { port, token } = await pollingServer(0);
    const session = await initialize(port, token);
    for (const lastEventId of ['999999', 'not-an-id']) {
      const answer = await raw(port, {
        method: 'GET',
        headers: { ...mcpHeaders(token, { 'mcp-session-id': session }), 'last-event-id': lastEventId },
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error.message).toMatch(
        /^ink-mcp: cannot resume the stream: .* is not the id of an event this session sent\. Reconnect without Last-Event-ID\.$/,
      );
    }
  });

  it('replays only within its own session: another session cannot resume with an id it was not sent', async () => {
    const { port, token } = await pollingServer(0);
    const a = await initialize(port, token);
    const b = await initialize(port, token);
    const post = await raw(port, {
      headers: mcpHeaders(token, { 'mcp-session-id': a }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'slow' } }),
    });
    const primingId = sseEvents(post.body)[0]?.id ?? '';
    // Ids are numbered per session: b has sent only its initialize answer, so a's id is none of b's.
    const stolen = await raw(port, {
      method: 'GET',
      headers: { ...mcpHeaders(token, { 'mcp-session-id': b }), 'last-event-id': primingId },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body).not.toContain('answered');
  });
});

async function initialize(port: number, token: string): Promise<string> {
  const init = await raw(port, { headers: mcpHeaders(token), body: JSON.stringify(INITIALIZE) });
  const session = init.headers['mcp-session-id'];
  if (typeof session !== 'string') throw new Error(`no session: ${init.status} ${init.body}`);
  await raw(port, {
    headers: mcpHeaders(token, { 'mcp-session-id': session }),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return session;
}

type SseEvent = { id?: string; retry?: string; data: string };

/** The events of an SSE body, field by field (comments such as keep-alives skipped). */
function sseEvents(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.split('\n').some((line) => /^(id|data|retry):/.test(line)))
    .map((block) => {
      const event: SseEvent = { data: '' };
      for (const line of block.split('\n')) {
        const match = /^(id|data|retry): ?(.*)$/.exec(line);
        if (match?.[1] === 'id') event.id = match[2] ?? '';
        if (match?.[1] === 'retry') event.retry = match[2] ?? '';
        if (match?.[1] === 'data') event.data = match[2] ?? '';
      }
      return event;
    });
}

/** A GET SSE stream read until an event satisfies `until` (it stays open otherwise), then hung up. */
function readSse(
  port: number,
  headers: Record<string, string>,
  until: (event: SseEvent) => boolean,
): Promise<{ status: number; events: SseEvent[] }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'GET', headers, agent: false },
      (res) => {
        let text = '';
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error(`no matching event within 5 s; got: ${text}`));
        }, 5000);
        const finish = () => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, events: sseEvents(text) });
        };
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (sseEvents(text).some(until)) finish();
        });
        res.on('end', finish);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

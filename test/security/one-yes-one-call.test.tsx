import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  InMemoryTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { renderHeadless } from '../../src/testing/render-headless.js';

/**
 * Issue #39, item 1: a 2026-07-28 approval (an `input_required` round trip) runs one call, the one
 * the person was asked about, on the widget as it was when asked, and only for a short while. Raw
 * 2026-07-28 requests over the SDK's in-memory pair: what a hostile client's retries put on the wire.
 */

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

async function modernTodo(items: string[], via: 'memory' | 'http' = 'memory') {
  const app = await renderHeadless(<App initial={items.map((text) => ({ text, done: false }))} />, {
    session: 'todo',
    authorize: ({ tool }) => (tool.endsWith('.delete_item') ? 'ask' : 'allow'),
  });
  closers.push(() => app.unmount());
  let client: Transport;
  if (via === 'memory') {
    const [clientSide, transport] = InMemoryTransport.createLinkedPair();
    await app.server.connect(transport);
    client = clientSide;
  } else {
    // Streamable HTTP on 127.0.0.1: each request its own POST, as a 2026-07-28 client sends them.
    const { url, token } = await app.server.listen({ port: 0 });
    client = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    closers.push(() => client.close());
  }
  const answers = new Map<number, (message: Reply) => void>();
  client.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && typeof message.id === 'number') answers.get(message.id)?.(message as Reply);
  };
  await client.start();
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  };
  let id = 0;
  const call = (params: object) =>
    new Promise<Reply>((resolve) => {
      const i = ++id;
      answers.set(i, resolve);
      void client.send({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { ...params, _meta } });
    });
  const act = (action: string, args: object) => ({
    name: 'todo_act',
    arguments: { widget: 'todos', action, args: JSON.stringify(args) },
  });
  return { app, call, act };
}

const yes = { approve: { action: 'accept', content: { approve: true } } };
const textOf = (reply: Reply) =>
  ((reply.result?.content as { type: string; text?: string }[] | undefined) ?? [])
    .map((c) => c.text ?? '')
    .join('\n');

describe('2026-07-28: one yes runs one call, for what the person saw', () => {
  it('an approved retry sent three times (one after another, then two at once) deletes one item; the copies are denied as used', async () => {
    const { app, call, act } = await modernTodo(['a', 'b', 'c', 'd']);
    const asked = await call(act('delete_item', { index: 0 }));
    expect(asked.result?.resultType).toBe('input_required');
    const approved = {
      ...act('delete_item', { index: 0 }),
      inputResponses: yes,
      requestState: asked.result?.requestState,
    };
    const first = await call(approved);
    expect(first.result?.isError).toBeFalsy();
    expect(app.lastFrame()).toMatch(/3 items/);
    const again = await call(approved);
    const twice = await Promise.all([call(approved), call(approved)]);
    for (const copy of [again, ...twice]) {
      expect(copy.result?.isError).toBe(true);
      expect(textOf(copy)).toMatch(/already used/);
    }
    expect(app.lastFrame()).toMatch(/3 items/);
    expect(app.lastFrame()).toMatch(/b/);
  });

  it('over Streamable HTTP too: an approved retry sent twice deletes one item', async () => {
    const { app, call, act } = await modernTodo(['a', 'b', 'c'], 'http');
    const asked = await call(act('delete_item', { index: 0 }));
    expect(asked.result?.resultType).toBe('input_required');
    const approved = {
      ...act('delete_item', { index: 0 }),
      inputResponses: yes,
      requestState: asked.result?.requestState,
    };
    expect((await call(approved)).result?.isError).toBeFalsy();
    const again = await call(approved);
    expect(again.result?.isError).toBe(true);
    expect(textOf(again)).toMatch(/already used/);
    expect(app.lastFrame()).toMatch(/2 items/);
  });

  it('two copies racing before the first ran: exactly one deletes', async () => {
    const { app, call, act } = await modernTodo(['a', 'b', 'c', 'd']);
    const asked = await call(act('delete_item', { index: 0 }));
    const approved = {
      ...act('delete_item', { index: 0 }),
      inputResponses: yes,
      requestState: asked.result?.requestState,
    };
    const replies = await Promise.all([call(approved), call(approved), call(approved)]);
    expect(replies.filter((r) => r.result?.isError !== true)).toHaveLength(1);
    expect(app.lastFrame()).toMatch(/3 items/);
  });

  it('the widget changed between the question and the approved retry: denied `changed`, nothing deleted', async () => {
    const { app, call, act } = await modernTodo(['a', 'b']);
    const asked = await call(act('delete_item', { index: 0 }));
    expect(asked.result?.resultType).toBe('input_required');
    // The person was asked about a list of two; the list the retry would act on has three.
    const added = await call(act('add_item', { text: 'c' }));
    expect(added.result?.isError).toBeFalsy();
    const retry = await call({
      ...act('delete_item', { index: 0 }),
      inputResponses: yes,
      requestState: asked.result?.requestState,
    });
    expect(retry.result?.isError).toBe(true);
    expect(textOf(retry)).toMatch(/widget changed while the person was being asked/);
    expect(app.lastFrame()).toMatch(/3 items/);
  });

  it('an approval is short-lived: two minutes and five seconds later it no longer runs anything', async () => {
    const { app, call, act } = await modernTodo(['a', 'b']);
    const asked = await call(act('delete_item', { index: 0 }));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 125_000 });
    const late = await call({
      ...act('delete_item', { index: 0 }),
      inputResponses: yes,
      requestState: asked.result?.requestState,
    });
    expect(late.result?.isError === true || late.error !== undefined).toBe(true);
    expect(app.lastFrame()).toMatch(/2 items/);
  });
});

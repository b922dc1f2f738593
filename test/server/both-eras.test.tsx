import { fileURLToPath } from 'node:url';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { renderHeadless } from '../../src/testing/render-headless.js';

/**
 * One server, both protocol eras (issue #29): an SDK 2.x client pinned to 2026-07-28 (`server/discover`,
 * a `_meta` envelope on every request, no session) and one of the 2025 era (`initialize`, 2025-11-25)
 * drive the todo example over stdio (its own process, through ink-mcp/start's relay) and over
 * Streamable HTTP (127.0.0.1, port 0), and see the same tools and answers.
 */

type Era = 'modern' | 'legacy';
type Answer = 'accept' | 'decline';

const entry = fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url));

/** The person behind the client: answers the approval question (elicitation, or an input_required round). */
function newClient(era: Era, answer: Answer): { client: Client; asked: string[] } {
  const asked: string[] = [];
  const client = new Client(
    { name: `both-eras-${era}`, version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return answer === 'accept' ? { action: 'accept', content: { approve: true } } : { action: 'decline' };
  });
  return { client, asked };
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

async function overStdio(era: Era, answer: Answer) {
  const { client, asked } = newClient(era, answer);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', entry, '--stdio'],
    stderr: 'pipe',
  });
  closers.push(() => client.close());
  await client.connect(transport);
  return { client, asked };
}

async function overHttp(era: Era, answer: Answer) {
  // The todo example's app and its rule (deleting asks a person), served headless over HTTP: its
  // attached mode would ask the person at the terminal instead of the client.
  const app = await renderHeadless(<App initial={[]} />, {
    session: 'todo',
    name: 'ink-mcp-todo',
    authorize: ({ tool }) => (tool.endsWith('.delete_item') ? 'ask' : 'allow'),
  });
  closers.push(() => app.unmount());
  const { url, token } = await app.server.listen({ port: 0 });
  const { client, asked } = newClient(era, answer);
  closers.push(() => client.close());
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return { client, asked };
}

const text = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

async function act(client: Client, action: string, args: Record<string, unknown>) {
  const result = (await client.callTool({
    name: 'todo_act',
    arguments: { widget: 'todos', action, args: JSON.stringify(args) },
  })) as CallToolResult;
  return { result, text: text(result) };
}

async function items(client: Client): Promise<string[]> {
  const { text: answer } = await act(client, 'list', {});
  // The value comes first, then the screen (or the line saying it is as before).
  const value = JSON.parse(answer.split(/\n\nScreen[ :]/, 1)[0] ?? '') as {
    items: { text: string }[];
  };
  return value.items.map((i) => i.text);
}

const transports = { stdio: overStdio, http: overHttp } as const;
const listed: Record<string, string[]> = {};

for (const [via, open] of Object.entries(transports)) {
  describe(`both eras over ${via}`, () => {
    for (const era of ['modern', 'legacy'] as const) {
      it(`${era}: connects in its era, lists the tools, adds an item; a declined delete runs nothing`, async () => {
        const { client, asked } = await open(era, 'decline');
        expect(client.getProtocolEra()).toBe(era);
        if (era === 'legacy') expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
        const names = (await client.listTools()).tools.map((t) => t.name).sort();
        listed[`${via}/${era}`] = names;
        expect(names).toContain('todo_act');
        const added = await act(client, 'add_item', { text: `from the ${era} era` });
        expect(added.result.isError).toBeFalsy();
        expect(await items(client)).toEqual([`from the ${era} era`]);
        const deleted = await act(client, 'delete_item', { index: 0 });
        expect(asked).toHaveLength(1);
        expect(asked[0]).toMatch(/delete_item/);
        expect(deleted.result.isError).toBe(true);
        expect(deleted.text).toMatch(/denied/);
        expect(await items(client)).toEqual([`from the ${era} era`]);
      }, 60_000);

      it(`${era}: an accepted delete runs`, async () => {
        const { client, asked } = await open(era, 'accept');
        await act(client, 'add_item', { text: 'doomed' });
        const deleted = await act(client, 'delete_item', { index: 0 });
        expect(asked).toHaveLength(1);
        expect(deleted.result.isError).toBeFalsy();
        expect(await items(client)).toEqual([]);
      }, 60_000);
    }

    it('both eras list the same tools', () => {
      expect(listed[`${via}/modern`]).toBeDefined();
      expect(listed[`${via}/modern`]).toEqual(listed[`${via}/legacy`]);
    });
  });
}

describe('2026-07-28 consent is bound to the call it was asked about', () => {
  it('an approval echoed with another call, or a retry that does not answer, asks again (nothing runs); a forged state is refused; the matching retry runs', async () => {
    const app = await renderHeadless(
      <App
        initial={[
          { text: 'a', done: false },
          { text: 'b', done: false },
        ]}
      />,
      { session: 'todo', authorize: ({ tool }) => (tool.endsWith('.delete_item') ? 'ask' : 'allow') },
    );
    closers.push(() => app.unmount());
    // Raw 2026-07-28 requests over the SDK's in-memory pair (what a client's retry puts on the wire).
    const [client, transport] = InMemoryTransport.createLinkedPair();
    await app.server.connect(transport);
    const answers = new Map<number, (message: JSONRPCMessage) => void>();
    client.onmessage = (message) => {
      if ('id' in message && typeof message.id === 'number') answers.get(message.id)?.(message);
    };
    await client.start();
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
    };
    let id = 0;
    const call = (params: object) =>
      new Promise<{ result?: Record<string, unknown>; error?: { code: number } }>((resolve) => {
        const i = ++id;
        answers.set(i, resolve as (message: JSONRPCMessage) => void);
        void client.send({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { ...params, _meta } });
      });
    const del = (index: number) => ({
      name: 'todo_act',
      arguments: { widget: 'todos', action: 'delete_item', args: JSON.stringify({ index }) },
    });
    const yes = { approve: { action: 'accept', content: { approve: true } } };

    const asked = await call(del(0));
    expect(asked.result?.resultType).toBe('input_required');
    const state = asked.result?.requestState as string;
    const other = await call({ ...del(1), inputResponses: yes, requestState: state });
    expect(other.result?.resultType).toBe('input_required');
    // The state with no answer to the question (missing, or under another key) is asked again.
    for (const inputResponses of [undefined, { other: yes.approve }]) {
      const unanswered = await call({
        ...del(0),
        ...(inputResponses ? { inputResponses } : {}),
        requestState: state,
      });
      expect(unanswered.result?.resultType).toBe('input_required');
    }
    const forged = await call({ ...del(0), inputResponses: yes, requestState: `${state.slice(0, -2)}xx` });
    expect(forged.error?.code).toBe(-32602);
    expect(app.lastFrame()).toMatch(/2 items/);
    const approved = await call({ ...del(0), inputResponses: yes, requestState: state });
    expect(approved.result?.isError).toBeFalsy();
    expect(app.lastFrame()).toMatch(/1 items/);
  });
});

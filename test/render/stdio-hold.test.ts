import { PassThrough } from 'node:stream';
import { afterEach, expect, it, vi } from 'vitest';
import { AnsweringStdioTransport } from '../../src/render/stdio-transport.js';
import { createMcpServer } from '../../src/server/create-mcp-server.js';

/**
 * An app that has loaded Ink but not rendered yet (a slow or lazy start): a request that needs it
 * waits for its first render, at most the hold; past that it is answered that the app is still
 * starting (nothing ran), never served without the app, and once the app is up the client is told
 * the tool list changed. The hold is shortened here; the real one is 15 s (stdio-transport.ts).
 */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function served(holdMs: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const messages: { id?: number; method?: string; error?: { message: string }; result?: unknown }[] = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) messages.push(JSON.parse(line) as (typeof messages)[number]);
  });
  const server = createMcpServer({ logger: { warn: () => {}, info: () => {}, error: () => {} } });
  const transport = new AnsweringStdioTransport(
    input as unknown as NodeJS.ReadStream,
    output as unknown as NodeJS.WriteStream,
    { holdMs },
  );
  const expired: number[] = [];
  transport.onHoldExpired = (ms) => expired.push(ms);
  await server.connect(transport);
  closers.push(() => server.close());
  const send = (message: object) => input.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  send({ method: 'notifications/initialized' });
  const answer = (id: number) =>
    vi.waitFor(
      () => {
        const found = messages.find((m) => m.id === id);
        if (!found) throw new Error(`no answer to ${id} yet`);
        return found;
      },
      { timeout: 20_000, interval: 20 },
    );
  return { transport, send, answer, messages, expired };
}

it('a request past the hold is answered that the app is still starting; list_changed once it is up', async () => {
  const { transport, send, answer, messages, expired } = await served(200);
  await answer(1);
  send({ id: 2, method: 'tools/list' });
  send({ id: 3, method: 'tools/call', params: { name: 'app.keyboard.type', arguments: { text: 'x' } } });
  const listed = await answer(2);
  expect(listed.result).toBeUndefined();
  expect(listed.error?.message).toMatch(
    /^ink-mcp: the app is still starting: .*nothing of this request ran\. Try again/,
  );
  expect((await answer(3)).error?.message).toMatch(/still starting/);
  expect(expired).toContain(200);
  expect(messages.some((m) => m.method === 'notifications/tools/list_changed')).toBe(false);
  transport.ready();
  await vi.waitFor(
    () => expect(messages.some((m) => m.method === 'notifications/tools/list_changed')).toBe(true),
    { timeout: 20_000, interval: 20 },
  );
  // Served from now on, without waiting.
  send({ id: 4, method: 'tools/list' });
  expect((await answer(4)).result).toMatchObject({ tools: [] });
});

it('a request answered within the hold is served when the app is up, with no list_changed', async () => {
  const { transport, send, answer, messages, expired } = await served(60_000);
  await answer(1);
  // A ping before it needs no app; one after it keeps its place behind it.
  send({ id: 3, method: 'ping' });
  await answer(3);
  send({ id: 2, method: 'tools/list' });
  send({ id: 4, method: 'ping' });
  transport.ready();
  await answer(4);
  expect((await answer(2)).result).toMatchObject({ tools: [] });
  expect(messages.findIndex((m) => m.id === 2)).toBeLessThan(messages.findIndex((m) => m.id === 4));
  expect(expired).toEqual([]);
  expect(messages.some((m) => m.method === 'notifications/tools/list_changed')).toBe(false);
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DataSource } from '../../fixtures/data-source.js';
import { Session } from '../../src/session/session.js';
import type { ActionSpec, ToolProvider, ViewNode } from '../../src/walker/types.js';
import { connectClient, memoryLogger, testServer, texts } from './helpers.js';

/** One widget `w` offering the given actions, in session `app`; `ran` counts handler runs. */
function appWith(actions: ActionSpec[]) {
  const ran = { count: 0 };
  const provider: ToolProvider = {
    mcpTools: () =>
      actions.map((a) => ({
        ...a,
        run: (args, call) => {
          ran.count++;
          return a.run(args, call);
        },
      })),
  };
  const node: ViewNode = { type: 'w', id: 'w', attrs: {}, children: [], provider };
  const source = new DataSource([node]);
  source.screenText = 'the screen';
  return { session: new Session({ id: 'app', source }), ran };
}

const COUNT = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
  additionalProperties: false,
};

describe('structuredContent goes with an outputSchema', () => {
  it('answers a plain object without an outputSchema as text only, with the screen', async () => {
    const server = testServer();
    const { session } = appWith([{ name: 'info', run: () => ({ a: 1 }) }]);
    server.attach(session);
    const client = await connectClient(server);
    const [tool] = (await client.listTools()).tools;
    expect(tool!.outputSchema).toBeUndefined();
    const result = await client.callTool({ name: 'app_w_info' });
    expect(result.structuredContent).toBeUndefined();
    expect(texts(result)).toEqual(['{"a":1}', 'Screen after the call:\nthe screen']);
  });

  it('lists a JSON Schema outputSchema, cleaned, and answers structuredContent the SDK client checks', async () => {
    const server = testServer();
    const { session } = appWith([
      {
        name: 'count',
        // A zero-width space in a key and a description: cleaned as an inputSchema would be.
        outputSchema: { ...COUNT, description: 'the\u200b count' },
        run: () => ({ count: 3 }),
      },
    ]);
    server.attach(session);
    const client = await connectClient(server);
    const [tool] = (await client.listTools()).tools;
    expect(tool!.outputSchema).toEqual({ ...COUNT, description: 'the count' });
    // The SDK client validates structuredContent against the listed outputSchema: this passing proves both agree.
    const result = await client.callTool({ name: 'app_w_count' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ count: 3 });
    expect(texts(result)).toEqual(['{"count":3}', 'Screen after the call:\nthe screen']);
  });

  it('lists a zod outputSchema by its output side, and sends what zod parsed', async () => {
    const server = testServer();
    const { session } = appWith([
      {
        name: 'item',
        outputSchema: z.object({ text: z.string(), done: z.boolean().default(false) }),
        run: () => ({ text: 'milk' }),
      },
    ]);
    server.attach(session);
    const client = await connectClient(server);
    const [tool] = (await client.listTools()).tools;
    // Output side: a defaulted field is always present, so it is required.
    expect(tool!.outputSchema).toMatchObject({ type: 'object', required: ['text', 'done'] });
    const result = await client.callTool({ name: 'app_w_item' });
    expect(result.structuredContent).toEqual({ text: 'milk', done: false });
  });

  it('answers isError when the result does not match, says the call was carried out, and keeps serving', async () => {
    const server = testServer();
    const { session, ran } = appWith([
      { name: 'bad', outputSchema: COUNT, run: () => ({ count: 'three' }) },
      { name: 'scalar', outputSchema: COUNT, run: () => 3 },
      { name: 'zbad', outputSchema: z.object({ n: z.number() }), run: () => ({ n: 'x' }) },
      { name: 'good', outputSchema: COUNT, run: () => ({ count: 1 }) },
    ]);
    server.attach(session);
    const client = await connectClient(server);
    await client.listTools();
    const bad = await client.callTool({ name: 'app_w_bad' });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toBeUndefined();
    expect(texts(bad)).toEqual([
      expect.stringMatching(
        /^ink-mcp: "app_w_bad" ran, but its result does not match the outputSchema it declares: count: must be integer .*The call was carried out: do not repeat it/,
      ),
      '{"count":"three"}',
      'Screen after the call:\nthe screen',
    ]);
    expect(texts(await client.callTool({ name: 'app_w_scalar' }))[0]).toMatch(
      /\(result\): must be an object \(got number\)/,
    );
    expect(texts(await client.callTool({ name: 'app_w_zbad' }))[0]).toMatch(/does not match .*n: /);
    expect(ran.count).toBe(3);
    expect((await client.callTool({ name: 'app_w_good' })).structuredContent).toEqual({ count: 1 });
  });

  it('keeps hostile keys of a structured result from reaching any prototype', async () => {
    const server = testServer({ includeScreen: false });
    const { session } = appWith([
      {
        name: 'echo',
        inputSchema: { type: 'object', additionalProperties: true },
        outputSchema: { type: 'object' },
        run: (args) => args,
      },
    ]);
    server.attach(session);
    const client = await connectClient(server);
    const result = await client.callTool({
      name: 'app_w_echo',
      arguments: JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}'),
    });
    expect(Object.getPrototypeOf(result.structuredContent)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ constructor: { prototype: { x: 1 } } });
  });

  it('refuses an outputSchema JSON cannot encode, and leaves out one that is not an object schema', async () => {
    const logger = memoryLogger();
    const server = testServer({ logger });
    const { session } = appWith([
      { name: 'fn', outputSchema: { type: 'object', properties: { f: () => 1 } }, run: () => ({}) },
      { name: 'str', outputSchema: { type: 'string' }, run: () => 'x' },
      { name: 'ok', run: () => 'fine' },
    ]);
    server.attach(session);
    const client = await connectClient(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['app_w_ok']);
    expect(logger.lines.join('\n')).toMatch(/"fn".*not_json|fn.*JSON/);
    expect(logger.lines.join('\n')).toMatch(
      /"app\.w\.str" is not listed: its outputSchema does not have type "object" at the root/,
    );
  });
});

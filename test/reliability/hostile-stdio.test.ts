import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcMessage, StdioChild } from './fixtures/stdio-child.js';

const MiB = 1024 * 1024;

/**
 * One child process takes every hostile input in turn; after each, a valid call must still get its
 * answer. The SDK's stdio transport answers a request it can parse but not serve (unknown method,
 * bad params) with a JSON-RPC error, and drops a line it cannot parse at all (no id to answer).
 */
describe('hostile input on stdio', () => {
  let app: StdioChild;
  let calls = 0;

  beforeAll(async () => {
    app = new StdioChild();
    await app.initialize();
  }, 30_000);
  afterAll(() => app.kill());

  /** The valid call that must succeed after each hostile input: `inc` echoes its token. */
  async function expectServing(): Promise<void> {
    const token = `t${++calls}`;
    const answer = await app.request('tools/call', { name: 'app.c.inc', arguments: { token } });
    expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
    expect(answer.result?.isError).toBeFalsy();
    expect(answer.result?.structuredContent).toEqual({ token });
  }

  const unparseable: [string, string | Buffer][] = [
    ['malformed JSON', '{"jsonrpc":"2.0","id":1,\n'],
    ['a lone brace', '{\n'],
    ['an empty line', '\n'],
    ['a CRLF line', '\r\n'],
    ['an empty JSON array', '[]\n'],
    ['a JSON array of scalars', '[1,2,3]\n'],
    ['a JSON batch of requests', `${JSON.stringify([{ jsonrpc: '2.0', id: 'b1', method: 'tools/list' }])}\n`],
    ['a number', '42\n'],
    ['a string', '"tools/list"\n'],
    ['null', 'null\n'],
    ['true', 'true\n'],
    ['an empty object', '{}\n'],
    ['a JSON-RPC 1.0 request', '{"jsonrpc":"1.0","id":"v1","method":"ping"}\n'],
    ['an answer to a request never sent', '{"jsonrpc":"2.0","id":987654,"result":{}}\n'],
    [
      'an error answer to a request never sent',
      '{"jsonrpc":"2.0","id":987655,"error":{"code":1,"message":"x"}}\n',
    ],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a])],
    ['NUL bytes', Buffer.from([0x00, 0x00, 0x7b, 0x00, 0x0a])],
    [
      'a request whose params are a string',
      '{"jsonrpc":"2.0","id":"s1","method":"tools/call","params":"x"}\n',
    ],
    ['a request whose id is an object', '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}\n'],
    ['a request whose id is null', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}\n'],
    [
      'an unknown notification',
      '{"jsonrpc":"2.0","method":"notifications/no_such_thing","params":{"x":1}}\n',
    ],
    ['8 MiB of garbage in one line', `${'x'.repeat(8 * MiB)}\n`],
  ];

  for (const [what, input] of unparseable) {
    it(`ignores ${what}, and keeps serving`, async () => {
      await app.write(input);
      await expectServing();
    });
  }

  it('answers an unknown method with "method not found", and keeps serving', async () => {
    const answer = await app.request('no/such/method', { x: 1 }, 'u1');
    expect(answer.error?.code).toBe(-32601);
    await expectServing();
  });

  it('answers a request with invalid params with an error, and keeps serving', async () => {
    const answers: RpcMessage[] = [
      await app.request('tools/call', { name: 42 }, 'p1'),
      await app.request('tools/call', { name: 'app.c.inc', arguments: 'a string' }, 'p2'),
      await app.request('tools/call', { name: 'app.c.inc', arguments: [1, 2] }, 'p3'),
      await app.request('tools/call', undefined, 'p4'),
      await app.request('resources/read', { uri: { nested: true } }, 'p5'),
    ];
    // The SDK answers these -32603 (its handler's parse of the params throws), not -32602.
    for (const answer of answers) expect(answer.error?.code, JSON.stringify(answer)).toBeLessThan(0);
    await expectServing();
  });

  it('answers a valid 8 MiB request, and keeps serving', async () => {
    const s = 'y'.repeat(8 * MiB - 200);
    const answer = await app.request('tools/call', { name: 'app.probe.echo', arguments: { s } }, 'big');
    expect(answer.result?.structuredContent).toEqual({ length: s.length });
    await expectServing();
  });

  it('reassembles a request split into one-byte writes, and keeps serving', async () => {
    const line = `${JSON.stringify({ jsonrpc: '2.0', id: 'split', method: 'tools/list' })}\n`;
    const answer = app.answerTo('split');
    for (const byte of Buffer.from(line)) await app.write(Buffer.from([byte]));
    expect((await answer).result?.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'app_c_inc' })]),
    );
    await expectServing();
  });

  it('answers a request nested 100,000 levels deep without a stack overflow, and keeps serving', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    await app.write(`{"jsonrpc":"2.0","id":"deep","method":"no/such/method","params":{"v":${nested}}}\n`);
    await app.write(
      `{"jsonrpc":"2.0","id":"deep2","method":"tools/call","params":{"name":"app.probe.echo","arguments":{"s":"a","v":${nested}}}}\n`,
    );
    // Either answered (an error is fine) or dropped as unparseable; what matters is what follows.
    await expectServing();
  });

  it('wrote only JSON-RPC messages to stdout, and exits cleanly when stdin ends', async () => {
    await expectServing();
    expect(app.strayLines).toEqual([]);
    expect(await app.end()).toBe(0);
    // Every valid call got exactly one answer.
    const answers = app.messages.filter((m) => typeof m.id === 'string' && /^r\d+$/.test(m.id));
    expect(new Set(answers.map((m) => m.id)).size).toBe(answers.length);
  }, 30_000);
});

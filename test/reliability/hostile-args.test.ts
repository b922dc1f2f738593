import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeadlessApp, renderHeadless } from '../../src/testing/render-headless.js';
import { INITIALIZE } from '../helpers/initialize.js';
import { mcpHeaders, messagesIn, raw } from '../helpers/raw-http.js';
import { WIDGETS } from '../helpers/widgets-surface.js';
import { memoryLogger } from '../server/fixtures/counter-app.js';
import { ArgsProbe, type SeenCall } from './fixtures/ink-apps.js';

const MiB = 1024 * 1024;
const DEPTH = 10_000;

/** What the built-in prototypes look like before any hostile call. */
const pristine = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  func: Object.getOwnPropertyNames(Function.prototype).sort(),
};

function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(pristine.object);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(pristine.array);
  expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(pristine.func);
  const fresh: Record<string, unknown> = {};
  expect(fresh.polluted).toBeUndefined();
  expect(Object.keys(fresh)).toEqual([]);
  expect(Object.getPrototypeOf(fresh)).toBe(Object.prototype);
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
}

/** The keys an attacker uses against prototypes, at the top level and nested, as JSON.parse makes them (own keys). */
const PROTO_ARGS_JSON =
  '{"s":"x","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},' +
  '"prototype":{"polluted":"yes"},"v":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}}';

function nestedArrays(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function nestedObjects(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : `(${c.type})`)).join('\n');
}

const TOOLS = ['loose', 'strict', 'zod', 'zod_strict', 'zod_tree', 'none', 'tree', 'echo'] as const;

describe('hostile arguments', () => {
  const seen: SeenCall[] = [];
  const logger = memoryLogger();
  let app: HeadlessApp;
  let http: Client;
  let url: string;
  let token: string;

  beforeAll(async () => {
    app = await renderHeadless(createElement(ArgsProbe, { seen }), {
      ...WIDGETS,
      session: 'app',
      logger,
      includeScreen: false,
    });
    ({ url, token } = await app.server.listen());
    http = new Client({ name: 'http-args', version: '1' });
    await http.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const listed = (await app.client.listTools()).tools.map((t) => t.name);
    for (const tool of TOOLS) expect(listed).toContain(`app_p_${tool}`);
  });
  afterAll(async () => {
    await http.close();
    await app.unmount();
  });

  const transports = () =>
    [
      ['in memory', app.client],
      ['HTTP', http],
    ] as const;

  async function call(client: Client, tool: string, args: unknown): Promise<CallToolResult> {
    return (await client.callTool({
      name: `app.p.${tool}`,
      arguments: args as Record<string, unknown>,
    })) as CallToolResult;
  }

  /** The call is refused with a readable message, and no handler ran. */
  async function expectRefused(client: Client, tool: string, args: unknown, pattern: RegExp): Promise<void> {
    const before = seen.length;
    const result = await call(client, tool, args);
    expect(result.isError, `${tool} ${JSON.stringify(args)?.slice(0, 100)}`).toBe(true);
    expect(text(result)).toMatch(pattern);
    expect(text(result).length).toBeLessThan(4096);
    expect(seen.length).toBe(before);
  }

  /** After every hostile call: no pollution, and an ordinary call still runs. */
  async function expectServing(client: Client): Promise<void> {
    expectNoPollution();
    const result = await call(client, 'strict', { s: 'ordinary', n: 1 });
    expect(result.isError, text(result)).toBeFalsy();
    expect(seen.at(-1)).toMatchObject({ tool: 'strict', keys: ['s', 'n'] });
  }

  it('refuses arguments of the wrong type, before any handler runs', async () => {
    for (const [, client] of transports()) {
      const wrong: [string, unknown, RegExp][] = [
        ['strict', { s: 42 }, /s: must be string \(got integer\)/],
        ['strict', { s: null }, /s: must be string \(got null\)/],
        ['strict', { s: ['a'] }, /s: must be string \(got array\)/],
        ['strict', { s: { a: 1 } }, /s: must be string/],
        ['strict', { s: 'x', n: 1.5 }, /n: must be integer/],
        ['strict', { s: 'x', n: '1' }, /n: must be integer/], // no coercion
        ['strict', { s: 'x', n: -1 }, /n: must be >= 0/],
        ['strict', {}, /s: is required/],
        ['zod', { s: 42 }, /s: .*string/i],
        ['zod', { s: 'x', n: 1.5 }, /n: .*int/i],
        ['loose', { n: 'x' }, /n: must be integer/],
      ];
      for (const [tool, args, pattern] of wrong) await expectRefused(client, tool, args, pattern);
      await expectServing(client);
    }
  });

  it('refuses arguments that are not an object at all', async () => {
    for (const [, client] of transports()) {
      for (const args of [[1, 2], 'a string', 5, true]) {
        const before = seen.length;
        // Not through callTool's types: an attacker's client sends whatever it likes.
        const answer = client
          .request({ method: 'tools/call', params: { name: 'app.p.none', arguments: args as never } })
          .then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          );
        const settled = await answer;
        // The SDK's own parse of the request refuses it (a protocol error), or the call answers isError.
        if ('result' in settled) expect(settled.result.isError).toBe(true);
        else expect(String(settled.error)).toMatch(/record|object|Invalid/i);
        expect(seen.length).toBe(before);
      }
      await expectServing(client);
    }
  });

  it('refuses extra keys where the schema forbids them, and strips or passes them where it allows', async () => {
    for (const [, client] of transports()) {
      await expectRefused(client, 'strict', { s: 'x', extra: 1 }, /extra: is not allowed/);
      await expectRefused(client, 'zod_strict', { s: 'x', extra: 1 }, /extra/);
      expect((await call(client, 'zod', { s: 'x', extra: 1 })).isError).toBeFalsy();
      expect(seen.at(-1)).toMatchObject({ tool: 'zod', keys: ['s'] }); // zod's object strips unknown keys
      expect((await call(client, 'loose', { s: 'x', extra: 1 })).isError).toBeFalsy();
      expect(seen.at(-1)).toMatchObject({ tool: 'loose', keys: ['s', 'extra'] }); // the schema allows them
      await expectServing(client);
    }
  });

  it('lets no __proto__ / constructor / prototype key pollute anything, on any tool', async () => {
    for (const [, client] of transports()) {
      for (const tool of TOOLS) {
        const before = seen.length;
        const result = await call(client, tool, JSON.parse(PROTO_ARGS_JSON));
        // Refused (strict schemas) or run: either way the handler's args have the plain prototype.
        for (const entry of seen.slice(before)) {
          expect(entry.protoIsObjectPrototype, tool).toBe(true);
          expect(entry.args.polluted, tool).toBeUndefined();
          expect(Object.hasOwn(entry.args, 'polluted'), tool).toBe(false);
        }
        if (result.structuredContent !== undefined)
          expect(Object.getPrototypeOf(result.structuredContent)).toBe(Object.prototype);
        expectNoPollution();
      }
      await expectServing(client);
    }
  });

  /** A session driven with raw JSON text, so hostile keys and depths reach the server's own JSON.parse as written. */
  async function rawSession() {
    const port = Number(new URL(url).port);
    const init = await raw(port, { headers: mcpHeaders(token), body: JSON.stringify(INITIALIZE) });
    const headers = mcpHeaders(token, { 'mcp-session-id': init.headers['mcp-session-id'] as string });
    await raw(port, { headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
    let id = 100;
    return {
      /** Posts a message whose text is built around the next request id; answers the status and messages. */
      async post(make: (id: number) => string) {
        const response = await raw(port, { headers, body: make(++id) });
        return {
          status: response.status,
          messages: response.status === 200 ? messagesIn(response.body) : [],
          id,
        };
      },
    };
  }

  it('lets no __proto__ key pollute anything when it arrives as raw JSON text over HTTP', async () => {
    const session = await rawSession();
    for (const tool of TOOLS) {
      const before = seen.length;
      const answer = await session.post(
        (id) =>
          `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"app.p.${tool}","arguments":${PROTO_ARGS_JSON},"__proto__":{"polluted":"yes"}}}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.messages[0]?.id).toBe(answer.id);
      for (const entry of seen.slice(before)) expect(entry.protoIsObjectPrototype, tool).toBe(true);
      expectNoPollution();
    }
    // A `__proto__` key on the JSON-RPC message itself: the SDK refuses the message (its schema is strict).
    const top = await session.post(
      (id) =>
        `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"app.p.none"},"__proto__":{"polluted":"yes"}}`,
    );
    expect(top.status).toBe(400);
    expectNoPollution();
    await expectServing(http);
  });

  it('handles 1 MiB strings: accepted where allowed, refused with a short message where not', async () => {
    const long = 's'.repeat(MiB);
    for (const [, client] of transports()) {
      const result = await call(client, 'loose', { s: long });
      expect(result.isError, text(result).slice(0, 200)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ length: MiB });
      await expectRefused(client, 'strict', { s: long }, /s: must NOT have more than 100 characters/);
      await expectRefused(client, 'zod', { s: 42, [long]: 1 }, /s:/);
      await expectServing(client);
    }
  });

  it('refuses a 1 MiB unknown key with a message that does not echo it whole', async () => {
    for (const [, client] of transports()) {
      await expectRefused(client, 'strict', { s: 'x', ['k'.repeat(MiB)]: 1 }, /is not allowed/);
      await expectServing(client);
    }
  });

  /** What each tool answers for `{ s: 'x', v: <10,000 levels> }`. */
  function expectDeepAnswer(tool: string, result: CallToolResult): void {
    const answer = text(result);
    expect(answer.length, tool).toBeLessThan(4096);
    // Never blamed on the app's schema: the arguments are what is unusual.
    expect(answer, tool).not.toMatch(/schema of .* is broken/);
    // `none` takes no arguments: a tool without a schema is closed (src/registry/root-rules.ts).
    if (tool === 'strict' || tool === 'zod_strict' || tool === 'none')
      expect(answer, tool).toMatch(/(\bv: is not allowed|does not allow: v\b)/);
    else if (tool === 'tree' || tool === 'zod_tree') {
      // A recursive schema checks recursively: it may manage, or answer that the value is too deep.
      if (result.isError) expect(answer, tool).toMatch(/nested too deeply/);
    } else expect(result.isError, `${tool}: ${answer.slice(0, 200)}`).toBeFalsy();
  }

  it(`survives values nested ${DEPTH.toLocaleString('en')} levels deep (no stack overflow), on every tool`, async () => {
    const deepValues = [nestedArrays(DEPTH), nestedObjects(DEPTH)];
    // In memory the value arrives as an object; over HTTP as JSON text (the SDK client's own
    // JSON.stringify cannot encode it, so the text is built by hand).
    for (const v of deepValues) {
      for (const tool of TOOLS) expectDeepAnswer(tool, await call(app.client, tool, { s: 'x', v }));
    }
    const loose = await call(app.client, 'loose', { v: deepValues[0] });
    expect(loose.structuredContent).toMatchObject({ depth: DEPTH + 1 });
    await expectServing(app.client);

    const session = await rawSession();
    const deepTexts = [
      `${'['.repeat(DEPTH)}"leaf"${']'.repeat(DEPTH)}`,
      `${'{"a":'.repeat(DEPTH)}"leaf"${'}'.repeat(DEPTH)}`,
    ];
    for (const v of deepTexts) {
      for (const tool of TOOLS) {
        const answer = await session.post(
          (id) =>
            `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"app.p.${tool}","arguments":{"s":"x","v":${v}}}}`,
        );
        expect(answer.status, tool).toBe(200);
        const message = answer.messages[0] as { id: number; result: CallToolResult };
        expect(message.id).toBe(answer.id);
        expectDeepAnswer(tool, message.result);
      }
    }
    await expectServing(http);
    expect(logger.lines.filter((l) => /failed inside the server|HTTP request failed/.test(l))).toEqual([]);
  });
});

import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StaticToolInput } from '../../src/registry/registry.js';
import { checkStaticTool } from '../../src/server/static-tools.js';
import { connectClient, counterApp, testServer, texts } from './helpers.js';

describe('server-level tools', () => {
  it('are listed first, cleaned like derived specs, and called with parsed arguments', async () => {
    const server = testServer({
      includeScreen: false,
      tools: [
        {
          name: 'server.echo',
          description: 'Echo\u200b it\u0007',
          inputSchema: z.object({ text: z.string() }),
          annotations: { readOnlyHint: true },
          run: (args) => `echo: ${args.text}`,
        },
      ],
    });
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const [echo] = (await client.listTools()).tools;
    expect(echo).toMatchObject({ name: 'server_echo', description: 'Echo it' });
    expect(echo!.annotations).toEqual({ readOnlyHint: true });
    expect(echo!.inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(texts(await client.callTool({ name: 'server.echo', arguments: { text: 'hi' } }))).toEqual([
      'echo: hi',
    ]);
    expect((await client.callTool({ name: 'server.echo', arguments: {} })).isError).toBe(true);
  });

  it('stop connect with a clear error when one is refused', async () => {
    const server = testServer({
      tools: [
        { name: 'bad name!', run: () => 1 },
        { name: 'app.reset', run: () => 1 },
        { name: 'ok', inputSchema: { type: 'object', default: () => 1 }, run: () => 1 },
      ],
    });
    server.attach(counterApp().session);
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    const failure = server.connect(serverSide);
    await expect(failure).rejects.toThrow(
      /^ink-mcp: the server tool "bad name!" was refused: a tool name is/,
    );
    await expect(failure).rejects.toThrow(
      /"app.reset" was refused: its first segment "app" is the id of an attached session/,
    );
    await expect(failure).rejects.toThrow(/"ok" was refused: .*JSON cannot encode/);
    expect(server.hub.registry.list().filter((t) => !t.derived)).toEqual([]);
  });

  it('stop listen too, and a tool added after boot is checked at once', async () => {
    const server = testServer({ tools: [{ name: 'x', inputSchema: { type: 'array' }, run: () => 1 }] });
    await expect(server.listen()).rejects.toThrow(
      /"x" was refused: its inputSchema does not have type "object"/,
    );

    const booted = testServer();
    await connectClient(booted);
    expect(() => booted.addTool({ name: 'a..b', run: () => 1 })).toThrow(/"a..b" was refused/);
    booted.addTool({ name: 'fine', run: () => 'ok' });
    expect(() => booted.addTool({ name: 'fine', run: () => 'again' })).toThrow(
      /another server tool has that name/,
    );
  });

  it('keep a session whose id is a static namespace from attaching', async () => {
    const server = testServer({ tools: [{ name: 'app.status', run: () => 'up' }] });
    await connectClient(server);
    const app = counterApp();
    server.attach(app.session);
    expect(server.hub.session('app')).toBeUndefined();
  });

  it("accept the registry's StaticToolInput as it is", async () => {
    const input: StaticToolInput = {
      name: 'status',
      description: null,
      inputSchema: { type: 'object', properties: { verbose: { type: 'boolean' } } },
      annotations: {},
      zod: z.object({ verbose: z.boolean().default(false) }),
      run: (args) => `verbose: ${args.verbose}`,
    };
    const server = testServer({ tools: [input] });
    const client = await connectClient(server);
    expect(texts(await client.callTool({ name: 'status', arguments: {} }))).toEqual(['verbose: false']);
  });

  it('checks names by segment', () => {
    const ok = checkStaticTool({ name: 'a-b.c_d', run: () => 1 }, new Set());
    expect(ok.ok).toBe(true);
    const long = checkStaticTool({ name: `${'x'.repeat(33)}`, run: () => 1 }, new Set());
    expect(long.ok).toBe(false);
  });
});

import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { Session } from '../../src/session/session.js';
import { initializeRequest } from '../helpers/initialize.js';
import { collect, connectClient, counterApp, sleep, testServer, texts } from './helpers.js';

describe('tools/list', () => {
  it('lists every attached session tool with its raw JSON Schema unchanged', async () => {
    const server = testServer();
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'app_c_inc',
      'app_c_read',
      'app_c_nothing',
      'app_c_pair',
      'app_c_fail',
      'app_c_wipe',
      'app_c_grow',
    ]);
    const inc = tools[0]!;
    expect(inc.description).toBe('Add to the counter');
    expect(inc.inputSchema).toEqual({
      type: 'object',
      properties: { by: { type: 'integer', minimum: 1, 'x-custom': ['kept'] } },
      additionalProperties: false,
    });
    expect(tools.find((t) => t.name === 'app_c_wipe')?.annotations).toEqual({ destructiveHint: true });
  });

  it('leaves out (and logs once) a tool whose schema clients would reject, keeping the rest listable', async () => {
    const source = new DataSource([
      {
        type: 'w',
        id: 'x',
        attrs: {},
        children: [],
        provider: {
          mcpTools: () => [
            { name: 'bad', inputSchema: { type: 'string' }, run: () => 1 },
            { name: 'good', run: () => 2 },
          ],
        },
      },
    ]);
    const server = testServer();
    server.attach(new Session({ id: 's', source }));
    const client = await connectClient(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['s_x_good']);
  });
});

describe('tools/call', () => {
  it('answers a value as text, structuredContent when the tool declares an outputSchema, then the screen (ANSI stripped) and the tools added', async () => {
    const server = testServer();
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server);
    const result = await client.callTool({ name: 'app.c.inc', arguments: { by: 2 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ count: 2 });
    expect(texts(result)).toEqual([JSON.stringify({ count: 2 }), 'Screen after the call:\nc=2']);
    const grown = await client.callTool({ name: 'app.c.grow', arguments: {} });
    expect(texts(grown)).toEqual([
      'grown',
      'Screen after the call:\nc=2 w1=0',
      expect.stringMatching(/^Tools added by this call: app_w1_inc, app_w1_read, .*app_w1_grow\.$/),
    ]);
  });

  it('answers strings as they are, undefined as "done", arrays as JSON without structuredContent', async () => {
    const server = testServer({ includeScreen: false });
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const read = await client.callTool({ name: 'app.c.read' });
    expect(texts(read)).toEqual(['count is 0']);
    expect(texts(await client.callTool({ name: 'app.c.nothing' }))).toEqual(['done']);
    const pair = await client.callTool({ name: 'app.c.pair' });
    expect(texts(pair)).toEqual(['[1,2]']);
    expect(pair.structuredContent).toBeUndefined();
  });

  it('answers an unknown tool with isError and the closest names', async () => {
    const server = testServer();
    server.attach(counterApp().session);
    const client = await connectClient(server);
    const result = await client.callTool({ name: 'app.c.icn', arguments: {} });
    expect(result.isError).toBe(true);
    const [message] = texts(result);
    expect(message).toMatch(/^ink-mcp: there is no tool named "app\.c\.icn"/);
    expect(message).toMatch(/The closest names: "app_c_inc", /);
    expect(message!.match(/"app[._]c[._]\w+"/g)!.length).toBeLessThanOrEqual(6); // the name itself + at most 5
  });

  it('answers invalid arguments, a throwing handler and a denied call with isError (and the screen)', async () => {
    const server = testServer();
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server);
    const invalid = await client.callTool({ name: 'app.c.inc', arguments: { by: 'two' } });
    expect(invalid.isError).toBe(true);
    expect(texts(invalid)[0]).toMatch(/invalid arguments for "app_c_inc": by: /);
    const failed = await client.callTool({ name: 'app.c.fail' });
    expect(texts(failed)).toEqual([
      expect.stringMatching(/"app_c_fail" failed: kaput/),
      'Screen after the call:\nc=0',
    ]);
    const denied = await client.callTool({ name: 'app.c.wipe' });
    expect(denied.isError).toBe(true);
    expect(texts(denied)[0]).toMatch(/was denied: .*no authorizer configured/);
    expect(app.wiped).toBe(0);
  });

  it('denies an "ask" call when the client cannot be asked', async () => {
    const server = testServer({ authorize: () => 'ask' });
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server);
    const result = await client.callTool({ name: 'app.c.wipe' });
    expect(texts(result)[0]).toMatch(/no one could be asked/);
    expect(app.wiped).toBe(0);
  });
});

describe('notifications/tools/list_changed', () => {
  it('is sent once per burst of tree changes', async () => {
    const server = testServer();
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server);
    const changed = collect(client, 'notifications/tools/list_changed');
    await client.listTools();
    for (let i = 1; i <= 5; i++) {
      app.widgets.push(`n${i}`);
      app.render();
      await app.source.settled();
    }
    await vi.waitFor(() => expect(changed).toHaveLength(1));
    await sleep(40);
    expect(changed).toHaveLength(1);
    expect((await client.listTools()).tools).toHaveLength(7 * 6);
  });

  it('is sent only after the client said initialized', async () => {
    const server = testServer();
    const app = counterApp();
    server.attach(app.session);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const received: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => {
      received.push(message);
    };
    await clientSide.start();
    await server.connect(serverSide);
    await clientSide.send(initializeRequest());
    await vi.waitFor(() => expect(received).toHaveLength(1));
    app.widgets.push('early');
    app.render();
    await sleep(50);
    expect(received.map((m) => ('method' in m ? m.method : 'response'))).toEqual(['response']);

    await clientSide.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    app.widgets.push('late');
    app.render();
    await vi.waitFor(() =>
      expect(received.map((m) => ('method' in m ? m.method : 'response'))).toEqual([
        'response',
        'notifications/tools/list_changed',
      ]),
    );
    await clientSide.close();
  });
});

describe('resources', () => {
  it('lists a screen and a tree per attached session, and announces sessions coming and going', async () => {
    const server = testServer();
    const first = counterApp('one');
    server.attach(first.session);
    const client = await connectClient(server);
    const listChanged = collect(client, 'notifications/resources/list_changed');
    expect((await client.listResources()).resources.map((r) => [r.uri, r.mimeType])).toEqual([
      ['ink://one/screen', 'text/plain'],
      ['ink://one/tree', 'application/json'],
    ]);
    const second = counterApp('two');
    const detach = server.attach(second.session);
    await vi.waitFor(() => expect(listChanged).toHaveLength(1));
    expect((await client.listResources()).resources).toHaveLength(4);
    detach();
    await vi.waitFor(() => expect(listChanged).toHaveLength(2));
    first.session.stop();
    await vi.waitFor(() => expect(listChanged).toHaveLength(3));
    expect((await client.listResources()).resources).toEqual([]);
  });

  it('reads the screen as plain text and the tree as JSON with tool names and redacted secrets', async () => {
    const server = testServer();
    const app = counterApp();
    app.source.set([
      {
        type: 'form',
        attrs: { apiToken: 'abc', label: 'Login', when: new Date(0), big: 10n, onSubmit: () => {} },
        children: [
          { type: 'PasswordInput', id: 'pw', attrs: { value: 'hunter2', placeholder: 'pw' }, children: [] },
          ...app.source.current()[0]!.children,
        ],
      },
    ]);
    server.attach(app.session);
    const client = await connectClient(server);
    const screen = await client.readResource({ uri: 'ink://app/screen' });
    expect(screen.contents).toEqual([{ uri: 'ink://app/screen', mimeType: 'text/plain', text: 'c=0' }]);
    const tree = await client.readResource({ uri: 'ink://app/tree' });
    const [form] = JSON.parse((tree.contents[0] as { text: string }).text);
    expect(form).toEqual({
      type: 'form',
      attrs: { apiToken: '[redacted]', label: 'Login', when: '1970-01-01T00:00:00.000Z', big: '10' },
      tools: [],
      children: [
        {
          type: 'PasswordInput',
          id: 'pw',
          attrs: { value: '[redacted]', placeholder: 'pw' },
          tools: [],
          children: [],
        },
        expect.objectContaining({
          type: 'counter',
          id: 'c',
          tools: expect.arrayContaining(['app_c_inc', 'app_c_grow']),
        }),
      ],
    });
    await expect(client.readResource({ uri: 'ink://nobody/screen' })).rejects.toThrow(
      /no attached session has/,
    );
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(
      /not a resource of this server/,
    );
  });

  it('sends resources/updated to subscribers only, coalesced', async () => {
    const server = testServer();
    const app = counterApp();
    server.attach(app.session);
    const client = await connectClient(server);
    const other = await connectClient(server);
    const updated = collect(client, 'notifications/resources/updated');
    const otherUpdated = collect(other, 'notifications/resources/updated');
    await client.subscribeResource({ uri: 'ink://app/screen' });
    app.render(); // two commits in one burst
    app.render();
    await vi.waitFor(() => expect(updated).toHaveLength(1));
    await sleep(40);
    expect(updated).toEqual([expect.objectContaining({ params: { uri: 'ink://app/screen' } })]);
    expect(otherUpdated).toEqual([]);
    await client.unsubscribeResource({ uri: 'ink://app/screen' });
    await client.callTool({ name: 'app.c.inc', arguments: {} });
    await sleep(40);
    expect(updated).toHaveLength(1);
  });
});

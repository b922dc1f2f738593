import { describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { closestNames, editDistance } from '../../src/server/suggest.js';
import { PORTABLE_MAX_LENGTH, shortHash, ToolNames } from '../../src/server/tool-names.js';
import { Session } from '../../src/session/session.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';
import { connectClient, counterApp, testServer, texts } from './helpers.js';

const PORTABLE = /^[a-zA-Z0-9_-]{1,64}$/;

describe('ToolNames (portable)', () => {
  it('joins segments with _ and keeps names that fit as they are', () => {
    const names = new ToolNames('portable');
    expect(names.listed('app.c.inc')).toBe('app_c_inc');
    expect(names.resolve('app_c_inc', ['app.c.inc'])).toBe('app.c.inc');
    expect(names.resolve('app.c.inc', ['app.c.inc'])).toBe('app.c.inc');
  });

  it('cuts a long name to 64 characters with a hash of the canonical name', () => {
    const canonical = `${'s'.repeat(32)}.${'w'.repeat(32)}.${'a'.repeat(32)}`;
    const listed = new ToolNames('portable').listed(canonical);
    expect(listed).toHaveLength(PORTABLE_MAX_LENGTH);
    expect(listed).toMatch(PORTABLE);
    expect(listed.endsWith(`_${shortHash(canonical, 8)}`)).toBe(true);
    // The same canonical name gets the same listed name on any connection.
    expect(new ToolNames('portable').listed(canonical)).toBe(listed);
  });

  it('never lists two tools under one name: a.b_c and a_b.c collide once dots become _', () => {
    const names = new ToolNames('portable');
    names.refresh(['a.b_c', 'a_b.c']);
    const first = names.listed('a.b_c');
    const second = names.listed('a_b.c');
    expect(first).toBe('a_b_c');
    expect(second).toBe(`a_b_c_${shortHash('a_b.c', 8)}`);
    expect(names.resolve(first, ['a.b_c', 'a_b.c'])).toBe('a.b_c');
    expect(names.resolve(second, ['a.b_c', 'a_b.c'])).toBe('a_b.c');
    // Stable across listings, whatever order the tools come in later.
    names.refresh(['a_b.c', 'a.b_c']);
    expect([names.listed('a.b_c'), names.listed('a_b.c')]).toEqual([first, second]);
  });

  it('keeps names unique when truncated names share a prefix', () => {
    const names = new ToolNames('portable');
    const long = Array.from({ length: 20 }, (_, i) => `${'x'.repeat(30)}.${'y'.repeat(30)}.z${i}`);
    names.refresh(long);
    const listed = long.map((n) => names.listed(n));
    expect(new Set(listed).size).toBe(long.length);
    for (const name of listed) expect(name).toMatch(PORTABLE);
  });
});

describe('ToolNames (dotted)', () => {
  it('lists canonical names and resolves the underscored form unless it is ambiguous', () => {
    const names = new ToolNames('dotted');
    expect(names.listed('app.c.inc')).toBe('app.c.inc');
    expect(names.resolve('app_c_inc', ['app.c.inc'])).toBe('app.c.inc');
    expect(names.resolve('a_b_c', ['a.b_c', 'a_b.c'])).toBeUndefined();
  });
});

describe('closestNames', () => {
  it('ranks shared segments, then edit distance, and suggests at most 5', () => {
    const all = [
      'app.c.inc',
      'app.c.read',
      'app.c.fail',
      'app.d.inc',
      'app.c.grow',
      'app.c.wipe',
      'other.x.y',
    ];
    const suggested = closestNames('app.c.icn', all);
    expect(suggested).toHaveLength(5);
    expect(suggested[0]).toBe('app.c.inc');
    expect(suggested).not.toContain('other.x.y');
    expect(closestNames('app.d.icn', all)[0]).toBe('app.d.inc');
    expect(closestNames('nothing-like-it', all)).toEqual([]);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('name styles over MCP', () => {
  it('lists the same portable names to every client, whatever its name, and resolves all three call forms', async () => {
    const server = testServer({ includeScreen: false });
    server.attach(counterApp().session);
    const listings: string[][] = [];
    // Mastra sends its config key for the server as the name; mcp-remote appends itself to its caller's.
    for (const name of ['claude-ai', 'ink', 'mcp-use', 'mcporter', 'claude-ai (via mcp-remote 0.1.29)']) {
      const client = await connectClient(server, { name });
      const { tools } = await client.listTools();
      for (const tool of tools) expect(tool.name).toMatch(PORTABLE);
      listings.push(tools.map((t) => t.name));
      for (const called of ['app_c_read', 'app.c.read']) {
        expect(texts(await client.callTool({ name: called }))).toEqual(['count is 0']);
      }
    }
    expect(listings[0]).toContain('app_c_read');
    for (const listing of listings) expect(listing).toEqual(listings[0]);
    // An unknown name gets suggestions in the listed style.
    const client = await connectClient(server);
    expect(texts(await client.callTool({ name: 'app_c_raed' }))[0]).toMatch(
      /The closest names: "app_c_read"/,
    );
  });

  it("lists canonical names with nameStyle 'dotted', and still accepts the underscored form", async () => {
    const server = testServer({ nameStyle: 'dotted', includeScreen: false });
    server.attach(counterApp().session);
    const client = await connectClient(server, { name: 'claude-ai' });
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('app.c.read');
    expect(texts(await client.callTool({ name: 'app_c_read' }))).toEqual(['count is 0']);
  });

  it("treats 'auto' (0.1's per-client choice) as 'portable'", async () => {
    const server = testServer({ nameStyle: 'auto', includeScreen: false });
    server.attach(counterApp().session);
    const client = await connectClient(server);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('app_c_read');
  });

  it('honours an explicit nameStyle, and words errors with the listed name', async () => {
    const server = testServer({ nameStyle: 'portable', includeScreen: false });
    server.attach(counterApp().session);
    const client = await connectClient(server);
    await client.listTools();
    expect(texts(await client.callTool({ name: 'app_c_fail' }))[0]).toMatch(
      /^ink-mcp: "app_c_fail" failed: kaput/,
    );
  });

  it('gives colliding tools distinct portable names that call the right tool', async () => {
    const tool = (label: string): ToolProvider => ({ mcpTools: () => [{ name: 'c', run: () => label }] });
    const widget = (id: string, provider: ToolProvider): ViewNode => ({
      type: 'w',
      id,
      attrs: {},
      children: [],
      provider,
    });
    const server = testServer({ nameStyle: 'portable', includeScreen: false });
    // a.b_c and a_b.c: two sessions whose names collide once dots become _.
    server.attach(new Session({ id: 'a', source: new DataSource([widget('b_x', tool('a.b_x.c'))]) }));
    server.attach(new Session({ id: 'a_b', source: new DataSource([widget('x', tool('a_b.x.c'))]) }));
    const client = await connectClient(server);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(['a_b_x_c', `a_b_x_c_${shortHash('a_b.x.c', 8)}`]);
    expect(texts(await client.callTool({ name: names[0]! }))).toEqual(['a.b_x.c']);
    expect(texts(await client.callTool({ name: names[1]! }))).toEqual(['a_b.x.c']);
    expect(texts(await client.callTool({ name: 'a_b.x.c' }))).toEqual(['a_b.x.c']);
  });
});

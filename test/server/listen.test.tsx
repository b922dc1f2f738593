import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { render } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/server/index.js';
import { createMemoryTerminal } from '../../src/testing/index.js';
import { stableNames } from '../helpers/widgets-surface.js';
import { ListenApp } from './fixtures/listen-app.js';

/**
 * MCP 2026-07-28 change streams (issue #29, item 3): an SDK 2.x client pinned to 2026-07-28 opens a
 * `subscriptions/listen` stream and hears (i) `notifications/resources/updated` for the session's
 * tree resource when the app's tree changes, and (ii) `notifications/tools/list_changed` when the
 * listed tools really change: on the widgets surface when a widget comes, on the stable surface only
 * when a session comes or goes. Over stdio (the fixture in its own process) and Streamable HTTP.
 * Notifications are waited for as conditions, with generous bounds; nothing sleeps.
 */

type Surface = 'stable' | 'widgets';

const fixture = fileURLToPath(new URL('./fixtures/listen-stdio.tsx', import.meta.url));
const todo = fileURLToPath(new URL('../../examples/todo/index.tsx', import.meta.url));
const TREE = 'ink://app/tree';
const BOUND_MS = 20_000;
const UPDATED = 'notifications/resources/updated';
const LIST_CHANGED = 'notifications/tools/list_changed';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

/** What the client heard on its streams, with a way to wait until something is among it. */
class Heard {
  readonly notes: { method: string; uri?: string }[] = [];
  readonly #waiters = new Set<() => void>();

  add(method: string, uri?: string): void {
    this.notes.push(uri === undefined ? { method } : { method, uri });
    for (const wake of this.#waiters) wake();
  }

  count(method: string, uri?: string): number {
    return this.notes.filter((n) => n.method === method && (uri === undefined || n.uri === uri)).length;
  }

  /** Resolves once `count(method, uri)` reaches `atLeast`; rejects after a generous bound. */
  until(atLeast: number, method: string, uri?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.count(method, uri) < atLeast) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(
          new Error(
            `no ${atLeast}× ${method}${uri ? ` (${uri})` : ''} within ${BOUND_MS} ms; heard ${JSON.stringify(this.notes)}`,
          ),
        );
      }, BOUND_MS);
      this.#waiters.add(check);
      check();
    });
  }
}

function modernClient(): { client: Client; heard: Heard } {
  const heard = new Heard();
  const client = new Client(
    { name: 'listen-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setNotificationHandler('notifications/tools/list_changed', () => heard.add(LIST_CHANGED));
  client.setNotificationHandler('notifications/resources/updated', (n) => heard.add(UPDATED, n.params.uri));
  return { client, heard };
}

async function overStdio(surface: Surface) {
  const { client, heard } = modernClient();
  closers.push(() => client.close());
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', fixture, surface],
      stderr: 'pipe',
    }),
  );
  return { client, heard };
}

async function overHttp(surface: Surface) {
  const server = createMcpServer({ surface, logger: { warn: () => {} } });
  const terminal = createMemoryTerminal(80, 10);
  const ink = render(<ListenApp server={server} />, {
    stdout: terminal.stdout as unknown as NodeJS.WriteStream,
    stderr: terminal.stderr as unknown as NodeJS.WriteStream,
    stdin: terminal.stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  closers.push(async () => {
    await server.close();
    ink.unmount();
  });
  const { url, token } = await server.listen({ port: 0 });
  const { client, heard } = modernClient();
  closers.push(() => client.close());
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return { client, heard };
}

/** Runs a widget action through the surface's own tools: `app_act` (stable) or its own tool (widgets). */
async function act(client: Client, surface: Surface, widget: string, action: string): Promise<void> {
  const result = (await client.callTool(
    surface === 'stable'
      ? { name: 'app_act', arguments: { widget, action, args: '{}' } }
      : { name: `app_${widget}_${action}`, arguments: {} },
  )) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
}

/**
 * The listed names: as the server has them now (`'bypass'`), or as the SDK client serves them
 * (`'use'`: from its cache while the list's `ttlMs` says fresh, until a `list_changed` evicts it).
 */
async function names(client: Client, cacheMode: 'bypass' | 'use' = 'bypass'): Promise<string[]> {
  return (await client.listTools(undefined, { cacheMode })).tools.map((t) => t.name).sort();
}

function treeText(contents: readonly object[]): string {
  const [first] = contents as { text?: string }[];
  return first?.text ?? '';
}

const transports = { stdio: overStdio, http: overHttp } as const;

for (const [via, open] of Object.entries(transports)) {
  describe(`subscriptions/listen over ${via}`, () => {
    it('the tree resource: an update follows each change of the tree, and only subscribed URIs are sent', async () => {
      const { client, heard } = await open('stable');
      expect(client.getProtocolEra()).toBe('modern');
      const subscription = await client.listen({ resourceSubscriptions: [TREE] });
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual([TREE]);
      for (const count of [1, 2]) {
        const before = heard.count(UPDATED, TREE);
        await act(client, 'stable', 'counter', 'add');
        await heard.until(before + 1, UPDATED, TREE);
        expect(treeText((await client.readResource({ uri: TREE })).contents)).toMatch(
          new RegExp(`"count": ${count}\\b`),
        );
      }
      // The screen changed too, but this stream did not ask for it.
      expect(heard.notes.filter((n) => n.method === UPDATED && n.uri !== TREE)).toEqual([]);
    }, 60_000);

    it('widgets surface: list_changed follows a call that brings or takes a widget, not one that changes only the tree', async () => {
      const { client, heard } = await open('widgets');
      await client.listen({ toolsListChanged: true, resourceSubscriptions: [TREE] });
      expect(await names(client)).not.toContain('app_details_read');
      // Only the tree changes: an update, and (checked at the end) no list_changed.
      await act(client, 'widgets', 'counter', 'add');
      await heard.until(1, UPDATED, TREE);
      await act(client, 'widgets', 'panel', 'open');
      await heard.until(1, LIST_CHANGED);
      expect(await names(client)).toEqual(expect.arrayContaining(['app_details_read', 'app_panel_close']));
      await act(client, 'widgets', 'panel', 'close');
      await heard.until(2, LIST_CHANGED);
      expect(await names(client)).not.toContain('app_details_read');
      expect(heard.count(LIST_CHANGED)).toBe(2);
    }, 60_000);

    it('stable surface: list_changed when a session comes and when it goes, not when a widget comes', async () => {
      const { client, heard } = await open('stable');
      await client.listen({ toolsListChanged: true, resourceSubscriptions: [TREE] });
      // Listed through the client's cache: the stable list stays fresh for minutes (cache-hints.ts).
      const before = await names(client, 'use');
      expect(before).toContain('app_act');
      expect(before).not.toContain('second_act');
      // A widget comes (the details panel): the tree changes, the stable list does not.
      await act(client, 'stable', 'panel', 'open');
      await heard.until(1, UPDATED, TREE);
      expect(await names(client)).toEqual(before);
      // A session comes: the list changes, and says so.
      await act(client, 'stable', 'sessions', 'open_second');
      await heard.until(1, LIST_CHANGED);
      // The notification evicted the cached list: the client's own view is the new one.
      expect(await names(client, 'use')).toEqual([...before, ...stableNames('second')].sort());
      // The session goes: the list is as it was.
      await act(client, 'stable', 'sessions', 'close_second');
      await heard.until(2, LIST_CHANGED);
      expect(await names(client, 'use')).toEqual(before);
      // The panel's widget brought no list_changed of its own: the two heard are the session's.
      expect(heard.count(LIST_CHANGED)).toBe(2);
    }, 60_000);
  });
}

describe('subscriptions/listen through startMcp (the todo example over stdio)', () => {
  it('a stream opened while the app still loads is acknowledged, and hears the tree change', async () => {
    const { client, heard } = modernClient();
    closers.push(() => client.close());
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', todo, '--stdio'],
        stderr: 'pipe',
      }),
    );
    // At once, as an SDK client with `listChanged` does: the relay answers server/discover before the
    // app has loaded, and must hand this request to the app's server rather than refuse it.
    const subscription = await client.listen({
      toolsListChanged: true,
      resourceSubscriptions: ['ink://todo/tree'],
    });
    expect(subscription.honoredFilter).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['ink://todo/tree'],
    });
    const added = (await client.callTool({
      name: 'todo_act',
      arguments: { widget: 'todos', action: 'add_item', args: JSON.stringify({ text: 'heard' }) },
    })) as CallToolResult;
    expect(added.isError).toBeFalsy();
    await heard.until(1, UPDATED, 'ink://todo/tree');
    expect(treeText((await client.readResource({ uri: 'ink://todo/tree' })).contents)).toContain('heard');
  }, 60_000);
});

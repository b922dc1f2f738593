/**
 * The stable surface (the default): a tool list no call changes, one `act` tool for every widget
 * action, answers in one block that end with the actions available now; and, on the widgets surface,
 * list_changed before the answer of the call that caused it.
 */

import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/index.js';
import { stableNames } from '../helpers/widgets-surface.js';
import { collect, connectClient, counterApp, sleep, testServer } from './helpers.js';

const apps: { unmount(): Promise<void> }[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.unmount();
});

async function todo(options: Parameters<typeof renderHeadless>[1] = {}): Promise<HeadlessApp> {
  const a = await renderHeadless(<App initial={[{ text: 'Buy milk', done: false }]} />, {
    session: 'todo',
    ...options,
  });
  apps.push(a);
  return a;
}

type Result = CallToolResult & { content: { type: string; text: string }[] };
const call = (a: { client: Client }, name: string, args: Record<string, unknown> = {}) =>
  a.client.callTool({ name, arguments: args }) as Promise<Result>;
const act = (a: { client: Client }, widget: string, action: string, args: unknown = {}) =>
  call(a, 'todo_act', { widget, action, args: JSON.stringify(args) });
const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

const STABLE = stableNames('todo');

describe('the stable surface (default)', () => {
  it('lists the built-ins and act, and the same list after calls that open and close widgets, with no list_changed', async () => {
    const a = await todo({ authorize: () => 'allow' });
    let notices = 0;
    a.client.setNotificationHandler('notifications/tools/list_changed', () => {
      notices++;
    });
    expect(await names(a.client)).toEqual(STABLE);
    expect((await act(a, 'todos', 'add_item', { text: 'Call mum' })).isError).toBeFalsy();
    // Tab, Tab, e: the edit box of the selected item opens (a widget that was not there).
    await call(a, 'todo_keyboard_press', { keys: ['tab', 'tab', 'e'] });
    const typed = await act(a, 'edit_item', 'type_into', { text: 'Buy oat milk' });
    expect(typed.isError).toBeFalsy();
    expect(typed.content[0]!.text).toContain('Edit #0: Buy oat milk');
    await call(a, 'todo_keyboard_press', { keys: ['escape'] });
    await a.waitForSync();
    expect(await names(a.client)).toEqual(STABLE);
    expect(notices).toBe(0);
  });

  it('answers in one text block: the value, the screen, the focus, and the actions available now', async () => {
    const a = await todo();
    const added = await act(a, 'todos', 'add_item', { text: 'Call mum' });
    expect(added.content).toHaveLength(1);
    const text = added.content[0]!.text;
    expect(text).toMatch(/^\{"index":1,/);
    expect(text).toContain('Screen after the call:\n');
    expect(text).toContain('[ ] Call mum #1');
    expect(text).toMatch(/\n\nFocus: /);
    expect(text).toMatch(/\n\nActions now \(do one with todo_act\):\n/);
    expect(text).toContain('\ntodos.add_item {text}: Add a todo item at the end of the list.');
    expect(text).toContain('\ntodos.delete_item {index: integer} (needs approval): ');
    expect(text).not.toContain('edit_item.');
    // The actions are the last part, and the built-ins (listed tools) are not among them.
    expect(text.slice(text.indexOf('Actions now'))).not.toMatch(/keyboard\.|screen\.|focus\./);
    await call(a, 'todo_keyboard_press', { keys: ['tab', 'tab', 'e'] });
    const read = await call(a, 'todo_screen_read', {});
    expect(read.content).toHaveLength(1);
    expect(read.content[0]!.text).toContain('\nedit_item: type_into {text}');
  });

  it('answerBlocks "many" keeps a block per part', async () => {
    const a = await todo({ answerBlocks: 'many' });
    const added = await act(a, 'todos', 'add_item', { text: 'Call mum' });
    const texts = added.content.map((c) => (c as { text: string }).text);
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(texts[1]).toMatch(/^Screen after the call:/);
    expect(texts.at(-1)).toMatch(/^Actions now/);
  });

  it("act goes by the action's own rules: its schema, the authorizer, live resolution", async () => {
    const a = await todo({ authorize: () => 'deny' });
    const bad = await act(a, 'todos', 'add_item', { text: '' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/^ink-mcp: invalid arguments for "todos\.add_item": text: /);
    const denied = await act(a, 'todos', 'delete_item', { index: 0 });
    expect(denied.isError).toBe(true);
    expect(denied.content[0]!.text).toMatch(/^ink-mcp: "todos\.delete_item" was denied/);
    const absent = await act(a, 'edit_item', 'type_into', { text: 'x' });
    expect(absent.content[0]!.text).toMatch(
      /^ink-mcp: "edit_item\.type_into" cannot run now: the widget "edit_item" is not on the screen: this session has not shown a widget with that id\. Pick one of the actions available now \(listed at the end of this answer\)/,
    );
    // Shown, then closed: that one is gone.
    await call(a, 'todo_keyboard_press', { keys: ['tab', 'tab', 'e'] });
    await call(a, 'todo_keyboard_press', { keys: ['escape'] });
    const gone = await act(a, 'edit_item', 'type_into', { text: 'x' });
    expect(gone.content[0]!.text).toMatch(
      /^ink-mcp: "edit_item\.type_into" cannot run now: the widget "edit_item" is not on the screen any more\./,
    );
    const disabled = await act(a, 'todos', 'fly', {});
    expect(disabled.content[0]!.text).toContain(
      'the widget "todos" does not offer "fly" in its current state',
    );
    expect(disabled.content[0]!.text).toContain('\ntodos.toggle {index: integer}');
  });

  it('act refuses a malformed request, saying which part is wrong, and runs nothing', async () => {
    const a = await todo();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ widget: 'todos', action: 'add_item', args: '{text:' }, /args: is not JSON \(/],
      [{ widget: 'todos', action: 'add_item', args: '[1]' }, /args: expected a JSON object/],
      [{ widget: '', action: 'add_item', args: '{}' }, /widget: expected the id of a widget/],
      [{ widget: 'todos', args: '{}' }, /action: expected the name of one of its actions/],
      [{ widget: 'todos', action: 'list', args: '{}', extra: 1 }, /extra: unknown key/],
    ];
    for (const [args, message] of cases) {
      const r = await call(a, 'todo_act', args);
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toMatch(/^ink-mcp: invalid arguments for "todo_act": /);
      expect(r.content[0]!.text).toMatch(message);
    }
    // An object for args is taken as well, and no args means none.
    expect(
      (await call(a, 'todo_act', { widget: 'todos', action: 'add_item', args: { text: 'Tea' } })).isError,
    ).toBeFalsy();
    const list = await call(a, 'todo_act', { widget: 'todos', action: 'list' });
    expect(list.content[0]!.text).toContain('"text":"Tea"');
    expect(a.lastFrame()).not.toContain('text:');
  });

  it('a widget tool is still callable by its own name', async () => {
    const a = await todo();
    const r = await call(a, 'todo_todos_add_item', { text: 'Tea' });
    expect(r.isError).toBeFalsy();
    expect(a.lastFrame()).toContain('Tea #1');
  });
});

describe('the widgets surface', () => {
  it('lists a tool per widget action, and the focus tools in the first list', async () => {
    const a = await todo({ surface: 'widgets' });
    const listed = await names(a.client);
    expect(listed).toContain('todo_todos_add_item');
    expect(listed).toContain('todo_new_item_type_into');
    expect(listed).not.toContain('todo_act');
    for (const n of ['list', 'set', 'next', 'previous']) expect(listed).toContain(`todo_focus_${n}`);
  });

  it('sends list_changed before the answer of the call that changed the list (in memory)', async () => {
    const a = await todo({ surface: 'widgets' });
    await names(a.client);
    const events: string[] = [];
    a.client.setNotificationHandler('notifications/tools/list_changed', () => {
      events.push('list_changed');
    });
    await call(a, 'todo_keyboard_press', { keys: ['tab', 'tab', 'e'] }).then((r) => {
      events.push('answer');
      expect(r.content.map((c) => (c as { text: string }).text).join('\n')).toContain(
        'Tools added by this call: todo_edit_item_',
      );
    });
    expect(events).toEqual(['list_changed', 'answer']);
    // The new tool is in the list the client gets when it re-lists on the notification.
    expect(await names(a.client)).toContain('todo_edit_item_type_into');
  });

  it("sends list_changed before the answer over Streamable HTTP (on the call's own stream)", async () => {
    const a = await todo({ surface: 'widgets' });
    const { url, token } = await a.server.listen();
    const client = new Client({ name: 't', version: '1' });
    apps.push({ unmount: () => client.close() });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    await names(client);
    const events: string[] = [];
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      events.push('list_changed');
    });
    await call({ client }, 'todo_keyboard_press', { keys: ['tab', 'tab', 'e'] });
    events.push('answer');
    expect(events).toEqual(['list_changed', 'answer']);
  });
});

describe('the stable list moves with the declared set only', () => {
  it('list_changed when a session comes or goes, none when a call adds a widget', async () => {
    const server = testServer({ surface: 'stable', answerBlocks: 'one' });
    const one = counterApp('one');
    server.attach(one.session);
    const client = await connectClient(server);
    const notices = collect(client, 'notifications/tools/list_changed');
    // A session over plain data has no built-ins: its act is all it lists.
    expect(await names(client)).toEqual(['one_act']);
    const grown = await call({ client }, 'one_act', { widget: 'c', action: 'grow', args: '{}' });
    expect(grown.content[0]!.text).toContain('\nw1.inc {by?: integer}: Add to the counter');
    // Wait past the coalescing of a change (5 ms, at most 20): no notice for a widget.
    await until(() => one.widgets.length === 2);
    await sleep(60);
    expect(notices).toHaveLength(0);
    const detachTwo = server.attach(counterApp('two').session);
    await until(() => notices.length === 1);
    expect(await names(client)).toEqual(['one_act', 'two_act']);
    detachTwo();
    await until(() => notices.length === 2);
    expect(await names(client)).toEqual(['one_act']);
  });
});

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !ok(); i++) await sleep(10);
  expect(ok()).toBe(true);
}

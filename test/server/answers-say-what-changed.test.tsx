/**
 * Answers say what changed since the client's last answer (issue #38 item 1): per connection, the
 * actions as a change or one line, the whole list on a connection's first answer, on screen.read and
 * after a call to an action that is not there; a screen as before is one line, a focus as before is
 * left out. A stateless 2026-07-28 HTTP request has no connection to remember by: its answers are whole.
 */

import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/index.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

async function todo(): Promise<HeadlessApp> {
  const a = await renderHeadless(<App initial={[{ text: 'Buy milk', done: false }]} />, { session: 'todo' });
  closers.push(() => a.unmount());
  return a;
}

const textOf = (r: unknown) =>
  (r as CallToolResult).content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  textOf(await client.callTool({ name, arguments: args }));
const act = (client: Client, widget: string, action: string, args: unknown = {}) =>
  call(client, 'todo_act', { widget, action, args: JSON.stringify(args) });

/** The actions part of an answer (it is the last). */
const actionsPart = (text: string) => text.slice(text.indexOf('Actions now'));
const WHOLE = /^Actions now \(do one with todo_act\):\n/;
const AS_BEFORE = 'Actions now: as before (12; todo_screen_read lists all).';

describe('answers say what changed, per connection', () => {
  it('gives the whole list first, then one line while nothing changed; a screen and focus as before are not repeated', async () => {
    const a = await todo();
    const first = await act(a.client, 'todos', 'list');
    expect(first).toContain('Screen after the call:\n');
    expect(first).toMatch(/\n\nFocus: /);
    expect(actionsPart(first)).toMatch(WHOLE);
    expect(actionsPart(first).split('\n')).toHaveLength(13);

    const again = await act(a.client, 'todos', 'list');
    expect(again).toContain('\n\nScreen: as in your last answer.\n\n');
    expect(again).not.toContain('Screen after the call');
    expect(again).not.toContain('Focus:');
    expect(actionsPart(again)).toBe(AS_BEFORE);
    expect(again.length).toBeLessThan(first.length / 3);

    // The screen changes, the focus and the actions do not: the screen alone is shown.
    const added = await act(a.client, 'todos', 'add_item', { text: 'Call mum' });
    expect(added).toContain('Screen after the call:\n');
    expect(added).toContain('[ ] Call mum #1');
    expect(added).not.toContain('Focus:');
    expect(actionsPart(added)).toBe(AS_BEFORE);
  });

  it('lists the actions that came, the ones gone, and the ones changed; the focus when it moved', async () => {
    const a = await todo();
    await act(a.client, 'todos', 'list');
    const opened = await call(a.client, 'todo_keyboard_press', { keys: ['tab', 'tab', 'e'] });
    expect(opened).toMatch(/\n\nFocus: widget "edit_item"/);
    const change = actionsPart(opened);
    expect(change).toMatch(/^Actions now, what changed \(17 in all; todo_screen_read lists all\):\n/);
    expect(change).toContain('\nedit_item.type_into {text}: Replace the text of the text input "Edit #0".');
    expect(change).toContain('\nedit_item.submit: ');
    expect(change).not.toContain('todos.');
    expect(change).not.toContain('new_item.');

    const closed = await call(a.client, 'todo_keyboard_press', { keys: ['escape'] });
    expect(actionsPart(closed)).toBe(
      'Actions now, what changed (12 in all; todo_screen_read lists all):\n' +
        'gone: edit_item (all 5 actions)',
    );

    // The list's description names the filter shown: a changed action is given as it is now.
    const filtered = await act(a.client, 'filter', 'select_tab', { label: 'active' });
    expect(actionsPart(filtered)).toBe(
      'Actions now, what changed (12 in all; todo_screen_read lists all):\n' +
        'todos.list: List every item with its index and state (the screen shows the "active" filter).',
    );
  });

  it('gives the whole list on screen.read and after a call to an action that is not there', async () => {
    const a = await todo();
    await act(a.client, 'todos', 'list');
    const read = await call(a.client, 'todo_screen_read', { offset: null, styles: null });
    expect(actionsPart(read)).toMatch(WHOLE);
    expect(actionsPart(read)).toContain('\ntodos.toggle {index: integer}: ');
    const astray = await act(a.client, 'edit_item', 'type_into', { text: 'x' });
    expect(astray).toMatch(/^ink-mcp: "edit_item\.type_into" cannot run now/);
    expect(actionsPart(astray)).toMatch(WHOLE);
    // A refusal of a known action is not astray: the actions are as before.
    const refused = await act(a.client, 'todos', 'toggle', { index: 9 });
    expect(refused).toMatch(/^ink-mcp: "todos\.toggle" refused: no item at index 9/);
    expect(actionsPart(refused)).toBe(AS_BEFORE);
  });

  it('gives the colour rows their legend once per connection', async () => {
    const a = await todo();
    const HEADING = 'Colours that changed, by row';
    const LEGEND = `${HEADING} ([style]text[/] as in Rich; \\[ is a literal [):\n`;
    const first = await act(a.client, 'todos', 'list');
    expect(first).toContain(LEGEND);
    // The cursor row turns cyan as Tab moves focus to the list: rows again, without the legend.
    const moved = await call(a.client, 'todo_keyboard_press', { keys: ['tab', 'tab'] });
    expect(moved).toContain(`\n${HEADING}:\n`);
    expect(moved).toMatch(/\[cyan\]› \\\[ \] Buy milk/);
    expect(moved).not.toContain(LEGEND);
    // Another connection has not had it.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await a.server.connect(serverSide);
    const other = new Client({ name: 'other', version: '1.0.0' });
    closers.push(() => other.close());
    await other.connect(clientSide);
    expect(await call(other, 'todo_keyboard_press', { keys: ['tab'] })).toContain(LEGEND);
  });

  it('remembers per connection: another client of the same session gets the whole list and the screen first', async () => {
    const a = await todo();
    await act(a.client, 'todos', 'list');
    expect(actionsPart(await act(a.client, 'todos', 'list'))).toBe(AS_BEFORE);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await a.server.connect(serverSide);
    const other = new Client({ name: 'other', version: '1.0.0' });
    closers.push(() => other.close());
    await other.connect(clientSide);
    const first = await act(other, 'todos', 'list');
    expect(first).toContain('Screen after the call:\n');
    expect(actionsPart(first)).toMatch(WHOLE);
    // The first client's memory is its own.
    expect(actionsPart(await act(a.client, 'todos', 'list'))).toBe(AS_BEFORE);
  });

  it('answers a stateless 2026-07-28 HTTP client whole every time (there is no connection to remember by)', async () => {
    const a = await todo();
    const { url, token } = await a.server.listen({ port: 0 });
    const client = new Client(
      { name: 'modern', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    closers.push(() => client.close());
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    for (let i = 0; i < 2; i++) {
      const answer = await act(client, 'todos', 'list');
      expect(answer).toContain('Screen after the call:\n');
      expect(actionsPart(answer)).toMatch(WHOLE);
    }
  });
});

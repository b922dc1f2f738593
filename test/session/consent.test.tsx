/**
 * Consent no agent can get around (issue #28): the person is asked when the call's turn comes, about
 * the widget as it is then, and a yes runs only what they were shown; an agent's keys never answer a
 * question only a person may answer.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { Text } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../components/index.js';
import { App } from '../../examples/todo/App.js';
import type { AuthorizeRequest } from '../../src/index.js';
import { useMcpTools } from '../../src/index.js';
import { type HeadlessApp, renderHeadless } from '../../src/testing/index.js';

const apps: HeadlessApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.unmount();
});

type Result = CallToolResult & { content: { type: string; text: string }[] };
const text = (r: Result) => r.content.map((c) => (c as { text?: string }).text ?? '').join('\n');

async function todo(items: string[], confirm: (request: AuthorizeRequest) => Promise<boolean>) {
  const a = await renderHeadless(<App initial={items.map((t) => ({ text: t, done: false }))} />, {
    session: 'todo',
    authorize: ({ tool }) => (tool.endsWith('.delete_item') || tool.endsWith('.confirm') ? 'ask' : 'allow'),
    confirm,
  });
  apps.push(a);
  return a;
}

const act = (a: HeadlessApp, widget: string, action: string, args: unknown = {}) =>
  a.client.callTool({
    name: 'todo_act',
    arguments: { widget, action, args: JSON.stringify(args) },
  }) as Promise<Result>;
const press = (a: HeadlessApp, keys: string[]) =>
  a.client.callTool({ name: 'todo_keyboard_press', arguments: { keys } }) as Promise<Result>;

describe('consent bound to what runs', () => {
  it('asks when the call reaches the front of the queue, about the item it will delete then', async () => {
    const asked: { summary: string | undefined; screen: string }[] = [];
    let app: HeadlessApp | undefined;
    const a = await todo(['Buy milk', 'tax documents', 'Call mum'], async (request) => {
      asked.push({ summary: request.summary, screen: app?.lastFrame() ?? '' });
      return true;
    });
    app = a;
    // Two deletions of "index 0", sent together: the second one's question must be about the item
    // that is at index 0 once the first one has run, not about the one the first one deletes.
    const [first, second] = await Promise.all([
      act(a, 'todos', 'delete_item', { index: 0 }),
      act(a, 'todos', 'delete_item', { index: 0 }),
    ]);
    expect(first.isError).toBeFalsy();
    expect(second.isError).toBeFalsy();
    expect(asked.map((q) => q.summary)).toEqual(['Delete "Buy milk"', 'Delete "tax documents"']);
    // When the second question was asked, the first deletion had already happened.
    expect(asked[1]!.screen).not.toContain('Buy milk');
    expect(text(first)).toContain('"text":"Buy milk"');
    expect(text(second)).toContain('"text":"tax documents"');
    expect(a.lastFrame()).toContain('Call mum');
  });

  it('holds the session while the person is asked: a call queued behind the question runs after it', async () => {
    let answer: ((yes: boolean) => void) | undefined;
    const a = await todo(
      ['Buy milk', 'tax documents'],
      () =>
        new Promise<boolean>((resolve) => {
          answer = resolve;
        }),
    );
    const deletion = act(a, 'todos', 'delete_item', { index: 0 });
    for (let i = 0; i < 500 && answer === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    expect(answer).toBeDefined();
    let added = false;
    const adding = act(a, 'todos', 'add_item', { text: 'Sneaky' }).then((r) => {
      added = true;
      return r;
    });
    // The add waits for the question: nothing an agent queues can change what the person reads.
    await new Promise((r) => setTimeout(r, 100));
    expect(added).toBe(false);
    expect(a.lastFrame()).not.toContain('Sneaky');
    answer!(true);
    expect(text(await deletion)).toContain('"text":"Buy milk"');
    expect((await adding).isError).toBeFalsy();
    expect(a.lastFrame()).toContain('Sneaky');
  });
});

/** A vault whose target can change while the person is asked (as an app's own timer would). */
let retarget: ((name: string) => void) | undefined;
let wiped: string[] = [];
function Vault() {
  const [name, setName] = useState('photos');
  retarget = setName;
  useMcpTools('vault', {
    wipe: {
      description: 'Wipe the current folder.',
      annotations: { destructiveHint: true },
      confirmation: () => `Wipe the folder ${JSON.stringify(name)}`,
      run: () => {
        wiped.push(name);
        return `wiped ${name}`;
      },
    },
  });
  return <Text>folder: {name}</Text>;
}

describe('a target that changed while the person was asked', () => {
  async function vault(onAsk: (request: AuthorizeRequest) => void) {
    wiped = [];
    const a = await renderHeadless(<Vault />, {
      session: 'v',
      authorize: () => 'ask',
      confirm: async (request) => {
        onAsk(request);
        // Let the app's change commit before the answer arrives.
        await new Promise((r) => setTimeout(r, 50));
        return true;
      },
    });
    apps.push(a);
    return a;
  }
  const wipe = (a: HeadlessApp) =>
    a.client.callTool({
      name: 'v_act',
      arguments: { widget: 'vault', action: 'wipe', args: '{}' },
    }) as Promise<Result>;

  it('is refused, not run, when what the person approved is no longer what would run', async () => {
    const seen: string[] = [];
    const a = await vault((request) => {
      seen.push(request.summary ?? '');
      retarget?.('taxes');
    });
    const answer = await wipe(a);
    expect(seen).toEqual(['Wipe the folder "photos"']);
    expect(answer.isError).toBe(true);
    expect(text(answer)).toMatch(/the widget changed while the person was being asked[\s\S]*Nothing ran/);
    expect(wiped).toEqual([]);
  });

  it('runs when nothing changed', async () => {
    const a = await vault(() => {});
    expect(text(await wipe(a))).toContain('wiped photos');
    expect(wiped).toEqual(['photos']);
  });
});

describe('keys cannot answer for the person', () => {
  it('refuses keys while a destructive ConfirmDialog is up; its confirm asks the person', async () => {
    const asked: AuthorizeRequest[] = [];
    const a = await todo(['Buy milk', 'tax documents'], async (request) => {
      asked.push(request);
      return false;
    });
    // Tab, Tab: the list; d opens the app's own "Delete?" dialog; y would answer it.
    const pressed = await press(a, ['tab', 'tab', 'd', 'y']);
    expect(pressed.isError).toBe(true);
    expect(text(pressed)).toMatch(
      /"confirm_delete" is a question only the person at the terminal may answer[\s\S]*3 of 4 keys were sent before it came up, the rest were not/,
    );
    expect(a.lastFrame()).toContain('Delete "Buy milk"?');
    const typed = (await a.client.callTool({
      name: 'todo_keyboard_type',
      arguments: { text: 'y' },
    })) as Result;
    expect(typed.isError).toBe(true);
    expect(text(typed)).toMatch(/no key was sent/);
    expect(a.lastFrame()).toContain('Buy milk');

    // Its own action goes through the authorizer: the person is asked, and said no.
    const confirmed = await act(a, 'confirm_delete', 'confirm');
    expect(confirmed.isError).toBe(true);
    expect(text(confirmed)).toMatch(/declined it/);
    expect(asked.map((r) => r.summary)).toEqual(['Answer "Yes" to "Delete \\"Buy milk\\"?"']);
    expect(a.lastFrame()).toContain('Buy milk');

    // Cancel needs nobody, and once the dialog is gone keys work again.
    expect((await act(a, 'confirm_delete', 'cancel')).isError).toBeFalsy();
    expect((await press(a, ['down'])).isError).toBeFalsy();
    expect(a.lastFrame()).toContain('Buy milk');
  });
});

/** A widget that types through `CallInfo.input` (as adapters of third-party fields do), beside a dialog. */
let confirmed = 0;
function Typist() {
  useMcpTools('typist', {
    type_y: {
      description: 'Types y.',
      run: async (_args, call) => {
        await call.input?.('y');
        return 'typed';
      },
    },
  });
  return (
    <ConfirmDialog
      id="wipe"
      message="Wipe everything?"
      destructive
      onConfirm={() => {
        confirmed++;
      }}
      onCancel={() => {}}
    />
  );
}

describe("an action's own keys (CallInfo.input)", () => {
  it('are refused while a person-only widget is up, so an adapter cannot answer it either', async () => {
    confirmed = 0;
    const a = await renderHeadless(<Typist />, { session: 't', authorize: () => 'allow' });
    apps.push(a);
    await a.waitForSync();
    const answer = (await a.client.callTool({
      name: 't_act',
      arguments: { widget: 'typist', action: 'type_y', args: '{}' },
    })) as Result;
    expect(answer.isError).toBe(true);
    expect(text(answer)).toMatch(/"wipe" is a question only the person at the terminal may answer/);
    expect(confirmed).toBe(0);
  });
});

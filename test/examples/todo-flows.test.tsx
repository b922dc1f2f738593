import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { SaveError } from '../../examples/todo/persist.js';
import type { Todo } from '../../examples/todo/todos.js';
import { app, closeApps, KEY, resultOf } from '../components/helpers.js';

afterEach(closeApps);

const allow = () => 'allow' as const;
const milk: Todo[] = [
  { text: 'buy milk', done: false },
  { text: 'call mum', done: false },
];

/** The todo app with the keys on the list (Tab past the input and the filter tabs). */
async function onTheList(initial: readonly Todo[] = milk) {
  const a = app(<App initial={initial} />, { authorize: allow });
  await a.keys(KEY.tab, KEY.tab);
  expect(a.screen()).toContain('› [ ] buy milk');
  return a;
}

describe('the todo example, as a person uses it', () => {
  it('edit flow: e opens the edit box with the focus, Enter saves the text (and toggles nothing), focus returns to the list', async () => {
    const a = await onTheList();
    await a.keys('e');
    expect(a.screen()).toContain('Edit #0: buy milk');
    await a.keys(...' oat'.split(''), KEY.enter);
    expect(a.screen()).toContain('› [ ] buy milk oat');
    expect(a.screen()).not.toContain('Edit #0');
    expect(a.screen()).toContain('0 done');
    // The list has the keys again: ↓ and Space toggle the second item.
    await a.keys(KEY.down, ' ');
    expect(a.screen()).toContain('› [x] call mum');
    // Esc leaves the edit box without saving, and the list has the keys again.
    await a.keys('e', 'X', KEY.escape, KEY.up);
    expect(a.screen()).toContain('› [ ] buy milk oat');
    expect(a.screen()).not.toContain('call mumX');
  });

  it('delete flow: d opens the dialog with the focus, y deletes at once, focus returns to the list', async () => {
    const a = await onTheList();
    await a.keys('d');
    expect(a.screen()).toContain('Delete "buy milk"?');
    await a.keys('y');
    expect(a.screen()).not.toContain('buy milk');
    expect(a.screen()).toContain('› [ ] call mum');
    // n (or Esc) keeps it; the list still answers keys after the dialog closed.
    await a.keys('d', 'n', ' ');
    expect(a.screen()).toContain('› [x] call mum');
    expect(a.screen()).toContain('1 items');
  });
});

describe('the todo example, as an agent drives the same flows', () => {
  it('answers the open delete dialog and the open edit box through their tools', async () => {
    const a = await onTheList();
    await a.keys('d');
    expect(a.tools()).toContain('confirm_delete.confirm');
    await a.call('confirm_delete.cancel');
    expect(a.tools()).not.toContain('confirm_delete.confirm');
    expect(a.screen()).toContain('2 items');
    await a.keys('d');
    await a.call('confirm_delete.confirm');
    expect(a.screen()).toContain('1 items');
    // The person's keys still reach the list after the agent answered.
    await a.keys('e');
    await a.call('edit_item.type_into', { text: 'call dad' });
    await a.call('edit_item.submit');
    expect(resultOf(await a.call('todos.list'))).toMatchObject({
      items: [{ text: 'call dad', done: false }],
    });
    await a.keys(' ');
    expect(a.screen()).toContain('› [x] call dad');
  });
});

describe('the todo example saves before it answers', () => {
  function failingApp() {
    const saved: Todo[][] = [];
    let failing = false;
    const save = (todos: readonly Todo[]) => {
      if (failing)
        throw new SaveError('could not save the list to todos.json (EISDIR), so the change was not made');
      saved.push([...todos]);
    };
    const a = app(<App initial={milk} save={save} />, { authorize: allow });
    return { a, saved, fail: (on: boolean) => (failing = on) };
  }

  it('a failed save is the call’s error, and the list stays as saved (applied exactly once or not at all)', async () => {
    const { a, saved, fail } = failingApp();
    expect(resultOf(await a.call('todos.add_item', { text: 'ship it' }))).toEqual({
      index: 2,
      item: { text: 'ship it', done: false },
    });
    expect(saved).toHaveLength(1);
    fail(true);
    for (const [tool, args] of [
      ['todos.add_item', { text: 'lost?' }],
      ['todos.toggle', { index: 0 }],
      ['todos.edit_item', { index: 0, text: 'x' }],
      ['todos.delete_item', { index: 0 }],
    ] as const) {
      const answer = await a.call(tool, args);
      expect(answer).toMatchObject({ ok: false, error: { code: 'action_refused' } });
      expect(answer.ok ? '' : answer.error.message).toContain('could not save the list to todos.json');
    }
    expect(resultOf(await a.call('todos.list'))).toMatchObject({
      items: [{ text: 'buy milk', done: false }, { text: 'call mum' }, { text: 'ship it' }],
    });
    expect(a.screen()).toContain('3 items · 3 active · 0 done');
    fail(false);
    await a.call('todos.toggle', { index: 0 });
    expect(saved.at(-1)?.[0]).toEqual({ text: 'buy milk', done: true });
  });

  it('a person’s failed save is shown, and what they typed is kept', async () => {
    const { a, fail } = failingApp();
    fail(true);
    await a.keys(...'oat milk'.split(''), KEY.enter);
    expect(a.screen()).toContain('could not save the list to todos.json');
    expect(a.screen()).toContain('New: oat milk');
    expect(a.screen()).toContain('2 items');
    // The delete dialog stays open when the delete cannot be saved; the person can still say no.
    await a.keys(KEY.tab, KEY.tab, 'd', 'y');
    expect(a.screen()).toContain('Delete "buy milk"?');
    await a.keys('n');
    expect(a.screen()).not.toContain('Delete "buy milk"?');
    expect(a.screen()).toContain('2 items');
  });
});

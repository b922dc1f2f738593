import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableNames } from '../helpers/widgets-surface.js';
import { startTodo } from './todo-process.js';

describe('examples/todo --stdio', () => {
  it('is driven by an SDK client through add → toggle → edit → list → delete (refused without approval)', async () => {
    const todo = await startTodo();
    try {
      const tools = (await todo.client.listTools()).tools;
      const names = tools.map((t) => t.name);
      // The stable surface: the built-ins and one tool for every widget action.
      expect(names).toEqual(stableNames('todo'));
      // A client without the MCP Apps extension sees nothing of the view (#43).
      expect(JSON.stringify(tools)).not.toMatch(/_meta|ui:\/\//);
      expect((await todo.client.listResources()).resources.map((r) => r.uri)).toEqual([
        'ink://todo/screen',
        'ink://todo/tree',
      ]);

      for (const [i, text] of ['buy milk', 'write tests', 'ship it'].entries()) {
        const added = await todo.act('todos', 'add_item', { text });
        expect(added.isError).toBeFalsy();
        expect(added.value).toEqual({ index: i, item: { text, done: false } });
      }
      const toggled = await todo.act('todos', 'toggle', { index: 1 });
      expect(toggled.value).toMatchObject({
        index: 1,
        item: { text: 'write tests', done: true },
      });
      expect(toggled.text).toMatch(/\[x\] write tests/);

      const edited = await todo.call('todo.todos.edit_item', { index: 0, text: 'buy oat milk' });
      expect(edited.text).toMatch(/buy oat milk/);

      const outOfRange = await todo.call('todo.todos.toggle', { index: 7 });
      expect(outOfRange.isError).toBe(true);
      expect(outOfRange.text).toMatch(/no item at index 7: valid indexes are 0 to 2/);

      const list = await todo.call('todo.todos.list');
      expect(list.value).toEqual({
        filter: 'all',
        items: [
          { index: 0, text: 'buy oat milk', done: false },
          { index: 1, text: 'write tests', done: true },
          { index: 2, text: 'ship it', done: false },
        ],
      });

      const deleted = await todo.act('todos', 'delete_item', { index: 2 });
      expect(deleted.isError).toBe(true);
      expect(deleted.text).toMatch(/denied/);
      const after = await todo.call('todo.todos.list');
      expect((after.value as { items: unknown[] }).items).toHaveLength(3);

      const screen = await todo.client.readResource({ uri: 'ink://todo/screen' });
      const screenText = (screen.contents[0] as { text: string }).text;
      expect(screenText).toMatch(/buy oat milk/);
      expect(screenText).toMatch(/\[x\] write tests/);
      expect(screenText).toMatch(/3 items · 2 active · 1 done/);
    } finally {
      await todo.client.close();
    }
  });

  it('keeps the list in --file across runs, and sets a corrupt file aside', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-todo-'));
    const file = join(dir, 'todos.json');
    const first = await startTodo(['--file', file]);
    try {
      await first.call('todo.todos.add_item', { text: 'persist me' });
      await first.call('todo.todos.toggle', { index: 0 });
    } finally {
      await first.client.close();
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{ text: 'persist me', done: true }]);
    expect(readdirSync(dir)).toEqual(['todos.json']); // no temp file left behind

    const second = await startTodo(['--file', file]);
    try {
      const list = await second.call('todo.todos.list');
      expect(list.value).toMatchObject({ items: [{ index: 0, text: 'persist me', done: true }] });
    } finally {
      await second.client.close();
    }

    writeFileSync(file, '{ not json');
    const third = await startTodo(['--file', file]);
    try {
      const list = await third.call('todo.todos.list');
      expect(list.value).toMatchObject({ items: [] });
      expect(third.stderr()).toMatch(/did not hold a todo list; it was kept as .*todos\.json\.corrupt-\d+/);
    } finally {
      await third.client.close();
    }
    const aside = readdirSync(dir).find((f) => f.startsWith('todos.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dir, aside!), 'utf8')).toBe('{ not json');
  }, 90_000); // three real child processes in a row
});

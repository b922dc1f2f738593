import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTodoUntilExit, startTodo } from './todo-process.js';

/** Each test starts two or three real child processes (several seconds each on a loaded machine). */
const CHILDREN_MS = 90_000;

const freshFile = () => join(mkdtempSync(join(tmpdir(), 'ink-mcp-todo-file-')), 'todos.json');
const items = (result: { value?: unknown }) =>
  (result.value as { items: { text: string }[] }).items.map((i) => i.text);

describe('examples/todo --file', () => {
  it(
    'refuses a file another running instance holds, saying which; takes it once that one has exited',
    async () => {
      const file = freshFile();
      const first = await startTodo(['--file', file]);
      try {
        await first.call('todo.todos.add_item', { text: 'from the first' });
        const second = await runTodoUntilExit(['--file', file]);
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(`todo: ${file} is in use by another todo app (pid ${first.pid})`);
        expect(second.stderr).toContain('Close that one, or choose another --file.');
        // The first one's list is intact, and it still saves.
        await first.call('todo.todos.add_item', { text: 'still mine' });
        expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(2);
      } finally {
        await first.client.close();
      }
      expect(readdirSync(join(file, '..'))).toEqual(['todos.json']); // lock released
      const third = await startTodo(['--file', file]);
      try {
        expect(items(await third.call('todo.todos.list'))).toEqual(['from the first', 'still mine']);
      } finally {
        await third.client.close();
      }
    },
    CHILDREN_MS,
  );

  it(
    'takes over a stale lock whose process is gone',
    async () => {
      const file = freshFile();
      const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
      writeFileSync(`${file}.lock`, `${gone}\n`);
      const todo = await startTodo(['--file', file]);
      try {
        const added = await todo.call('todo.todos.add_item', { text: 'after a crash' });
        expect(added.isError).toBeFalsy();
        expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${todo.pid}\n`);
      } finally {
        await todo.client.close();
      }
    },
    CHILDREN_MS,
  );

  it(
    'answers a failed save as the call’s error, changes nothing, and keeps the session alive',
    async () => {
      const file = freshFile();
      const todo = await startTodo(['--file', file]);
      try {
        const kept = await todo.call('todo.todos.add_item', { text: 'kept' });
        expect(kept.text).toContain('1 items · 1 active · 0 done');
        // The file becomes a folder that is not empty: renaming the new list over it fails.
        rmSync(file);
        mkdirSync(join(file, 'in-the-way'), { recursive: true });
        const failed = await todo.call('todo.todos.add_item', { text: 'not saved' });
        expect(failed.isError).toBe(true);
        expect(failed.text).toContain(`could not save the list to ${file}`);
        expect(failed.text).toContain('the change was not made');
        const toggled = await todo.call('todo.todos.toggle', { index: 0 });
        expect(toggled.isError).toBe(true);
        // Alive, and the list is what was last saved.
        const list = await todo.call('todo.todos.list');
        expect(list.value).toEqual({
          filter: 'all',
          items: [{ index: 0, text: 'kept', done: false }],
        });
        // The screen has not moved since the first answer showed it: nothing of the failed calls shows.
        for (const answer of [failed, toggled, list])
          expect(answer.text).toContain('\n\nScreen: as in your last answer.');
        expect(readdirSync(join(file, '..')).sort()).toEqual(['todos.json', 'todos.json.lock']); // no temp file
        // Once the file can be written again, the next change saves the whole list.
        rmSync(file, { recursive: true });
        expect((await todo.call('todo.todos.add_item', { text: 'saved' })).isError).toBeFalsy();
        expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
          { text: 'kept', done: false },
          { text: 'saved', done: false },
        ]);
      } finally {
        await todo.client.close();
      }
    },
    CHILDREN_MS,
  );
});

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isTodoList, type Todo } from './todos.js';

export type Loaded = { todos: Todo[]; warning?: string };

/**
 * Reads the list. A missing file is an empty list; a file that is not a todo list is moved aside
 * (never overwritten silently) and reported.
 */
export function loadTodos(file: string): Loaded {
  if (!existsSync(file)) return { todos: [] };
  const text = readFileSync(file, 'utf8');
  try {
    const data: unknown = JSON.parse(text);
    if (isTodoList(data)) return { todos: data };
  } catch {
    // reported below, like any other content that is not a list
  }
  const aside = `${file}.corrupt-${Date.now()}`;
  renameSync(file, aside);
  return {
    todos: [],
    warning: `${file} did not hold a todo list; it was kept as ${aside} and a new list started.`,
  };
}

/** Writes the list atomically: a temporary file in the same folder, then a rename over the old one. */
export function saveTodos(file: string, todos: readonly Todo[]): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(todos, null, 2)}\n`);
  renameSync(temp, file);
}

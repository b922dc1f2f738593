import { ActionError } from '../../src/index.js';

/** The todo list as data: pure functions, so the UI, the agent and the file all agree. */
export interface Todo {
  text: string;
  done: boolean;
}

export type Filter = 'all' | 'active' | 'done';
export const FILTERS: readonly Filter[] = ['all', 'active', 'done'];

export function addTodo(todos: readonly Todo[], text: string): Todo[] {
  return [...todos, { text, done: false }];
}

export function toggleTodo(todos: readonly Todo[], index: number): Todo[] {
  return todos.map((t, i) => (i === index ? { ...t, done: !t.done } : t));
}

export function editTodo(todos: readonly Todo[], index: number, text: string): Todo[] {
  return todos.map((t, i) => (i === index ? { ...t, text } : t));
}

export function deleteTodo(todos: readonly Todo[], index: number): Todo[] {
  return todos.filter((_, i) => i !== index);
}

/** The items a filter shows, with their index in the whole list (what agents and keys act on). */
export function visible(todos: readonly Todo[], filter: Filter): { todo: Todo; index: number }[] {
  return todos
    .map((todo, index) => ({ todo, index }))
    .filter(({ todo }) => filter === 'all' || (filter === 'done') === todo.done);
}

/** Throws a message an agent can act on when `index` names no item. */
export function checkIndex(todos: readonly Todo[], index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= todos.length) {
    const range = todos.length === 0 ? 'the list is empty' : `valid indexes are 0 to ${todos.length - 1}`;
    throw new ActionError(`no item at index ${index}: ${range}. Call todo.todos.list to see the items.`);
  }
}

/** Whether `x` is a list of todos (what a file must hold). */
export function isTodoList(x: unknown): x is Todo[] {
  return (
    Array.isArray(x) &&
    x.every(
      (t) => typeof t === 'object' && t !== null && typeof t.text === 'string' && typeof t.done === 'boolean',
    )
  );
}

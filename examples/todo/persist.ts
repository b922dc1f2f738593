import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { ActionError } from '../../src/index.js';
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

/**
 * A save that failed: the change was not made (the list on screen is still the one in the file). An
 * ActionError, so an agent's call answers it as refused, with nothing changed.
 */
export class SaveError extends ActionError {
  override name = 'SaveError';
}

/**
 * Writes the list atomically: a temporary file in the same folder, then a rename over the old one.
 * Throws a SaveError saying what failed; the old file and no temporary file are left.
 */
export function saveTodos(file: string, todos: readonly Todo[]): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(todos, null, 2)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true, recursive: true });
    throw new SaveError(
      `could not save the list to ${file} (${reason(error)}), so the change was not made; ` +
        'the list is as it was. Tell the user the file cannot be written',
    );
  }
}

/**
 * Holds `file` for this process alone: a lock file beside it holding the pid, made whole and then
 * linked into place (a link never replaces a file, so exactly one process gets it, and nobody reads a
 * half-written pid). A lock whose process is gone (it crashed or was killed) is taken over; one held
 * by a running process is refused with a message saying which. Released on exit.
 */
export function lockTodoFile(file: string): { ok: true } | { ok: false; message: string } {
  const lock = `${file}.lock`;
  const mine = `${lock}.${process.pid}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(mine, `${process.pid}\n`);
      linkSync(mine, lock);
      process.once('exit', () => {
        if (readText(lock) === `${process.pid}\n`) rmSync(lock, { force: true });
      });
      return { ok: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        return { ok: false, message: `cannot lock ${file} (${reason(error)}): choose another --file.` };
    } finally {
      rmSync(mine, { force: true });
    }
    const holder = Number.parseInt(readText(lock), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder))
      return {
        ok: false,
        message:
          `${file} is in use by another todo app (pid ${holder}); two apps on one file would lose ` +
          `each other's changes. Close that one, or choose another --file.`,
      };
    rmSync(lock, { force: true }); // stale: its process is gone
  }
  return { ok: false, message: `cannot lock ${file}: another todo app keeps taking it. Try again.` };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return typeof code === 'string' ? code : String(message ?? error);
}

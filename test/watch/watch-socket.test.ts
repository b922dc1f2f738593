import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWatch, findWatchable, type ServerMessage } from '../../src/watch/watch-client.js';
import { type HeadlessTodo, startHeadlessTodo, text, until, watchFiles } from './headless-todo.js';

/**
 * The watch socket of a real headless app (the todo example over stdio, driven by the MCP SDK
 * client): who may connect, and that what the agent sends reaches a watcher only escaped.
 */
let app: HeadlessTodo;
beforeAll(async () => {
  app = await startHeadlessTodo();
  // The app loads after its client's opening (startMcp): its watch file appears then.
  await until(() => watchFiles(app.folder)[0], 'the watch file', 90_000);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

function watcher(token?: string, name = 'test') {
  const [target] = findWatchable(app.folder);
  if (!target) throw new Error('no watch file');
  const messages: ServerMessage[] = [];
  const connection = connectWatch({ ...target, ...(token === undefined ? {} : { token }) }, name, (m) =>
    messages.push(m),
  );
  return { connection, messages, target };
}

describe('the watch socket of a headless app', { timeout: 60_000 }, () => {
  it('announces itself in a 0600 connection file in a 0700 folder, naming a 0600 socket and a token', async () => {
    const [file] = await until(
      () => (watchFiles(app.folder).length ? watchFiles(app.folder) : undefined),
      'the watch file',
    );
    const path = join(app.folder, file as string);
    const body = JSON.parse(readFileSync(path, 'utf8'));
    expect(body).toMatchObject({ session: 'todo', pid: expect.any(Number), token: expect.any(String) });
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(statSync(app.folder).mode & 0o777).toBe(0o700);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(body.watch.socket).mode & 0o777).toBe(0o600);
  });

  it('refuses another token and closes, telling nothing of the session', async () => {
    await until(() => watchFiles(app.folder)[0], 'the watch file');
    const { connection, messages } = watcher('A'.repeat(43));
    await connection.closed;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: 'refused', message: expect.stringMatching(/wrong token/) });
  });

  it('feeds the screen and each call, with escape sequences in the arguments and in the app text shown escaped', async () => {
    await until(() => watchFiles(app.folder)[0], 'the watch file');
    const { connection, messages } = watcher();
    await until(() => messages.find((m) => m.type === 'screen'), 'the first screen');
    // The app refuses terminal controls in an item; the watcher still sees the call, escaped.
    const hostile = 'evil \u001b]0;pwned\u0007\u001b[2J name';
    const refused = await app.act('todos', 'add_item', { text: hostile });
    expect(refused.isError).toBe(true);
    // A plain item, drawn by the app.
    const sneaky = await app.act('todos', 'add_item', { text: 'abc def' });
    expect(sneaky.isError, text(sneaky)).toBeFalsy();
    const calls = await until(() => {
      const answered = messages.filter((m) => m.type === 'call' && m.phase === 'answered');
      return answered.length >= 2 ? messages.filter((m) => m.type === 'call') : undefined;
    }, 'both calls answered');
    const [asked1, answered1, asked2, answered2] = calls as (ServerMessage & { args?: string })[];
    expect(asked1).toMatchObject({ phase: 'asked', tool: 'todo.todos.add_item' });
    // Shown as the JSON escapes, six visible characters each: nothing a terminal acts on.
    expect(asked1?.args).toContain('\\u001b]0;pwned\\u0007\\u001b[2J');
    expect(answered1).toMatchObject({ phase: 'answered', ok: false });
    // The action's own arguments (the stable surface's act call names the widget and action).
    expect(asked2?.args).toBe('{"text":"abc def"}');
    expect(answered2).toMatchObject({ phase: 'answered', ok: true });
    await until(
      () => messages.some((m) => m.type === 'screen' && JSON.stringify(m.lines).includes('def')),
      'the screen with the new item',
    );
    // Nothing that could act on a terminal in any text of any message.
    expect(rawControls(messages)).toEqual([]);
    connection.close();
    await connection.closed;
  });
});

describe('consent through watchers of a headless app', { timeout: 60_000 }, () => {
  it('asks every watcher the same question; a watcher leaving mid-question leaves it to the other; the last leaving is no answer', async () => {
    await until(() => watchFiles(app.folder)[0], 'the watch file');
    const a = watcher(undefined, 'a');
    const b = watcher(undefined, 'b');
    const question = (w: typeof a) =>
      [...w.messages].reverse().find((m) => m.type === 'state' && m.question !== undefined) as
        | Extract<ServerMessage, { type: 'state' }>
        | undefined;
    await until(() => a.messages.find((m) => m.type === 'state' && m.watchers === 2), 'both watchers joined');
    const deleting = app.act('todos', 'delete_item', { index: 0 });
    const asked = await until(() => question(a), "a's question");
    await until(() => question(b), "b's question");
    expect(question(b)?.question?.id).toBe(asked.question?.id);
    a.connection.close();
    await a.connection.closed;
    await until(
      () => b.messages.find((m) => m.type === 'state' && m.watchers === 1 && m.question !== undefined),
      'one watcher left, the question still open',
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(b.messages.filter((m) => m.type !== 'screen'))}`);
    });
    b.connection.close();
    const result = await deleting;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/went away before answering, so it was not run \(nobody declined it\)/);
    // No watcher: refused as a client without elicitation always was.
    const alone = await app.act('todos', 'delete_item', { index: 0 });
    expect(text(alone)).toMatch(/no one could be asked/);
  });
});

/** Every control, bidi or invisible formatting character in any string of `value`, as code points. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
function rawControls(value: unknown): string[] {
  if (typeof value === 'string')
    return [...value.matchAll(CONTROLS)].map((m) => `U+${(m[0].codePointAt(0) as number).toString(16)}`);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(rawControls);
  return [];
}

import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeadlessTodo, inkMcpBin, startHeadlessTodo, text, until, watchFiles } from './headless-todo.js';

/**
 * `ink-mcp watch` as a person meets it: in a real terminal (tmux), beside the todo app that an agent
 * (the MCP SDK client, without elicitation) drives headless over stdio. The pane is read with
 * `capture-pane`, keys are typed with `send-keys`; every wait is on a condition, bounded generously.
 */
const run = promisify(execFile);
const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

let app: HeadlessTodo;
let tmux: (...args: string[]) => Promise<{ stdout: string }>;
let socketDir: string;

beforeAll(async () => {
  if (!hasTmux) return;
  app = await startHeadlessTodo();
  await app.act('todos', 'add_item', { text: 'Buy oat milk' });
  await until(() => watchFiles(app.folder)[0], 'the watch file');
  socketDir = mkdtempSync(join(tmpdir(), 'imw-tmux-'));
  const env: NodeJS.ProcessEnv = { ...app.env, TERM: 'xterm-256color' };
  delete env.TMUX;
  delete env.TMUX_PANE;
  tmux = (...args) => run('tmux', ['-S', join(socketDir, 's'), '-f', '/dev/null', ...args], { env });
  await tmux(
    'new-session',
    '-d',
    '-s',
    'watch',
    '-x',
    '120',
    '-y',
    '50',
    '-c',
    process.cwd(),
    `${process.execPath} --import tsx ${inkMcpBin} watch todo`,
  );
  await tmux('set-option', '-t', 'watch', 'remain-on-exit', 'on');
}, 90_000);

afterAll(async () => {
  await tmux?.('kill-server').catch(() => {});
  if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  await app?.close();
});

const pane = async () => (await tmux('capture-pane', '-p', '-t', 'watch')).stdout;
const paneShows = (pattern: RegExp, what: string) =>
  until(
    async () => ((await pane()).match(pattern) ? true : undefined),
    `the pane to show ${what}`,
    45_000,
  ).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\n--- pane ---\n${await pane()}`);
  });
/** The app's screen as the watcher draws it (between its ┌ and └ lines). */
const screenPart = (shown: string) => shown.slice(shown.indexOf('┌'), shown.indexOf('└'));
const keys = (...k: string[]) => tmux('send-keys', '-t', 'watch', ...k);

describe.skipIf(!hasTmux)('ink-mcp watch in a terminal', { timeout: 90_000 }, () => {
  it('shows the screen and each call as it happens', async () => {
    await paneShows(/Buy oat milk/, 'the item added before it started');
    await paneShows(/1 watching · agent running/, 'the status line');
    const added = await app.act('todos', 'add_item', { text: 'Write the README' });
    expect(added.isError).toBeFalsy();
    await paneShows(/\[ \] Write the README/, 'the new item on the screen');
    await paneShows(
      /#\d+ todo\.todos\.add_item \{"text":"Write the README"\} →/,
      'the call line with its result',
    );
  });

  it('approves a delete the client could not (no elicitation)', async () => {
    await paneShows(/1 watching/, 'the watcher joined');
    const deleting = app.act('todos', 'delete_item', { index: 0 });
    await paneShows(/question 1 of 1 \(y allow, n deny\)/, 'the armed question');
    const shown = await pane();
    expect(shown).toMatch(/Delete "Buy oat milk"/);
    expect(shown).toMatch(/todo\.todos\.delete_item in the app "todo" with \{"index":0\}/);
    await keys('y');
    const result = await deleting;
    expect(result.isError, text(result)).toBeFalsy();
    expect(text(result)).toContain('Approved by the person watching this session (ink-mcp watch).');
    await paneShows(/\[approved by the person watching\]/, 'who approved it');
    expect(screenPart(await pane())).not.toMatch(/Buy oat milk/);
  });

  it('pauses the agent: its call waits until the person resumes', async () => {
    await keys('p');
    await paneShows(/AGENT PAUSED/, 'the pause');
    let done = false;
    const held = app.act('todos', 'add_item', { text: 'While paused' }).finally(() => {
      done = true;
    });
    await paneShows(/add_item \{"text":"While paused"\} … running/, 'the held call');
    expect(done).toBe(false);
    expect(screenPart(await pane())).not.toMatch(/While paused/);
    await keys('p');
    const result = await held;
    expect(result.isError, text(result)).toBeFalsy();
    await paneShows(/\[ \] While paused/, 'the call run after resuming');
  });

  it('takes over the keyboard: agent calls are refused, the person types into the app, then hands back', async () => {
    await keys('t');
    await paneShows(/YOU ARE TYPING/, 'the keyboard taken');
    const refused = await app.act('todos', 'add_item', { text: 'Agent meanwhile' });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/the person is typing/);
    // The "New" box has focus: the person's keys go to the app.
    await keys('-l', 'Typed by hand');
    await keys('Enter');
    await paneShows(/\[ \] Typed by hand/, 'the item the person typed');
    await keys('C-]');
    await paneShows(/1 watching · agent running\s*$/m, 'the keyboard handed back');
    const after = await app.act('todos', 'add_item', { text: 'Agent again' });
    expect(after.isError, text(after)).toBeFalsy();
    await paneShows(/\[ \] Agent again/, "the agent's item");
  });
});

import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { shownArgs } from '../../src/registry/shown-text.js';

/**
 * The y/N prompt as a person meets it: the app in a real terminal (tmux), its screen read with
 * `capture-pane`, keys typed with `send-keys`, the agent a real Streamable HTTP client. Every wait
 * is on a condition (a screen text, an answer), bounded generously; none is a fixed sleep.
 */

const run = promisify(execFile);
const fixture = fileURLToPath(new URL('./fixtures/attached-vault.tsx', import.meta.url));
const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

/** A person's terminal: no CI markers (Ink draws only the last frame when it believes it runs in CI). */
function terminalEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_'))
      continue;
    if (key === 'TMUX' || key === 'TMUX_PANE') continue; // never the tmux this test may run inside
    env[key] = value;
  }
  return { ...env, TERM: 'xterm-256color' };
}

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** The vault fixture in a fresh tmux server of `columns` × `rows`, and an agent connected to it. */
async function vaultInTmux(columns = 80, rows = 24, armMs?: number) {
  // A tmux server of its own, its socket in a folder of its own (removed after: tmux leaves it).
  const socketDir = mkdtempSync(join(tmpdir(), 'ink-mcp-tmux-socket-'));
  const socket = join(socketDir, 'tmux');
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-tmux-'));
  const env = {
    ...terminalEnv(),
    INK_MCP_TEST_DIR: dir,
    ...(armMs === undefined ? {} : { INK_MCP_TEST_ARM_MS: String(armMs) }),
  };
  const tmux = (...args: string[]) => run('tmux', ['-S', socket, '-f', '/dev/null', ...args], { env });
  const command = `${process.execPath} --import tsx ${fixture}`;
  await tmux(
    'new-session',
    '-d',
    '-s',
    'app',
    '-x',
    String(columns),
    '-y',
    String(rows),
    '-c',
    process.cwd(),
    command,
  );
  // Keep the pane after the app exits, to see that it did.
  await tmux('set-option', '-t', 'app', 'remain-on-exit', 'on');
  const client = new Client({ name: 'tmux-test', version: '1' });
  const close = async () => {
    await client.close().catch(() => {});
    await tmux('kill-server').catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    rmSync(socketDir, { recursive: true, force: true });
  };
  opened.push(close);

  const screen = async () => (await tmux('capture-pane', '-p', '-t', 'app')).stdout;
  /**
   * Waits for `check`. With `resend`: a key whose effect has not shown after 5 s, on a screen that has
   * not moved, was lost (two keys sent close together can reach Ink as one input, which the prompt
   * ignores, as it ignores a paste): it is sent again. The question's countdown ("denied in 41s")
   * ticks every second on a screen that has not otherwise moved: it is left out of the comparison,
   * or a lost key would never be sent again (seen in CI, 2026-12-07).
   */
  const until = async (check: (screen: string) => boolean, what: string, resend?: () => Promise<unknown>) => {
    const deadline = Date.now() + 30_000;
    let still = { shown: '', since: Date.now() };
    for (;;) {
      const shown = await screen();
      if (check(shown)) return shown;
      if (Date.now() > deadline) throw new Error(`${what}; the screen:\n${shown}`);
      const moved = shown.replace(/denied in \d+s/g, 'denied in …');
      if (moved !== still.shown) still = { shown: moved, since: Date.now() };
      else if (resend && Date.now() - still.since > 5_000) {
        await resend();
        still = { shown: moved, since: Date.now() };
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  /** Types as a person would (`send-keys -l`: the text literally, one write). */
  const type = (text: string) => tmux('send-keys', '-t', 'app', '-l', text);
  const key = (name: string) => tmux('send-keys', '-t', 'app', name);
  const exited = async () =>
    (await tmux('display-message', '-p', '-t', 'app', '#{pane_dead}')).stdout.trim() === '1';

  const deadline = Date.now() + 60_000;
  while (readdirSync(dir).length === 0) {
    if (Date.now() > deadline) throw new Error(`no connection file; the screen:\n${await screen()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await until((s) => s.includes('vault typed: []'), 'no first frame');
  const { url, token } = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')) as {
    url: string;
    token: string;
  };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const remove = (name: string) =>
    client.callTool({ name: 'vault.vault.remove', arguments: { name } }) as Promise<CallToolResult>;
  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    void promise.then(
      () => {
        state.done = true;
      },
      () => {
        state.done = true;
      },
    );
    return state;
  };
  return { screen, until, type, key, exited, remove, settled };
}

const ASKED = /An agent asks to run vault\.vault\.remove/;
const ARMED = /Allow\? y\/N/;
const UNARMED = /Wait: keys are ignored until this question is armed/;

describe.skipIf(!hasTmux)('the y/N prompt in a real terminal (tmux)', () => {
  it('a person typing "yes" as the question appears approves nothing: the keys are ignored and swallowed until it is armed', async () => {
    // Arming of 3 s: the keys typed "as it appears" must reach the app inside it even on a loaded machine.
    const t = await vaultInTmux(80, 24, 3000);
    const removal = t.remove('tax documents');
    const state = t.settled(removal);
    await t.until((s) => ASKED.test(s) && UNARMED.test(s), 'no unarmed question');
    await t.type('yes');
    await t.key('Enter');
    // Still asking and unarmed (each key started the arming time over); the app got none of them.
    const after = await t.until((s) => UNARMED.test(s), 'the question went away');
    expect(after).toMatch(/vault typed: \[\] removed: 0/);
    expect(state.done).toBe(false);
    await t.until((s) => ARMED.test(s), 'the question never armed');
    expect(state.done).toBe(false);
    await t.type('n');
    const answer = await removal;
    expect(answer.isError).toBe(true);
    expect((answer.content[0] as { text: string }).text).toMatch(/declined/);
    await t.until((s) => !ASKED.test(s) && /removed: 0/.test(s), 'the prompt stayed up');
  }, 120_000);

  it('"yy" read at once answers nothing; after an answer the next question is shown unarmed, and waits for its own', async () => {
    // Arming of 3 s: the test's "quick" y must reach the app inside it even on a loaded machine.
    const t = await vaultInTmux(80, 24, 3000);
    const first = t.remove('Buy milk');
    const firstState = t.settled(first);
    const second = t.remove('tax documents');
    const secondState = t.settled(second);
    await t.until((s) => /Buy milk/.test(s) && ARMED.test(s), 'the first question never armed');
    // One write, one read: text (a paste, keys sent together), nobody's answer. It unarms the question.
    await t.type('yy');
    await t.until((s) => /Buy milk/.test(s) && UNARMED.test(s), 'the text did not unarm the question');
    expect(firstState.done).toBe(false);
    await t.until((s) => /Buy milk/.test(s) && ARMED.test(s), 'the first question never armed again');
    await t.type('y');
    expect((await first).isError).toBeFalsy();
    // The next question appears unarmed: a y right away (a second quick press) is ignored.
    await t.until((s) => /tax documents/.test(s) && UNARMED.test(s), 'no unarmed second question');
    await t.type('y');
    await t.until((s) => /removed: 1/.test(s), 'the first removal is not shown');
    expect(secondState.done).toBe(false);
    await t.until((s) => /tax documents/.test(s) && ARMED.test(s), 'the second question never armed');
    expect(secondState.done).toBe(false);
    await t.type('n');
    expect((await second).isError).toBe(true);
    await t.until((s) => !ASKED.test(s) && /vault typed: \[\] removed: 1/.test(s), 'wrong end state');
  }, 120_000);

  it('a flood of questions does not lock the keyboard: "a" denies them all, then keys reach the app', async () => {
    const t = await vaultInTmux();
    const flood = Array.from({ length: 15 }, (_, i) => t.remove(`item ${i}`));
    await t.until((s) => ARMED.test(s), 'no armed question');
    await t.type('a');
    const answers = await Promise.all(flood);
    expect(answers.filter((a) => a.isError !== true)).toEqual([]);
    await t.until((s) => !ASKED.test(s), 'a question is still up');
    await t.type('k');
    await t.until((s) => /vault typed: \[k\] removed: 0/.test(s), 'the key did not reach the app');
  }, 120_000);

  it('Ctrl+C while a question is up ends the app, and nothing is removed', async () => {
    const t = await vaultInTmux();
    const removal = t.remove('tax documents').catch((error: unknown) => error);
    await t.until((s) => ASKED.test(s), 'no question');
    await t.key('C-c');
    const answer = await removal;
    // Denied, or the connection closed with the app: either way not run.
    if (!(answer instanceof Error)) expect((answer as CallToolResult).isError).toBe(true);
    const deadline = Date.now() + 30_000;
    while (!(await t.exited())) {
      if (Date.now() > deadline) throw new Error(`the app did not exit; the screen:\n${await t.screen()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await t.screen()).toMatch(/removed: 0/);
  }, 120_000);

  it('a long argument with a bidi override: shown escaped and whole over pages, y counts only once all was on screen', async () => {
    // 80 × 14: the question (about 15 lines) cannot fit, so it is paged.
    const t = await vaultInTmux(80, 14);
    const name = `${'a'.repeat(500)}\u202Egnp.exe\u200B${'b'.repeat(400)}END`;
    const removal = t.remove(name);
    const state = t.settled(removal);
    const first = await t.until((s) => ASKED.test(s) && /next page/.test(s), 'no paged, armed question');
    expect(first).not.toMatch(/[\u202E\u200B]/);
    await t.type('y');
    // Paging on is what shows y was ignored: the question is still up when the next page is.
    const pages: string[] = [first];
    for (let i = 0; i < 20 && !ARMED.test(pages.at(-1)!); i++) {
      const before = /lines \d+–\d+ of \d+/.exec(pages.at(-1)!)?.[0];
      await t.key('Space');
      pages.push(
        await t.until(
          (s) => !s.includes(before ?? '\u0000'),
          'space did not turn the page',
          () => t.key('Space'),
        ),
      );
    }
    expect(state.done).toBe(false);
    const last = pages.at(-1)!;
    expect(last).toMatch(ARMED);
    // The escaped override and the end of the argument were on screen.
    const everything = pages.join('\n').replace(/ *│\n│ /g, '');
    expect(everything).toContain('\\u202Egnp.exe\\u200B');
    expect(everything).toContain('END"}');
    expect(shownArgs({ name }).length).toBeLessThan(1000);
    await t.type('y');
    expect((await removal).isError).toBeFalsy();
    await t.until((s) => /removed: 1/.test(s), 'the removal is not shown');
  }, 120_000);
});

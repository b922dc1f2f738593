/**
 * A hostile agent against an app a person watches in a real terminal (a pty), over Streamable HTTP
 * (issue #28): it tries to get a destructive command past the person, to make the person approve
 * something other than what runs, to answer the app's own confirmation with keys, to hang the app,
 * and to write escape sequences into the person's terminal. Every command that ran is in `ran.log`.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type IPty, spawn as spawnPty } from '@lydell/node-pty';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { terminalEnv, waitForOutput as waitFor } from '../helpers/person-terminal.js';

const app = fileURLToPath(new URL('./fixtures/deploy-app.tsx', import.meta.url));

const text = (r: CallToolResult) => r.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The demo app in a pty, and a hostile client connected to it with `clientName`. */
async function start(clientName: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-hostile-'));
  const term: IPty = spawnPty(process.execPath, ['--import', 'tsx', app], {
    cols: 100,
    rows: 30,
    cwd: process.cwd(),
    env: { ...terminalEnv(), INK_MCP_TEST_DIR: dir },
  });
  let output = '';
  term.onData((data) => {
    output += data;
  });
  const exited = new Promise<void>((resolve) => term.onExit(() => resolve()));
  const client = new Client({ name: clientName, version: '1' });
  cleanups.push(async () => {
    await client.close().catch(() => {});
    term.kill();
    await exited;
  });
  const connection = () => readdirSync(dir).find((f) => f.endsWith('.json'));
  await waitFor(
    () => connection() !== undefined,
    'no connection file',
    () => output,
  );
  await waitFor(
    () => output.includes('Target: staging'),
    'no first frame',
    () => output,
  );
  const { url, token } = JSON.parse(readFileSync(join(dir, connection()!), 'utf8')) as {
    url: string;
    token: string;
  };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const ranLog = () => (existsSync(join(dir, 'ran.log')) ? readFileSync(join(dir, 'ran.log'), 'utf8') : '');
  const act = (action: string, args: Record<string, unknown> = {}, widget = 'deploy') =>
    client.callTool({
      name: 'ops_act',
      arguments: { widget, action, args: JSON.stringify(args) },
    }) as Promise<CallToolResult>;
  /**
   * Sends a call, waits for the person's question about it (`shown` in the prompt), and answers it
   * with `key` once the prompt is armed ("Allow?": it ignores keys for a moment after it appears).
   * Answers the call's result and the prompt as drawn.
   */
  const answer = async (send: () => Promise<CallToolResult>, shown: RegExp, key: string) => {
    const since = output.length;
    const pending = send();
    const prompt = () => output.slice(since);
    await waitFor(
      () => /An agent asks/.test(prompt()) && shown.test(prompt()) && /Allow\?/.test(prompt()),
      `the question never showed ${shown}, armed`,
      () => output,
    );
    const drawn = prompt();
    term.write(key);
    return { result: await pending, drawn };
  };
  return { client, term, act, answer, ranLog, output: () => output };
}

describe('a hostile agent, attached (a person at a real terminal)', () => {
  it('gets nothing past the person, and writes no byte of its own into their terminal', async () => {
    const name = 'evil\u001B]2;PWNED\u0007\u202Ebot';
    const s = await start(name);

    // Its name reaches the app cleaned: no title change, no bidi override in the terminal.
    expect(text(await s.act('greet'))).toContain('greeted');
    await waitFor(() => s.output().includes('Hello, evil'), 'no greeting', s.output);

    // The app's own danger-zone dialog, opened by the person: the agent's y is refused.
    s.term.write('x');
    await waitFor(() => s.output().includes('Destroy staging?'), 'no danger dialog', s.output);
    const keys = (await s.client.callTool({
      name: 'ops_keyboard_press',
      arguments: { keys: ['y'] },
    })) as CallToolResult;
    expect(keys.isError).toBe(true);
    expect(text(keys)).toMatch(/only the person at the terminal may answer/);
    const typed = (await s.client.callTool({
      name: 'ops_keyboard_type',
      arguments: { text: 'yes' },
    })) as CallToolResult;
    expect(typed.isError).toBe(true);
    // Its own confirm asks the person, who says no.
    const confirm = await s.answer(() => s.act('confirm', {}, 'danger'), /Destroy staging/, 'n');
    expect(text(confirm.result)).toMatch(/declined/);
    s.term.write('n'); // the person closes their dialog
    await waitFor(() => !s.output().slice(-400).includes('Destroy staging?'), 'the dialog stayed', s.output);

    // A target switched by a call sent together with the command: whichever order they arrive in,
    // the person is asked about the target the command will run on, and it runs there.
    let switched: Promise<CallToolResult> | undefined;
    const command = await s.answer(
      () => {
        switched = s.act('switch_target', { target: 'prod' });
        return s.act('run_command', { command: 'deploy' });
      },
      /Run \\?"deploy\\?" on (prod|staging)/,
      'y',
    );
    const shownTarget = /on (prod|staging)/.exec(command.drawn)![1];
    expect(text(command.result)).toContain(`ran on ${shownTarget}`);
    expect(text(await switched!)).toContain('target is prod');

    // A hidden direction mark in an argument is refused before the person is asked (issue #39 item 7).
    const sneaky = await s.act('run_command', { command: 'echo \u202Efdp.exe' });
    expect(sneaky.isError).toBe(true);
    expect(text(sneaky)).toMatch(/found U\+202E, a bidi override/);

    // An argument too long to show in full is refused before anyone is asked.
    const long = await s.act('run_command', { command: `echo ${'a'.repeat(5000)}` });
    expect(long.isError).toBe(true);
    expect(text(long)).toMatch(/too long to show a person in full/);

    // A pattern that backtracks for minutes in a JS regex answers within its own timeout, and the
    // server answers a ping meanwhile.
    const started = Date.now();
    const waiting = s.client.callTool({
      name: 'ops_screen_wait_for',
      arguments: { pattern: '(a+)+$', timeout_ms: 2000 },
    }) as Promise<CallToolResult>;
    await s.client.ping();
    await waiting;
    expect(Date.now() - started).toBeLessThan(15_000);

    expect(s.ranLog()).toBe(`${shownTarget}: deploy\n`);
    // Nothing the agent sent reached the terminal as an escape: no OSC (title, clipboard, link),
    // and no raw bidi override.
    expect(s.output()).not.toContain('\u001B]');
    expect(s.output()).not.toContain('\u202E');
  }, 120_000);
});

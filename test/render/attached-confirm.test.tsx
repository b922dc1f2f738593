// Ink writes no intermediate frames when it believes it runs in CI (it reads the environment once, at
// import). Attached mode is for a person's terminal, so this test hides CI markers before Ink loads.
const hidden = vi.hoisted(() => {
  const saved: Record<string, string | undefined> = {};
  for (const key of Object.keys(process.env)) {
    if (key === 'CI' || key === 'CONTINUOUS_INTEGRATION' || key.startsWith('CI_')) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
  }
  return saved;
});

import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Text, useInput } from 'ink';
import { useState } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMemoryTerminal, stripAnsi } from '../../src/react/memory-terminal.js';
import { useMcpTools } from '../../src/react/use-mcp-tools.js';
import { shownArgs } from '../../src/registry/shown-text.js';
import { renderMcp } from '../../src/render/render-mcp.js';

afterAll(() => Object.assign(process.env, hidden));

/** A destructive action, a way for the agent to type, and a field showing what the app's keys got. */
function Vault() {
  const [typed, setTyped] = useState('');
  const [removed, setRemoved] = useState<string[]>([]);
  useInput((input) => setTyped((t) => t + input));
  useMcpTools('vault', {
    wipe: { annotations: { destructiveHint: true }, run: () => 'wiped' },
    remove: {
      annotations: { destructiveHint: true },
      // Opted out of the refusal of invisible characters (issue #39): what the question shows of
      // such text, escaped, is what these tests check.
      inputSchema: z.object({ name: z.string().meta({ 'x-ink-mcp-allow-control': true }) }),
      run: ({ name }) => {
        setRemoved((r) => [...r, name]);
        return 'removed';
      },
    },
    type: {
      inputSchema: z.object({ text: z.string() }),
      run: ({ text }, call) => {
        call.input?.(text);
        return 'typed';
      },
    },
  });
  return (
    <Text>
      the vault; typed: [{typed}] removed: {removed.length}
    </Text>
  );
}

describe('attached mode (renderMcp over HTTP)', () => {
  it('prints how to connect before the first frame, and asks the person at the terminal (answered through stdin)', async () => {
    const terminal = createMemoryTerminal(100, 30);
    const order: string[] = [];
    let stderrText = '';
    const stderr = Object.assign(createMemoryTerminal().stderr, {
      write: (chunk: string) => {
        order.push('stderr');
        stderrText += chunk;
        return true;
      },
    });
    const stdoutWrite = terminal.stdout.write;
    terminal.stdout.write = (...args) => {
      order.push('stdout');
      return stdoutWrite(...args);
    };
    // Ink ≥ 7 draws frames only on a terminal; this stdout stands in for one.
    const stdout = Object.assign(terminal.stdout, { isTTY: true });
    const dir = mkdtempSync(join(tmpdir(), 'ink-mcp-conn-'));
    const app = await renderMcp(<Vault />, {
      session: 'vault',
      transport: 'http',
      stdin: terminal.stdin as unknown as NodeJS.ReadStream,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: stderr as unknown as NodeJS.WriteStream,
      connectionDir: dir,
      authorize: () => 'ask',
      patchConsole: false, // vitest's console has no Console constructor for Ink to patch with
      logger: { warn: () => {} },
    });
    const client = new Client({ name: 'attached-test', version: '1' });
    try {
      const { url, token } = app.endpoint!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(order[0]).toBe('stderr');
      expect(order).toContain('stdout');
      expect(stderrText).toContain(
        `claude mcp add --transport http vault ${url} --header "Authorization: Bearer ${token}"`,
      );
      expect(stderrText).toContain('"mcpServers"');
      const file = app.connectionFile!;
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ session: 'vault', url, token });

      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const screen = async () => {
        const read = await client.readResource({ uri: 'ink://vault/screen' });
        return (read.contents[0] as { text: string }).text;
      };
      const answerWith = async (key: string) => {
        const pending = client.callTool({
          name: 'vault.vault.wipe',
          arguments: {},
        }) as Promise<CallToolResult>;
        // The question appears in the app; the person answers it with a key.
        // Keys count once the question is armed (issue #28): the prompt says when.
        for (
          let i = 0;
          i < 500 && !/An agent asks to run vault\.vault\.wipe[\s\S]*Allow\? y\/N/.test(await screen());
          i++
        ) {
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(await screen()).toMatch(/Allow\? y\/N/);
        terminal.stdin.write(key);
        return pending;
      };

      // An agent typing "y" while its own question is open: the app gets the key, the question does not.
      const pending = client.callTool({ name: 'vault.vault.wipe', arguments: {} }) as Promise<CallToolResult>;
      for (let i = 0; i < 200 && !(await screen()).includes('An agent asks'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      // The question holds the session's one slot (issue #28): the agent's key waits behind it.
      const typed = client.callTool({ name: 'vault.vault.type', arguments: { text: 'y' } });
      expect(await screen()).toMatch(/typed: \[\][\s\S]*An agent asks to run vault\.vault\.wipe/);
      // The person's key answers the question (once it is armed), and reaches nothing else.
      for (let i = 0; i < 500 && !(await screen()).includes('Allow? y/N'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      terminal.stdin.write('n');
      const refused = await pending;
      expect(refused.isError).toBe(true);
      await typed;
      expect(await screen()).toMatch(/typed: \[y\]/);

      const approved = await answerWith('y');
      expect(approved.isError).toBeFalsy();
      expect((approved.content[0] as { text: string }).text).toMatch(
        /^wiped\n\nScreen( after the call:|: as in your last answer)/,
      );

      const declined = await answerWith('n');
      expect(declined.isError).toBe(true);
      expect((declined.content[0] as { text: string }).text).toMatch(
        /the person at the terminal declined it/,
      );
      // Ink throttles frames on a real terminal (about 30 per second): the prompt goes in the next one.
      for (let i = 0; i < 200 && (await screen()).includes('An agent asks'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await screen()).not.toMatch(/An agent asks/);
      // None of the person's answers reached the app's own key handler.
      expect(await screen()).toMatch(/typed: \[y\] removed: 0$/m);
    } finally {
      await client.close();
      await app.unmount();
    }
    expect(existsSync(app.connectionFile!)).toBe(false);
  });

  it('refuses to start without a terminal, saying what to use instead', async () => {
    const stdin = Object.assign(createMemoryTerminal().stdin, { isTTY: false });
    await expect(
      renderMcp(<Vault />, {
        session: 'vault',
        transport: 'http',
        stdin: stdin as unknown as NodeJS.ReadStream,
        connectionDir: false,
      }),
    ).rejects.toThrow(/stdin is not a terminal.*use transport 'stdio'/);
  });
});

/** The attached app in a memory terminal of the given size, and an HTTP client connected to it. */
async function attachedVault(columns = 100, rows = 30) {
  const terminal = createMemoryTerminal(columns, rows);
  // What the person sees: Ink writes each frame whole after its erase sequences, so the last write
  // with visible text, stripped of escapes, is the frame on the terminal (as src/render/screen-tap.ts).
  let shownFrame = '';
  const write = terminal.stdout.write;
  terminal.stdout.write = (chunk, ...rest) => {
    const text = stripAnsi(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    if (text.trim() !== '') shownFrame = text.replace(/\s+$/, '');
    return write(chunk, ...rest);
  };
  // Ink ≥ 7 draws frames only on a terminal; this stdout stands in for one.
  const stdout = Object.assign(terminal.stdout, { isTTY: true });
  const app = await renderMcp(<Vault />, {
    session: 'vault',
    transport: 'http',
    stdin: terminal.stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: terminal.stderr as unknown as NodeJS.WriteStream,
    connectionDir: false,
    authorize: () => 'ask',
    patchConsole: false,
    logger: { warn: () => {} },
  });
  const client = new Client({ name: 'attached-test', version: '1' });
  const { url, token } = app.endpoint!;
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const screen = () => shownFrame;
  const until = async (check: (screen: string) => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!check(screen())) {
      if (Date.now() > deadline) throw new Error(`${what}; the screen:\n${screen()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const call = (name: string, args: Record<string, unknown> = {}, signal?: AbortSignal) =>
    client.callTool(
      { name: `vault.vault.${name}`, arguments: args },
      signal ? { signal } : {},
    ) as Promise<CallToolResult>;
  /** Whether a promise is still pending after the app had time to act on what came before. */
  const pendingAfter = async (promise: Promise<unknown>, ms: number) => {
    let settled = false;
    void promise.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await new Promise((r) => setTimeout(r, ms));
    return !settled;
  };
  return {
    terminal,
    app,
    client,
    screen,
    until,
    call,
    pendingAfter,
    async close() {
      await client.close().catch(() => {});
      await app.unmount();
    },
  };
}

const ASKED = /An agent asks to run vault\.vault\.\w+/;
const ARMED = /Allow\? y\/N/;
const UNARMED = /Wait: keys are ignored until this question is armed/;

describe('the in-app prompt: armed, one at a time, deny all, cancellable (issue #28, item 3)', () => {
  it('ignores and swallows keys for the arming time: a person typing "yes" into the app as the question appears approves nothing', async () => {
    const v = await attachedVault();
    try {
      const removal = v.call('remove', { name: 'tax documents' });
      await v.until((s) => ASKED.test(s), 'no question');
      expect(v.screen()).toMatch(UNARMED);
      // Typed within the arming time (500 ms by default): each key is ignored and starts it over.
      v.terminal.stdin.write('y');
      v.terminal.stdin.write('e');
      v.terminal.stdin.write('s');
      v.terminal.stdin.write('\r');
      expect(await v.pendingAfter(removal, 200)).toBe(true);
      expect(v.screen()).toMatch(UNARMED);
      // Swallowed: none reached the app's own key handler either.
      expect(v.screen()).toMatch(/typed: \[\] removed: 0/);
      // Armed once the person has paused; then a key answers.
      await v.until((s) => ARMED.test(s), 'the question never armed');
      v.terminal.stdin.write('n');
      const answer = await removal;
      expect(answer.isError).toBe(true);
      expect(v.screen()).toMatch(/removed: 0/);
    } finally {
      await v.close();
    }
  });

  it('two quick y answer one question: the next question is shown unarmed, and waits for its own answer', async () => {
    const v = await attachedVault();
    try {
      const first = v.call('remove', { name: 'Buy milk' });
      const second = v.call('remove', { name: 'tax documents' });
      await v.until((s) => /Buy milk/.test(s) && ARMED.test(s), 'the first question never armed');
      // Two key presses, one right after the other (each read on its own, as a person's keys are).
      v.terminal.stdin.write('y');
      v.terminal.stdin.write('y');
      expect((await first).isError).toBeFalsy();
      await v.until((s) => /tax documents/.test(s), 'the second question never came');
      expect(v.screen()).toMatch(UNARMED);
      expect(await v.pendingAfter(second, 100)).toBe(true);
      await v.until((s) => /tax documents/.test(s) && ARMED.test(s), 'the second question never armed');
      v.terminal.stdin.write('n');
      expect((await second).isError).toBe(true);
      await v.until((s) => /removed: 1/.test(s), 'the first removal is not shown');
    } finally {
      await v.close();
    }
  });

  it('text read at once (a paste, "yes" sent together) answers nothing, and unarms the question', async () => {
    const v = await attachedVault();
    try {
      const removal = v.call('remove', { name: 'tax documents' });
      await v.until((s) => ARMED.test(s), 'the question never armed');
      v.terminal.stdin.write('yes');
      await v.until((s) => UNARMED.test(s), 'the text did not unarm the question');
      expect(await v.pendingAfter(removal, 100)).toBe(true);
      expect(v.screen()).toMatch(/typed: \[\] removed: 0/);
      await v.until((s) => ARMED.test(s), 'the question never armed again');
      v.terminal.stdin.write('n');
      expect((await removal).isError).toBe(true);
    } finally {
      await v.close();
    }
  });

  it('a flood of questions never locks the keyboard: "a" denies them all, then keys reach the app again', async () => {
    const v = await attachedVault();
    try {
      const flood = Array.from({ length: 20 }, (_, i) => v.call('remove', { name: `item ${i}` }));
      await v.until((s) => ARMED.test(s), 'no armed question');
      v.terminal.stdin.write('a');
      const answers = await Promise.all(flood);
      expect(answers.map((a) => a.isError)).toEqual(flood.map(() => true));
      expect(answers.map((a) => (a.content[0] as { text: string }).text)).toEqual(
        flood.map(() => expect.stringMatching(/declined/)),
      );
      await v.until((s) => !ASKED.test(s), 'a question is still shown');
      v.terminal.stdin.write('k');
      await v.until((s) => /typed: \[k\] removed: 0/.test(s), 'the key did not reach the app');
    } finally {
      await v.close();
    }
  });

  it('takes down and denies the question of a call its client cancels', async () => {
    const v = await attachedVault();
    try {
      const controller = new AbortController();
      const cancelled = v.call('remove', { name: 'cancelled' }, controller.signal);
      await v.until((s) => /cancelled/.test(s), 'no question');
      controller.abort();
      await expect(cancelled).rejects.toThrow();
      await v.until((s) => !ASKED.test(s), 'the cancelled question is still shown');
      // The next question is asked as usual.
      const next = v.call('remove', { name: 'next one' });
      await v.until((s) => /next one/.test(s) && ARMED.test(s), 'no next question');
      v.terminal.stdin.write('y');
      expect((await next).isError).toBeFalsy();
      await v.until((s) => /removed: 1/.test(s), 'the approved removal is not shown');
    } finally {
      await v.close();
    }
  });

  it('Ctrl+C still works while a question is up, armed or not: the app exits and the call is not run', async () => {
    const v = await attachedVault();
    let removed = false;
    try {
      const removal = v.call('remove', { name: 'tax documents' }).then(
        (answer) => {
          removed = answer.isError !== true;
        },
        () => {},
      );
      await v.until((s) => ASKED.test(s), 'no question');
      v.terminal.stdin.write('\u0003');
      await v.app.waitUntilExit();
      await removal;
      expect(removed).toBe(false);
    } finally {
      await v.close();
    }
  });
});

describe('the in-app prompt shows the whole question, escaped (issue #28, item 4)', () => {
  it('a long argument with bidi and zero-width characters: shown escaped and whole, paged; y counts once the last page was shown', async () => {
    // 60 × 14: the question cannot fit, so it is paged.
    const v = await attachedVault(60, 14);
    try {
      const name = `${'a'.repeat(400)}\u202Egnp.exe\u200B${'b'.repeat(500)}END`;
      const args = { name };
      const removal = v.call('remove', args);
      await v.until((s) => ASKED.test(s) && /next page/.test(s), 'no paged question');
      /** The prompt's text, its lines joined (help text breaks between words). */
      const boxText = () => body().join(' ');
      const body = () => {
        // The question's lines: inside the border, above the footer.
        const lines = v.screen().split('\n');
        const top = lines.findIndex((l) => l.startsWith('╭'));
        return lines
          .slice(top + 1)
          .filter((l) => l.startsWith('│'))
          .map((l) => l.slice(2, -1).trimEnd());
      };
      // Nothing raw: no bidi or zero-width character reaches the terminal.
      expect(v.screen()).not.toMatch(/[\u202E\u200B]/);
      // y on the first page: not yet (the footer says why).
      expect(boxText()).toMatch(/y works once you have seen it all/);
      expect(boxText()).toMatch(/lines 1–\d+ of \d+/);
      v.terminal.stdin.write('y');
      expect(await v.pendingAfter(removal, 200)).toBe(true);
      // Page through with space, collecting every line shown by its number.
      const seen = new Map<number, string>();
      let pages = 0;
      for (;;) {
        const lines = body();
        const where = /lines (\d+)–(\d+) of (\d+)/.exec(boxText());
        if (!where) throw new Error(`no page numbers:\n${v.screen()}`);
        const [, first, last, total] = where.map(Number) as [number, number, number, number];
        for (let i = 0; i <= last - first; i++) seen.set(first + i, lines[i] ?? '');
        if (last === total) break;
        v.terminal.stdin.write(' ');
        await v.until(() => !boxText().includes(where[0]), 'space did not turn the page');
        pages++;
      }
      expect(pages).toBeGreaterThan(0);
      await v.until((s) => ARMED.test(s), 'y is not offered on the last page');
      // Every character of the arguments was on screen, escaped, in order.
      const shown = [...seen.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, line]) => line)
        .join('');
      expect(shown).toBe(`An agent asks to run vault.vault.removewith ${shownArgs(args)}`);
      expect(shown).toContain('\\u202Egnp.exe\\u200B');
      v.terminal.stdin.write('y');
      expect((await removal).isError).toBeFalsy();
    } finally {
      await v.close();
    }
  });
});

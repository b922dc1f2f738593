import { Box, render, Text, useInput } from 'ink';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmPrompt } from '../../src/react/ConfirmPrompt.js';
import { createMemoryTerminal, type MemoryTerminal } from '../../src/react/memory-terminal.js';
import type { AuthorizeRequest } from '../../src/registry/authorize.js';
import { Confirmer } from '../../src/session/confirmer.js';

/** The app under the prompt: shows the keys its own handler got, Ctrl+C included. */
function App({ confirmer }: { confirmer: Confirmer }) {
  const [keys, setKeys] = useState('');
  useInput((input, key) => setKeys((k) => k + (key.ctrl && input === 'c' ? '^C' : input)));
  return (
    <Box flexDirection="column">
      <Text>app keys: [{keys}]</Text>
      <ConfirmPrompt confirmer={confirmer} />
    </Box>
  );
}

const opened: { unmount(): void; confirmer: Confirmer }[] = [];
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.unmount();
    o.confirmer.close();
  }
});

/** The prompt in a memory terminal (Ink renders for real; exitOnCtrlC is off, as an app may set it). */
function prompt(options: { armMs?: number; columns?: number; rows?: number } = {}) {
  const terminal: MemoryTerminal = createMemoryTerminal(options.columns ?? 80, options.rows ?? 24);
  const confirmer = new Confirmer({ armMs: options.armMs ?? 0 });
  const ink = render(<App confirmer={confirmer} />, terminal.inkOptions());
  opened.push({ unmount: () => ink.unmount(), confirmer });
  const until = async (check: (screen: string) => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check(terminal.screen())) {
      if (Date.now() > deadline) throw new Error(`${what}; the screen:\n${terminal.screen()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return { terminal, confirmer, until, screen: () => terminal.screen() };
}

const ask = (tool: string, args: Record<string, unknown> = {}, summary?: string): AuthorizeRequest => ({
  tool,
  args,
  sessionId: 's',
  ...(summary === undefined ? {} : { summary }),
});

describe('ConfirmPrompt', () => {
  it('one question at a time, saying which of how many ("Question 2 of 3")', async () => {
    const p = prompt();
    const answers = ['a.remove', 'b.remove', 'c.remove'].map((tool) => p.confirmer.ask(ask(tool)));
    await p.until((s) => /a\.remove[\s\S]*Question 1 of 3/.test(s), 'no first question');
    expect(p.screen()).not.toMatch(/b\.remove|c\.remove/);
    p.terminal.stdin.write('n');
    await p.until((s) => /b\.remove[\s\S]*Question 2 of 3/.test(s), 'no second question');
    p.terminal.stdin.write('y');
    await p.until((s) => /c\.remove[\s\S]*Question 3 of 3/.test(s), 'no third question');
    p.terminal.stdin.write('a');
    expect(await Promise.all(answers)).toEqual([false, true, false]);
    await p.until((s) => !/An agent asks/.test(s), 'the prompt stayed up');
    // None of the person's answers reached the app.
    expect(p.screen()).toMatch(/app keys: \[\]/);
  });

  it('shows it is not armed yet, and then that it is', async () => {
    const p = prompt({ armMs: 300 });
    void p.confirmer.ask(ask('a.remove'));
    await p.until((s) => /Wait: keys are ignored until this question is armed/.test(s), 'no unarmed state');
    expect(p.screen()).not.toMatch(/Allow\? y\/N/);
    await p.until((s) => /Allow\? y\/N · a: deny all/.test(s), 'never armed');
  });

  it('someone typing on after it armed ("hey you") unarms it with the first stray key: the y that follows answers nothing', async () => {
    const p = prompt({ armMs: 300 });
    const answer = p.confirmer.ask(ask('a.remove'));
    await p.until((s) => /Allow\? y\/N/.test(s), 'never armed');
    p.terminal.stdin.write('hey');
    await p.until((s) => /Wait: keys are ignored/.test(s), 'a stray key did not unarm it');
    expect(p.confirmer.current()).toBeDefined();
    await p.until((s) => /Allow\? y\/N/.test(s), 'never armed again');
    p.terminal.stdin.write('y');
    await expect(answer).resolves.toBe(true);
  });

  it('keys in the kitty keyboard protocol (Ink 8) mean the same: y approves, a release is no key, Ctrl+C denies all', async () => {
    const p = prompt({ armMs: 0 });
    const first = p.confirmer.ask(ask('a.remove'));
    await p.until((s) => /a\.remove[\s\S]*Allow\? y\/N/.test(s), 'no question');
    p.terminal.stdin.write('\u001B[121u'); // y pressed
    await expect(first).resolves.toBe(true);
    const second = p.confirmer.ask(ask('b.remove'));
    const third = p.confirmer.ask(ask('c.remove'));
    await p.until((s) => /b\.remove/.test(s), 'no second question');
    p.terminal.stdin.write('\u001B[121;1:3u'); // y released: nothing
    p.terminal.stdin.write('\u001B[99;5u'); // Ctrl+C
    expect(await Promise.all([second, third])).toEqual([false, false]);
  });

  it("Ctrl+C denies every question at once, armed or not, and still reaches the app (exitOnCtrlC off: the app's own Ctrl+C)", async () => {
    const p = prompt({ armMs: 60_000 });
    const answers = [p.confirmer.ask(ask('a.remove')), p.confirmer.ask(ask('b.remove'))];
    await p.until((s) => /a\.remove/.test(s), 'no question');
    p.terminal.stdin.write('\u0003');
    expect(await Promise.all(answers)).toEqual([false, false]);
    await p.until(
      (s) => /app keys: \[\^C\]/.test(s) && !/An agent asks/.test(s),
      'Ctrl+C did not reach the app',
    );
  });

  it("shows the app's summary and the tool escaped: no bidi, zero-width or control character reaches the terminal", async () => {
    const p = prompt();
    void p.confirmer.ask(
      ask(
        'files.remove',
        { path: 'report\u202Efdp.exe', note: 'a\u200Bb\u0085c' },
        'Delete \u2066"invoice"\u2069 for good',
      ),
    );
    await p.until((s) => /files\.remove/.test(s), 'no question');
    const screen = p.screen();
    expect(screen).toContain('Delete \\u2066"invoice"\\u2069 for good');
    expect(screen).toContain('with {"path":"report\\u202Efdp.exe","note":"a\\u200Bb\\u0085c"}');
    expect(screen).not.toMatch(/[\u202E\u200B\u0085\u2066\u2069]/);
  });

  it('never lets a question grow taller than the terminal, wide characters included: it is paged instead', async () => {
    const p = prompt({ columns: 40, rows: 12 });
    const args = { text: '牛乳を買う🥛'.repeat(40) };
    void p.confirmer.ask(ask('shop.order', args));
    await p.until((s) => /lines 1–\d+ of \d+/.test(s), 'not paged');
    // The whole frame (the app's line and the prompt) fits in 12 rows: no line wrapped twice.
    expect(p.screen().split('\n').length).toBeLessThanOrEqual(11);
    expect(p.screen()).not.toMatch(/Allow\? y\/N/);
    // y before the last page does nothing; PageDown/↓ go on, ↑ goes back.
    p.terminal.stdin.write('y');
    const before = /lines 1–4 of \d+/;
    expect(p.screen()).toMatch(before);
    p.terminal.stdin.write('\u001B[B');
    await p.until((s) => /lines 5–8 of \d+/.test(s), 'down did not page');
    expect(p.confirmer.current()).toBeDefined();
    p.terminal.stdin.write('\u001B[A');
    await p.until((s) => before.test(s), 'up did not page back');
  });
});

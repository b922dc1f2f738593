// Issue #30, item 7: what an app logs with `console` is on the screen an agent reads, above the frame,
// as Ink shows it in a person's terminal; headless, through a real MCP client.
import { Box, Static, Text } from 'ink';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMcpTools } from '../../src/index.js';
import { renderHeadless } from '../../src/testing/index.js';
import { textOf } from './helpers.js';

/** A form whose submit logs what it submitted, as apps do. */
function Form() {
  const [sent, setSent] = useState(0);
  useMcpTools('form', {
    submit: {
      run: () => {
        console.log('Submitted: %o', { name: 'Ada', n: sent + 1 });
        console.error('warning: the server is slow');
        setSent(sent + 1);
        return 'sent';
      },
    },
  });
  return <Text>{`Sent ${sent}`}</Text>;
}

/** Logs one long green line after its first commit, from a timer: no commit goes with it. */
function Ticker() {
  useEffect(() => {
    const timer = setTimeout(() => console.log(`\u001B[32m${'tick '.repeat(10)}\u001B[39m`), 10);
    return () => clearTimeout(timer);
  }, []);
  return <Text>ticking</Text>;
}

/** Adds a `<Static>` item and logs, on each call. */
function Log() {
  const [items, setItems] = useState<string[]>([]);
  useMcpTools('log', {
    add: {
      run: () => {
        console.log('logged');
        setItems((i) => [...i, `item ${i.length + 1}`]);
      },
    },
  });
  return (
    <Box flexDirection="column">
      <Static items={items}>{(item) => <Text key={item}>{item}</Text>}</Static>
      <Text>{`${items.length} items`}</Text>
    </Box>
  );
}

const act = (app: Awaited<ReturnType<typeof renderHeadless>>, widget: string, action: string) =>
  app.client.callTool({ name: 'app_act', arguments: { widget, action, args: '{}' } }).then(textOf);
const read = (app: Awaited<ReturnType<typeof renderHeadless>>, args: Record<string, unknown> = {}) =>
  app.client.callTool({ name: 'app_screen_read', arguments: args }).then(textOf);

/** Console methods as each test found them: a session's tap must give them back. */
const before = { log: console.log, error: console.error };
afterEach(() => {
  expect(console.log).toBe(before.log);
  expect(console.error).toBe(before.error);
});

describe('console output on the screen (headless)', () => {
  it('is in the answer of the call that logged it and in screen.read, above the frame, in order', async () => {
    const app = await renderHeadless(<Form />);
    try {
      const answer = await act(app, 'form', 'submit');
      expect(answer).toContain(
        [
          'Screen after the call:',
          "Submitted: { name: 'Ada', n: 1 }",
          'warning: the server is slow',
          'Sent 1',
        ].join('\n'),
      );
      await act(app, 'form', 'submit');
      expect(await read(app)).toContain(
        [
          'Screen:',
          "Submitted: { name: 'Ada', n: 1 }",
          'warning: the server is slow',
          "Submitted: { name: 'Ada', n: 2 }",
          'warning: the server is slow',
          'Sent 2',
        ].join('\n'),
      );
      expect(app.lastFrame()).toMatch(/n: 2 \}\nwarning: the server is slow\nSent 2$/);
    } finally {
      await app.unmount();
    }
  });

  it('still reaches the console it wrapped (logs, a test runner), and stops at unmount', async () => {
    const seen: unknown[][] = [];
    const original = console.log;
    const recorder = (...args: unknown[]) => {
      seen.push(args);
    };
    console.log = recorder;
    try {
      const app = await renderHeadless(<Form />);
      expect(console.log).not.toBe(recorder);
      await act(app, 'form', 'submit');
      await app.unmount();
      expect(console.log).toBe(recorder);
      console.log('after the app');
      expect(seen).toEqual([['Submitted: %o', { name: 'Ada', n: 1 }], ['after the app']]);
      expect(app.lastFrame()).not.toContain('after the app');
    } finally {
      console.log = original;
    }
  });

  it('shows what is logged between commits (a timer) and keeps its colours and the terminal’s width', async () => {
    const app = await renderHeadless(<Ticker />, { columns: 20 });
    try {
      const shown = await app.client.callTool({
        name: 'app_screen_wait_for',
        arguments: { text: 'tick tick', timeout_ms: 10_000 },
      });
      expect(shown.isError).toBeFalsy();
      const styled = await read(app, { styles: true });
      // Cut at 20 cells as the plain screen is: the blank before the cut stays.
      expect(styled).toContain('[green]tick tick tick tick [/]\nticking');
      expect(styled).toContain("1 line cut at the terminal's 20 columns");
    } finally {
      await app.unmount();
    }
  });

  it('shows <Static> output too; what is logged shows above it (headless: README, Limits)', async () => {
    const app = await renderHeadless(<Log />);
    try {
      await act(app, 'log', 'add');
      expect(await act(app, 'log', 'add')).toContain('logged\nlogged\nitem 1\nitem 2\n2 items');
    } finally {
      await app.unmount();
    }
  });
});

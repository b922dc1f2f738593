// A headless app served to an agent renders Ink's frame when the screen is read (or 32 ms after a
// commit), not in every commit: src/react/deferred-render.ts. Real Ink, a real MCP client.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { render } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { deferRenders } from '../../src/react/deferred-render.js';
import { McpSession } from '../../src/react/McpSession.js';
import { createMemoryTerminal } from '../../src/react/memory-terminal.js';
import { createMcpServer } from '../../src/server/create-mcp-server.js';
import { Chat } from '../builtins/apps.js';
import { textOf } from '../builtins/helpers.js';

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

async function serve(renderOnRead: boolean, asStatic = false) {
  const terminal = createMemoryTerminal(40, 10);
  const server = createMcpServer();
  const instance = render(
    <McpSession
      id="app"
      server={server}
      screen={{ source: terminal.screen, size: () => terminal.stdout, renderOnRead }}
    >
      <Chat asStatic={asStatic} />
    </McpSession>,
    terminal.inkOptions(),
  );
  const client = new Client({ name: 'test', version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  // The session attaches in the first commit's effects: listed once it has.
  while ((await client.listTools()).tools.length === 0) await new Promise((r) => setTimeout(r, 5));
  open.push(async () => {
    instance.unmount();
    await client.close();
    await server.close();
  });
  const type = async (text: string) => {
    const result = await client.callTool({ name: 'app.keyboard.type', arguments: { text } });
    expect(result.isError).toBeFalsy();
    return textOf(result);
  };
  return { terminal, type };
}

describe('renderOnRead', () => {
  it('renders typed text when the answer reads the screen, not once per key', async () => {
    const text = 'hello there, agent!!';
    const app = await serve(true);
    const before = app.terminal.stdout.frameCount;
    expect(await app.type(text)).toContain(`> ${text}`);
    // One frame for the answer, and one per 32 ms the keys took at most (the backstop for a commit
    // nobody reads): on a machine so loaded that a key takes 16 ms, still half a frame a key.
    const deferred = app.terminal.stdout.frameCount - before;
    expect(deferred).toBeGreaterThanOrEqual(1);
    expect(deferred).toBeLessThanOrEqual(text.length / 2);

    // Without it, Ink renders every commit: the contrast that makes the count above mean something.
    const eager = await serve(false);
    const eagerBefore = eager.terminal.stdout.frameCount;
    expect(await eager.type(text)).toContain(`> ${text}`);
    expect(eager.terminal.stdout.frameCount - eagerBefore).toBeGreaterThanOrEqual(text.length);
  });

  // A commit that touches <Static> is rendered at once (Ink's onImmediateRender), deferred or not.
  it('keeps <Static> lines', async () => {
    const app = await serve(true, true);
    await app.type('one\n');
    const answer = await app.type('two\nthr');
    expect(answer).toContain('sent: one\nsent: two\n> thr');
  });

  it('renders a commit that nobody reads soon after it', async () => {
    const app = await serve(true);
    await app.type('a');
    // A person's key, not an agent's call: no answer reads the screen.
    app.terminal.stdin.write('b');
    while (!(app.terminal.stdout.lastFrame() ?? '').includes('> ab'))
      await new Promise((r) => setTimeout(r, 5));
  });
});

describe('deferRenders', () => {
  const inkRoot = () => {
    const calls: string[] = [];
    const onRender = () => calls.push('render');
    return { root: { onRender } as { onRender: () => void }, onRender, calls };
  };

  it('renders what is pending on flush and on stop, and gives Ink its own onRender back after the last user', () => {
    const { root, onRender, calls } = inkRoot();
    const first = deferRenders(root);
    const second = deferRenders(root);
    root.onRender();
    root.onRender();
    expect(calls).toEqual([]);
    first?.flush();
    first?.flush();
    expect(calls).toEqual(['render']);
    root.onRender();
    first?.stop();
    expect(calls).toEqual(['render', 'render']);
    expect(root.onRender).not.toBe(onRender);
    second?.stop();
    expect(root.onRender).toBe(onRender);
  });

  it('passes through once stopped under someone else’s wrapper', () => {
    const { root, calls } = inkRoot();
    const deferred = deferRenders(root);
    const ours = root.onRender;
    root.onRender = () => ours();
    deferred?.stop();
    root.onRender();
    expect(calls).toEqual(['render']);
  });

  it('does nothing on a root without onRender', () => {
    expect(deferRenders({})).toBeUndefined();
    expect(deferRenders(null)).toBeUndefined();
  });
});

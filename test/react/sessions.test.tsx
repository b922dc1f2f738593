// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state (setters, flags).
import { Box, type DOMElement, Static, Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { Activity, StrictMode, Suspense, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { McpSession, useMcpTools } from '../../src/react/index.js';
import { Confirmer } from '../../src/session/confirmer.js';
import {
  actionsOf,
  fakeHost,
  find,
  inkRootOf,
  mount,
  quietLogger,
  renderConcurrent,
  shape,
  turn,
} from './helpers.js';

afterEach(() => cleanup());

const OBSERVER = Symbol.for('ink-mcp/commit-observer@1');

function Panel({ id, children }: { id: string; children?: React.ReactNode }) {
  useMcpTools(id, { close: { run: () => {} } });
  return <Box flexDirection="column">{children ?? <Text>{id}</Text>}</Box>;
}

describe('hidden output', () => {
  it('leaves out a Suspense subtree while its fallback shows, and brings it back', async () => {
    let resolve: () => void = () => {};
    let ready = false;
    const promise = new Promise<void>((r) => {
      resolve = () => {
        ready = true;
        r();
      };
    });
    function Slow() {
      if (!ready) throw promise;
      return <Text>ready</Text>;
    }
    const { source, ink } = mount(
      <Suspense fallback={<Panel id="spinner" />}>
        <Panel id="content">
          <Slow />
        </Panel>
      </Suspense>,
    );
    expect(shape(source.current())).toBe('Panel#spinner');
    resolve();
    await promise;
    await turn(); // React's retry is scheduled from the promise's own callbacks
    await source.settled(); // includes React's ~300 ms throttle before revealing content
    expect(shape(source.current())).toBe('Panel#content');
    expect(ink.lastFrame()).toBe('ready');
  });

  it('leaves out an <Activity mode="hidden"> subtree', async () => {
    let setVisible: (on: boolean) => void = () => {};
    function Tabs() {
      const [visible, set] = useState(false);
      setVisible = set;
      return (
        <Box>
          <Panel id="shown" />
          <Activity mode={visible ? 'visible' : 'hidden'}>
            <Panel id="tab" />
          </Activity>
        </Box>
      );
    }
    const { source } = mount(<Tabs />);
    expect(shape(source.current())).toBe('Panel#shown');
    setVisible(true);
    await source.settled();
    expect(shape(source.current())).toBe('Panel#shown, Panel#tab');
  });

  it('leaves out <Static> output', async () => {
    const { source, ink } = mount(
      <Box flexDirection="column">
        <Static items={['log1']}>{(item) => <Panel key={item} id={item} />}</Static>
        <Panel id="live" />
      </Box>,
    );
    expect(shape(source.current())).toBe('Panel#live');
    await source.settled();
    expect(shape(source.current())).toBe('Panel#live');
    expect(ink.frames.join('')).toContain('log1');
  });
});

describe('sessions', () => {
  it('works under StrictMode with one session', async () => {
    let bump: () => void = () => {};
    function Counter() {
      const [n, set] = useState(0);
      bump = () => set((x) => x + 1);
      useMcpTools('c', { [`at_${n}`]: { run: () => {} } });
      return <Text>{n}</Text>;
    }
    const host = fakeHost();
    render(
      <StrictMode>
        <McpSession id="s" server={host} builtinTools={false} logger={quietLogger()}>
          <Counter />
        </McpSession>
      </StrictMode>,
    );
    await turn();
    expect(host.sessions).toHaveLength(1);
    const session = host.sessions[0]!;
    expect(session.running).toBe(true);
    expect(actionsOf(find(session.tree(), 'c'))).toEqual(['at_0']);
    bump();
    await session.source.settled();
    expect(actionsOf(find(session.tree(), 'c'))).toEqual(['at_1']);
  });

  it('gives nested and side-by-side sessions only their own subtree', async () => {
    const host = fakeHost();
    let showSecond: (on: boolean) => void = () => {};
    function App() {
      const [second, setSecond] = useState(true);
      showSecond = setSecond;
      return (
        <Box>
          <McpSession id="outer" server={host} builtinTools={false}>
            <Panel id="o1">
              <McpSession id="inner" server={host} builtinTools={false}>
                <Panel id="i1" />
              </McpSession>
              <Panel id="o2" />
            </Panel>
          </McpSession>
          {second && (
            <McpSession id="side" server={host} builtinTools={false}>
              <Panel id="s1" />
            </McpSession>
          )}
        </Box>
      );
    }
    render(<App />);
    const byId = Object.fromEntries(host.sessions.map((s) => [s.id, s]));
    expect(shape(byId.outer!.tree())).toBe('Panel#o1(Panel#o2)');
    expect(shape(byId.inner!.tree())).toBe('Panel#i1');
    expect(shape(byId.side!.tree())).toBe('Panel#s1');
    showSecond(false);
    await byId.outer!.source.settled();
    await turn();
    expect(byId.side!.running).toBe(false);
    expect(byId.outer!.running).toBe(true);
    expect(shape(byId.outer!.tree())).toBe('Panel#o1(Panel#o2)');
  });

  it('leaves nothing behind on unmount: commit hook restored, host detached, session stopped', async () => {
    const host = fakeHost();
    let box: DOMElement | null = null;
    function Probe() {
      const ref = useRef<DOMElement>(null);
      return (
        <Box
          ref={(node) => {
            if (node) box = node;
          }}
        >
          <Panel id="p" />
          <Box ref={ref} />
        </Box>
      );
    }
    const ink = render(
      <Box>
        <McpSession id="a" server={host} builtinTools={false}>
          <Probe />
        </McpSession>
        <McpSession id="b" server={host} builtinTools={false}>
          <Panel id="q" />
        </McpSession>
      </Box>,
    );
    const root = inkRootOf(box);
    const wrapped = root.onComputeLayout;
    expect(root[OBSERVER]).toBeDefined();
    const heard: unknown[] = [];
    host.sessions[0]!.subscribe((tree) => heard.push(tree));
    ink.unmount();
    await Promise.resolve();
    expect(root[OBSERVER]).toBeUndefined();
    expect(root.onComputeLayout).not.toBe(wrapped);
    expect((root.onComputeLayout as () => void).name).toBe('calculateLayout');
    expect(host.detached).toBe(2);
    expect(host.sessions.map((s) => s.running)).toEqual([false, false]);
    expect(host.sessions[0]!.tree()).toEqual([]);
    expect(heard).toEqual([[]]);
    await expect(host.sessions[0]!.source.settled()).resolves.toBeUndefined();
  });

  it('reads the screen from the screen prop and shows the confirmer’s questions below the app', async () => {
    const host = fakeHost();
    const confirmer = new Confirmer();
    const ink = render(
      <McpSession id="s" server={host} builtinTools={false} screen={() => 'the screen'} confirmer={confirmer}>
        <Panel id="p" />
      </McpSession>,
    );
    const session = host.sessions[0]!;
    expect(session.source.screen?.()).toBe('the screen');
    const answer = confirmer.ask({ tool: 's.p.close', args: {}, sessionId: 's' });
    await turn();
    expect(ink.lastFrame()).toContain('An agent asks to run s.p.close');
    expect(shape(session.tree())).toBe('Panel#p');
    confirmer.answer(confirmer.current()!.id, true);
    await expect(answer).resolves.toBe(true);
    confirmer.close();
  });

  it('starts a new session when the id changes', async () => {
    const host = fakeHost();
    const ink = render(
      <McpSession id="one" server={host} builtinTools={false}>
        <Panel id="p" />
      </McpSession>,
    );
    ink.rerender(
      <McpSession id="two" server={host} builtinTools={false}>
        <Panel id="p" />
      </McpSession>,
    );
    expect(host.sessions.map((s) => [s.id, s.running])).toEqual([
      ['one', false],
      ['two', true],
    ]);
    expect(shape(host.sessions[1]!.tree())).toBe('Panel#p');
  });

  it('settles in a concurrent root: a run that sets state shows in the tree after settled()', async () => {
    const host = fakeHost();
    let set: (n: number) => void = () => {};
    function Counter() {
      const [n, setN] = useState(0);
      set = setN;
      useMcpTools('c', { [`at_${n}`]: { run: () => setN(n + 1) } });
      return <Text>{n}</Text>;
    }
    const { instance, lastFrame } = renderConcurrent(
      <McpSession id="conc" server={host} builtinTools={false}>
        <Counter />
      </McpSession>,
    );
    while (host.sessions.length === 0) await turn();
    const { source } = host.sessions[0]!;
    await source.settled();
    expect(actionsOf(find(source.current(), 'c'))).toEqual(['at_0']);
    set(1);
    await source.settled();
    expect(actionsOf(find(source.current(), 'c'))).toEqual(['at_1']);
    expect(lastFrame()).toContain('1');
    instance.unmount();
  });

  it('degrades to an empty tree and one warning when reading fails', () => {
    function Broken(_props: { id: string }) {
      return null;
    }
    Object.defineProperty(Broken, 'mcpTools', {
      get() {
        throw new Error('boom');
      },
    });
    const { source, logger, ink } = mount(
      <Box>
        <Text>still renders</Text>
        <Broken id="x" />
      </Box>,
    );
    expect(source.current()).toEqual([]);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toMatch(/^ink-mcp: session "t" cannot read React's component tree \(boom\)/);
    expect(ink.lastFrame()).toBe('still renders');
  });
});

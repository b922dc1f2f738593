// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state (setters, flags).
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { Suspense, startTransition, useState } from 'react';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { McpSession, useMcpTools } from '../../src/react/index.js';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import type { CallInfo } from '../../src/walker/types.js';
import { actionsOf, fakeHost, find, mount, renderConcurrent, shape, turn } from './helpers.js';

afterEach(() => cleanup());

const call = {} as CallInfo;

function TodoList() {
  const [items, setItems] = useState<string[]>([]);
  useMcpTools('todos', {
    add_item: {
      description: 'Add a todo',
      inputSchema: z.object({ text: z.string().min(1) }),
      run: ({ text }) => {
        expectTypeOf(text).toEqualTypeOf<string>();
        setItems((xs) => [...xs, text]);
      },
    },
    clear: {
      run: (args) => {
        expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
        setItems([]);
      },
    },
  });
  return <Text>{items.join(',') || 'empty'}</Text>;
}

describe('useMcpTools', () => {
  it('declares actions from a record (zod arguments typed) and derives namespaced tools', async () => {
    const { source, ink } = mount(<TodoList />);
    const node = find(source.current(), 'todos')!;
    expect(node.type).toBe('TodoList');
    expect(actionsOf(node)).toEqual(['add_item', 'clear']);
    const { tools, refusals } = deriveWithRefusals(source.current(), { sessionId: 't' });
    expect(refusals).toEqual([]);
    expect(tools.map((tool) => tool.name)).toEqual(['t.todos.add_item', 't.todos.clear']);
    node.provider!.mcpTools(node.attrs, node)[0]!.run({ text: 'milk' }, call);
    await source.settled();
    expect(ink.lastFrame()).toBe('milk');
  });

  it('gives each action of a record as its spec: every own key it has (extra ones too), named by its key', () => {
    const run = () => 1;
    function Rec() {
      useMcpTools('rec', {
        // A key of its own named `name` loses to the record's key, as with a spread.
        plain: { run, name: 'other' } as { run: () => number },
        full: { description: 'd', annotations: { sensitive: true }, run, extra: 7 } as { run: () => number },
      });
      return null;
    }
    const { source } = mount(<Rec />);
    const node = find(source.current(), 'rec')!;
    const [plain, full] = node.provider!.mcpTools(node.attrs, node);
    expect(plain).toMatchObject({ name: 'plain', run });
    expect(plain!.description).toBeUndefined();
    expect(plain!.inputSchema).toBeUndefined();
    expect(full).toMatchObject({
      name: 'full',
      description: 'd',
      annotations: { sensitive: true },
      run,
      extra: 7,
    });
    const { tools } = deriveWithRefusals(source.current(), { sessionId: 't' });
    expect(tools.map((tool) => [tool.name, tool.description, tool.annotations])).toEqual([
      ['t.rec.plain', null, {}],
      ['t.rec.full', 'd', { sensitive: true }],
    ]);
  });

  it('accepts an array of ActionSpec', () => {
    function Arr() {
      useMcpTools('arr', [
        { name: 'one', run: () => 1 },
        { name: 'two', run: () => 2 },
      ]);
      return null;
    }
    const { source } = mount(<Arr />);
    expect(actionsOf(find(source.current(), 'arr'))).toEqual(['one', 'two']);
  });

  it('runs the run of the latest committed render, never a stale closure', async () => {
    let setCount: (n: number) => void = () => {};
    function Counter() {
      const [count, set] = useState(0);
      setCount = set;
      useMcpTools('counter', { read: { run: () => count } });
      return <Text>{count}</Text>;
    }
    const { source } = mount(<Counter />);
    setCount(7);
    await source.settled();
    const node = find(source.snapshot(), 'counter')!;
    expect(node.provider!.mcpTools(node.attrs, node)[0]!.run({}, call)).toBe(7);
  });

  it('never exposes the run of a render that did not commit (a suspended transition)', async () => {
    let go: () => void = () => {};
    const rendered: number[] = [];
    const never = new Promise<never>(() => {});
    function Reader({ on }: { on: boolean }) {
      if (on) throw never;
      return <Text>idle</Text>;
    }
    function Holder() {
      const [n, setN] = useState(0);
      rendered.push(n);
      go = () => startTransition(() => setN(1));
      useMcpTools('holder', { read: { run: () => n } });
      return (
        <Suspense fallback={<Text>loading</Text>}>
          <Reader on={n === 1} />
        </Suspense>
      );
    }
    const host = fakeHost();
    const { instance, lastFrame } = renderConcurrent(
      <McpSession id="t" server={host} builtinTools={false}>
        <Holder />
      </McpSession>,
    );
    while (host.sessions.length === 0) await turn();
    const { source } = host.sessions[0]!;
    go();
    await source.settled();
    expect(rendered).toContain(1); // the transition did render Holder with n = 1 ...
    expect(lastFrame()).toBe('idle'); // ... but React kept the old screen: nothing committed
    const node = find(source.snapshot(), 'holder')!;
    expect(node.provider!.mcpTools(node.attrs, node)[0]!.run({}, call)).toBe(0);
    instance.unmount();
  });

  it('hides its own tools with exclude (mcpExclude), children still derive', () => {
    function Outer({ children }: { children?: React.ReactNode }) {
      useMcpTools('outer', { hidden: { run: () => {} } }, { exclude: true });
      return <Box>{children}</Box>;
    }
    function Inner() {
      useMcpTools('inner', { shown: { run: () => {} } });
      return null;
    }
    const { source } = mount(
      <Outer>
        <Inner />
      </Outer>,
    );
    expect(source.current()[0]!.attrs).toEqual({ mcpExclude: true });
    const { tools } = deriveWithRefusals(source.current(), { sessionId: 't' });
    expect(tools.map((tool) => tool.name)).toEqual(['t.inner.shown']);
  });

  it('makes each call in one component its own node; the last one holds the children', () => {
    function Two({ children }: { children?: React.ReactNode }) {
      useMcpTools('first', { a: { run: () => {} } });
      useMcpTools('second', { b: { run: () => {} } });
      return <Box>{children}</Box>;
    }
    function Kid() {
      useMcpTools('kid', { c: { run: () => {} } });
      return null;
    }
    const { source } = mount(
      <Two>
        <Kid />
      </Two>,
    );
    expect(shape(source.current())).toBe('Two#first, Two#second(Two#kid)'.replace('Two#kid', 'Kid#kid'));
  });

  it('declares nothing (and does not fail) outside an McpSession', async () => {
    const { render } = await import('ink-testing-library');
    const ink = render(<TodoList />);
    expect(ink.lastFrame()).toBe('empty');
  });
});

// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state (setters, flags).
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { useEffect, useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMcpTools } from '../../src/react/index.js';
import { actionsOf, find, mount, shape } from './helpers.js';

afterEach(() => cleanup());

let setDeep: (n: number) => void = () => {};

function Leaf({ id }: { id: string }) {
  const [n, set] = useState(0);
  setDeep = set;
  useMcpTools(id, n > 0 ? { reset: { run: () => set(0) } } : { bump: { run: () => set(1) } });
  return <Text>leaf {n}</Text>;
}

function Panel({ id, children }: { id: string; children?: React.ReactNode }) {
  useMcpTools(id, { close: { run: () => {} } });
  return <Box flexDirection="column">{children}</Box>;
}

let setSpread: (spread: boolean) => void = () => {};

/** One child, or two (a tool component beside it): a slot a read passes through, then one it cannot. */
function Spread({ children }: { children?: React.ReactNode }) {
  const [spread, set] = useState(false);
  setSpread = set;
  return <Box>{spread ? [children, <Panel key="extra" id="extra" />] : children}</Box>;
}

describe('snapshot', () => {
  it('reads tool components into a tree with types, ids, attrs and nesting; others are transparent', () => {
    const { source } = mount(
      <Box>
        <Panel id="outer">
          <Box>
            <Text>plain</Text>
            <Panel id="inner" />
          </Box>
        </Panel>
      </Box>,
    );
    const tree = source.current();
    expect(shape(tree)).toBe('Panel#outer(Panel#inner)');
    expect(tree[0]!.attrs).toEqual({ id: 'outer' });
    expect(actionsOf(tree[0])).toEqual(['close']);
  });

  it('sees an update caused only by a deep child’s own state', async () => {
    const { source } = mount(
      <Panel id="p">
        <Box>
          <Box>
            <Leaf id="leaf" />
          </Box>
        </Box>
      </Panel>,
    );
    expect(actionsOf(find(source.current(), 'leaf'))).toEqual(['bump']);
    const trees: unknown[] = [];
    source.subscribe((tree) => trees.push(tree));
    setDeep(1);
    await source.settled();
    expect(actionsOf(find(source.current(), 'leaf'))).toEqual(['reset']);
    expect(trees).toHaveLength(1);
  });

  it('sees a component that renders null change its tools (a commit with no host mutation)', async () => {
    let toggle: () => void = () => {};
    function Invisible() {
      const [on, setOn] = useState(false);
      toggle = () => setOn((x) => !x);
      useMcpTools('ghost', on ? { stop: { run: () => {} } } : { start: { run: () => {} } });
      return null;
    }
    const { source, ink } = mount(
      <Box>
        <Text>static text</Text>
        <Invisible />
      </Box>,
    );
    const frames = ink.frames.length;
    expect(actionsOf(find(source.current(), 'ghost'))).toEqual(['start']);
    const heard = new Promise((resolve) => source.subscribe(resolve));
    toggle();
    await heard;
    expect(actionsOf(find(source.current(), 'ghost'))).toEqual(['stop']);
    expect(ink.frames.length).toBe(frames); // no host change: Ink's commit hook never ran
  });

  it('orders keyed children as the screen does after a reorder', async () => {
    let reorder: (ids: string[]) => void = () => {};
    function List() {
      const [ids, setIds] = useState(['a', 'b', 'c']);
      reorder = setIds;
      return (
        <Box flexDirection="column">
          {ids.map((id) => (
            <Panel key={id} id={id}>
              <Text>{id}</Text>
            </Panel>
          ))}
        </Box>
      );
    }
    const { source, ink } = mount(<List />);
    expect(shape(source.current())).toBe('Panel#a, Panel#b, Panel#c');
    reorder(['c', 'a', 'b']);
    await source.settled();
    expect(shape(source.current())).toBe('Panel#c, Panel#a, Panel#b');
    expect(ink.lastFrame()).toBe('c\na\nb');
  });

  it('follows conditional mount and unmount', async () => {
    let show: (on: boolean) => void = () => {};
    function Toggle() {
      const [on, setOn] = useState(false);
      show = setOn;
      return (
        <Box>
          <Panel id="always" />
          {on && <Panel id="sometimes" />}
        </Box>
      );
    }
    const { source } = mount(<Toggle />);
    expect(shape(source.current())).toBe('Panel#always');
    show(true);
    await source.settled();
    expect(shape(source.current())).toBe('Panel#always, Panel#sometimes');
    show(false);
    await source.settled();
    expect(shape(source.current())).toBe('Panel#always');
  });

  it('hears a burst of commits in one tick as one new tree, with every change in it', async () => {
    let bumpA: () => void = () => {};
    let setB: (n: number) => void = () => {};
    function A() {
      const [n, set] = useState(0);
      bumpA = () => set((x) => x + 1);
      // A layout effect's update commits again before the tick ends: two commits, one tick. The
      // fibers above both leaves are cloned twice, back to the objects they were before.
      useLayoutEffect(() => setB(n), [n]);
      useMcpTools('a', { [`at_${n}`]: { run: () => {} } });
      return <Text>{n}</Text>;
    }
    function B() {
      const [n, set] = useState(0);
      setB = set;
      useMcpTools('b', { [`at_${n}`]: { run: () => {} } });
      return <Text>{n}</Text>;
    }
    const { source, ink } = mount(
      <Box>
        <Box>
          <A />
        </Box>
        <Box>
          <B />
        </Box>
      </Box>,
    );
    const trees: unknown[] = [];
    source.subscribe((tree) => trees.push(tree));
    const frames = ink.frames.length;
    bumpA();
    await source.settled();
    expect(ink.frames.length - frames).toBe(2); // two commits that changed the screen
    expect(trees).toHaveLength(1);
    expect(actionsOf(find(source.current(), 'a'))).toEqual(['at_1']);
    expect(actionsOf(find(source.current(), 'b'))).toEqual(['at_1']);
    bumpA();
    await source.settled();
    expect(actionsOf(find(source.current(), 'b'))).toEqual(['at_2']);
    expect(source.snapshot()).toBe(source.current()); // a full re-read agrees with the incremental one
  });

  it('settles after effects that schedule more renders', async () => {
    function Chain() {
      const [n, setN] = useState(0);
      useEffect(() => {
        if (n > 0 && n < 5) setN(n + 1);
      }, [n]);
      useMcpTools('chain', { [`step_${n}`]: { run: () => setN(1) } });
      return <Text>{n}</Text>;
    }
    const { source } = mount(<Chain />);
    const node = find(source.current(), 'chain')!;
    node.provider!.mcpTools(node.attrs, node)[0]!.run({}, {} as never);
    await source.settled();
    expect(actionsOf(find(source.current(), 'chain'))).toEqual(['step_5']);
  });

  it('keeps the tree of an unchanged subtree by identity', async () => {
    const { source } = mount(
      <Box>
        <Panel id="stable" />
        <Box>
          <Leaf id="leaf" />
        </Box>
      </Box>,
    );
    const before = find(source.current(), 'stable');
    setDeep(1);
    await source.settled();
    expect(find(source.current(), 'stable')).toBe(before);
    expect(source.snapshot()).toBe(source.current());
  });

  it('follows a deep update through a path whose slots change between one child and two', async () => {
    const { source } = mount(
      <Panel id="p">
        <Box>
          <Spread>
            <Box>
              <Leaf id="leaf" />
            </Box>
          </Spread>
        </Box>
      </Panel>,
    );
    const leafActions = () => actionsOf(find(source.current(), 'leaf'));
    const steps: Array<[() => void, string, string[]]> = [
      [() => setDeep(1), 'Panel#p(Leaf#leaf)', ['reset']],
      [() => setSpread(true), 'Panel#p(Leaf#leaf, Panel#extra)', ['reset']],
      [() => setDeep(0), 'Panel#p(Leaf#leaf, Panel#extra)', ['bump']],
      [() => setSpread(false), 'Panel#p(Leaf#leaf)', ['bump']],
      [() => setDeep(1), 'Panel#p(Leaf#leaf)', ['reset']],
      [() => setDeep(0), 'Panel#p(Leaf#leaf)', ['bump']],
    ];
    for (const [act, tree, actions] of steps) {
      act();
      await source.settled();
      expect(shape(source.current())).toBe(tree);
      expect(leafActions()).toEqual(actions);
    }
  });
});

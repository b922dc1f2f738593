// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-run state.
import fc from 'fast-check';
import { Box, Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { Activity, Component, type ReactNode, useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import type { Fiber } from '../../src/react/fiber-types.js';
import { FiberViewSource } from '../../src/react/fiber-view-source.js';
import { useMcpTools } from '../../src/react/index.js';
import type { ViewNode } from '../../src/walker/types.js';

afterEach(() => cleanup());

/**
 * The snapshot's answer to "may the forest hold a node with a provider and no id" (kept on its cache
 * entries, src/react/idless.ts) is handed to `compose`; false lets the automatic ids skip the
 * forest. Whatever the commits, false must mean no such node at any depth.
 */
function idlessIn(tree: readonly ViewNode[]): boolean {
  return tree.some((node) => (node.provider != null && node.id === undefined) || idlessIn(node.children));
}

/** A component with tools and no id: a provider node without one. */
function Anonymous({ n }: { n: number }) {
  return <Text>{`anon ${n}`}</Text>;
}
Anonymous.mcpTools = () => [{ name: 'go', run: () => 'went' }];

class Boundary extends Component {
  override render() {
    return null;
  }
}

type Op =
  | { kind: 'flip' | 'bump'; at: number }
  | { kind: 'insert' | 'remove'; at: number }
  | { kind: 'hide' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('flip' as const, 'bump' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constantFrom('insert' as const, 'remove' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('hide' as const) }),
);

it('the forest is flagged as holding a widget without an id whenever it does', async () => {
  // How many trees were flagged false and true: the run must see both.
  const flagged = { yes: 0, no: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
      async (bursts) => {
        const flips = new Map<string, () => void>();
        const bumps = new Map<string, () => void>();
        let setKeys: (keys: string[]) => void = () => {};
        let toggleHidden: () => void = () => {};
        const seen: { forest: readonly ViewNode[]; flag: boolean }[] = [];
        const source = new FiberViewSource({
          label: 't',
          logger: { warn: () => {} },
          boundary: Boundary,
          typeMapOf: () => undefined,
          compose: (forest, _root, _anchor, flag) => {
            seen.push({ forest, flag });
            return forest;
          },
        });
        function Item({ id, depth }: { id: string; depth: number }) {
          const [anon, setAnon] = useState(id.endsWith('1'));
          const [n, setN] = useState(0);
          flips.set(id, () => setAnon((x) => !x));
          bumps.set(id, () => setN((x) => x + 1));
          useMcpTools(id, { [`v${n % 2}`]: { run: () => n } });
          const body = anon ? <Anonymous n={n} /> : <Text>{`${id}=${n}`}</Text>;
          return depth === 0 ? body : <Box>{depth > 1 ? <Box>{body}</Box> : body}</Box>;
        }
        function App() {
          const [keys, set] = useState(['k0', 'k1', 'k2']);
          const [hidden, setHidden] = useState(false);
          setKeys = set;
          toggleHidden = () => setHidden((x) => !x);
          return (
            <Box flexDirection="column">
              {keys.map((key, i) => (
                <Item key={key} id={key} depth={i % 3} />
              ))}
              <Activity mode={hidden ? 'hidden' : 'visible'}>
                <Box>
                  <Anonymous n={-1} />
                </Box>
              </Activity>
            </Box>
          );
        }
        class Anchor extends Component<{ children: ReactNode }> {
          override componentDidMount() {
            source.start((this as unknown as { _reactInternals: Fiber })._reactInternals);
          }
          override render() {
            return this.props.children;
          }
        }
        const ink = render(
          <Anchor>
            <App />
          </Anchor>,
        );
        let keys = ['k0', 'k1', 'k2'];
        let next = 3;
        for (const burst of bursts) {
          for (const step of burst) {
            const key = 'at' in step ? keys[step.at % Math.max(keys.length, 1)] : undefined;
            if (step.kind === 'flip' && key) flips.get(key)?.();
            else if (step.kind === 'bump' && key) bumps.get(key)?.();
            else if (step.kind === 'insert')
              keys = [
                ...keys.slice(0, step.at % (keys.length + 1)),
                `k${next++}`,
                ...keys.slice(step.at % (keys.length + 1)),
              ];
            else if (step.kind === 'remove' && keys.length > 0)
              keys = keys.filter((_, i) => i !== step.at % keys.length);
            else if (step.kind === 'hide') toggleHidden();
          }
          const target = keys;
          setKeys(target);
          await source.settled();
          for (const { forest, flag } of seen) {
            if (!flag) expect(idlessIn(forest)).toBe(false);
            if (flag) flagged.yes++;
            else flagged.no++;
          }
          seen.length = 0;
        }
        source.dispose();
        ink.unmount();
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
  );
  expect(flagged.no).toBeGreaterThan(0);
  expect(flagged.yes).toBeGreaterThan(0);
  // 60 random apps rendered with Ink (as in incremental.property.test.tsx): past the suite's 20 s
  // beside the other files on CI's Node 22 / Ink 8 leg (2026-12-04). A bound on a stuck run, not a
  // timing goal.
}, 120_000);

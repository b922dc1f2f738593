// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-run state.
import fc from 'fast-check';
import { Box, Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { Activity, useLayoutEffect, useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { useMcpTools } from '../../src/react/index.js';
import { Registry } from '../../src/registry/registry.js';
import { Synchronizer } from '../../src/session/synchronizer.js';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import { GROUP_TYPE, ungroup } from '../../src/walker/groups.js';
import type { ViewNode } from '../../src/walker/types.js';
import { falseNotes } from '../helpers/splice-notes.js';
import { actionsOf, mount } from './helpers.js';

afterEach(() => cleanup());

type Op =
  | { kind: 'bump'; at: number }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'insert'; at: number }
  | { kind: 'remove'; at: number }
  | { kind: 'hide' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('bump' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('move' as const), from: fc.nat(9), to: fc.nat(9) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat(9) }),
  fc.record({ kind: fc.constant('hide' as const) }),
);

/** Flattened `id:actions` in view order (the app's own nodes): what the incremental read and a full re-read must agree on. */
function listing(tree: readonly ViewNode[]): string[] {
  return tree.flatMap((node) =>
    node.type.startsWith('ink-mcp:')
      ? []
      : [`${node.id}:${actionsOf(node).join('+')}`, ...listing(node.children)],
  );
}

/** Where a group is where none may be: below a widget, or anywhere in the public tree. */
function groupsBelow(tree: readonly ViewNode[], publicTree: boolean, where = 'forest'): string[] {
  return tree.flatMap((node, i) => {
    const here = `${where}/${node.id ?? node.type}#${i}`;
    const group = node.type === GROUP_TYPE;
    return [
      ...(group && publicTree ? [here] : []),
      ...groupsBelow(node.children, publicTree || !group, here),
    ];
  });
}

const picture = (registry: Registry) =>
  registry.list().map((tool) => [tool.name, tool.derived ? tool.definitionKey : '']);

it('the incremental tree always equals a full re-read and the model, whatever the commits', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(op, { minLength: 1, maxLength: 3 }), { maxLength: 8 }),
      fc.boolean(),
      async (bursts, builtinTools) => {
        const bumps = new Map<string, () => void>();
        const counts = new Map<string, number>();
        let next = 4;
        let setKeys: (update: (keys: string[]) => string[]) => void = () => {};
        let toggleHidden: () => void = () => {};
        function Item({ id, depth, partner }: { id: string; depth: number; partner?: string }) {
          const [n, setN] = useState(0);
          bumps.set(id, () => setN((x) => x + 1));
          counts.set(id, n);
          // An odd count bumps the partner from a layout effect: a second commit in the same task.
          useLayoutEffect(() => {
            if (n % 2 === 1 && partner) bumps.get(partner)?.();
          }, [n, partner]);
          useMcpTools(id, { [`v${n}`]: { run: () => n } });
          const body = <Text>{`${id}=${n}`}</Text>;
          return depth === 0 ? body : <Box>{depth > 1 ? <Box>{body}</Box> : body}</Box>;
        }
        function App() {
          const [keys, set] = useState(['k0', 'k1', 'k2', 'k3']);
          const [hidden, setHidden] = useState(false);
          setKeys = set;
          toggleHidden = () => setHidden((x) => !x);
          return (
            <Box flexDirection="column">
              {keys.map((key, i) => (
                <Item key={key} id={key} depth={i % 3} partner={keys[(i + 1) % keys.length]} />
              ))}
              <Box>
                <Activity mode={hidden ? 'hidden' : 'visible'}>
                  <Item id="tail" depth={1} />
                </Activity>
                <Item id="fixed" depth={0} />
              </Box>
            </Box>
          );
        }
        const { source, ink, session } = mount(<App />, { builtinTools });
        // The sections of the layout are groups in the tree tools are derived from.
        expect(session.toolTree().some((node) => node.type === GROUP_TYPE)).toBe(true);
        // Each published tree synced incrementally from its groups (src/walker/groups.ts), as a hub
        // does, against a full derive of the public (flat) tree; and every splice note the snapshot
        // made (src/walker/splice-note.ts) says what the list is.
        const registry = new Registry();
        const sync = new Synchronizer({ sessionId: 't', typeMap: session.typeMap, source }, registry, {
          warn: () => {},
        });
        sync.sync();
        const published: ViewNode[][] = [];
        const stop = session.onChange(() => {
          published.push(session.toolTree());
          sync.sync();
        });
        let keys = ['k0', 'k1', 'k2', 'k3'];
        let hidden = false;
        for (const burst of bursts) {
          for (const step of burst) {
            if (step.kind === 'bump') {
              const key = keys[step.at % Math.max(keys.length, 1)];
              if (key) bumps.get(key)?.();
            } else if (step.kind === 'move' && keys.length > 1) {
              const moved = [...keys];
              const [key] = moved.splice(step.from % keys.length, 1);
              moved.splice(step.to % moved.length, 0, key!);
              keys = moved;
            } else if (step.kind === 'insert') {
              keys = [...keys];
              keys.splice(step.at % (keys.length + 1), 0, `k${next++}`);
            } else if (step.kind === 'remove' && keys.length > 0) {
              keys = keys.filter((_, i) => i !== step.at % keys.length);
            } else if (step.kind === 'hide') {
              hidden = !hidden;
              toggleHidden();
            }
          }
          const target = keys;
          setKeys(() => target);
          await source.settled();
          const incremental = listing(source.current());
          expect(listing(source.snapshot())).toEqual(incremental);
          const model = [...keys, ...(hidden ? [] : ['tail']), 'fixed'].map(
            (key) => `${key}:v${counts.get(key)}`,
          );
          expect(incremental).toEqual(model);
          // The public tree is the derived one without its groups, node for node; groups only above widgets.
          const toolTree = session.toolTree();
          const flat = source.current();
          expect(ungroup(toolTree)).toHaveLength(flat.length);
          expect(ungroup(toolTree).every((node, i) => node === flat[i])).toBe(true);
          expect(groupsBelow(toolTree, false)).toEqual([]);
          expect(groupsBelow(flat, true)).toEqual([]);
          expect(source.spliceNotes).toBeDefined();
          for (const tree of published) expect(falseNotes(tree, source.spliceNotes!)).toEqual([]);
          published.length = 0;
          const full = new Registry();
          full.replaceSession(
            't',
            deriveWithRefusals(source.current(), { sessionId: 't', typeMap: session.typeMap }).tools,
          );
          sync.sync();
          expect(picture(registry)).toEqual(picture(full));
        }
        stop();
        ink.unmount();
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
  );
  // 60 random apps, each through several Ink commits: ~2 s on Node 20 / Ink 6, 12–14 s on
  // Node 22 / Ink 8 on a 2-core machine, and over the suite's 20 s beside the other files (CI,
  // 2026-12-02). A bound on a stuck run, not a timing goal.
}, 120_000);

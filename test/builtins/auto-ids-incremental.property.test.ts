import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { AutoIds } from '../../src/react/auto-ids.js';
import { registerDefaultProvider } from '../../src/registry/default-type-map.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';

/**
 * AutoIds skips the unchanged ends of each list it saw last time (src/react/auto-ids.ts): after any
 * sequence of edits that copy only the path above what changed (as the React snapshot does), it
 * must number widgets exactly as a fresh pass over the same forest does.
 */
const adapted: ToolProvider = { mcpTools: () => [{ name: 'go', run: () => 'go' }] };
const other: ToolProvider = { mcpTools: () => [] };
const unregister = registerDefaultProvider('Adapted', adapted);
afterAll(unregister);

type Kind = 'adapted' | 'adapted_with_id' | 'other' | 'plain';
const KINDS: Kind[] = ['adapted', 'adapted_with_id', 'other', 'plain'];

let fresh = 0;
function node(kind: Kind, children: ViewNode[] = []): ViewNode {
  const n = fresh++;
  if (kind === 'plain') return { type: 'Box', attrs: { n }, children };
  if (kind === 'other') return { type: 'Other', id: `o${n}`, attrs: { n }, children, provider: other };
  const made: ViewNode = { type: 'Adapted', attrs: { n }, children, provider: adapted };
  if (kind === 'adapted_with_id') made.id = `a${n}`;
  return made;
}

type Edit = { kind: 'insert' | 'remove' | 'replace' | 'wrap'; at: number; what: number };
const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('insert', 'remove', 'replace', 'wrap' as const),
  at: fc.nat(200),
  what: fc.nat(3),
});

/** Every node's path (indexes from the roots), in preorder. */
function paths(tree: readonly ViewNode[], prefix: number[] = []): number[][] {
  return tree.flatMap((n, i) => [[...prefix, i], ...paths(n.children, [...prefix, i])]);
}

/** Changes the list holding `path`'s node, copying only the nodes above it. */
function atPath(
  list: ViewNode[],
  path: number[],
  change: (list: ViewNode[], i: number) => ViewNode[],
): ViewNode[] {
  const [i, ...rest] = path as [number, ...number[]];
  if (rest.length === 0) return change(list, i);
  const copy = list.slice();
  const parent = list[i]!;
  copy[i] = { ...parent, children: atPath(parent.children, rest, change) };
  return copy;
}

function apply(tree: ViewNode[], e: Edit): ViewNode[] {
  const all = paths(tree);
  if (all.length === 0) return [node(KINDS[e.what]!)];
  const path = all[e.at % all.length]!;
  return atPath(tree, path, (list, i) => {
    const copy = list.slice();
    if (e.kind === 'insert') copy.splice(i, 0, node(KINDS[e.what]!));
    else if (e.kind === 'remove') copy.splice(i, 1);
    else if (e.kind === 'replace') copy[i] = node(KINDS[e.what]!, list[i]!.children);
    else copy[i] = node(KINDS[e.what]!, [list[i]!]);
    return copy;
  });
}

/** What numbering decides: each node's id, and whether its provider was wrapped for it. */
function shape(nodes: readonly ViewNode[]): unknown[] {
  return nodes.map((n) => ({
    type: n.type,
    id: n.id,
    wrapped: n.provider !== undefined && n.provider !== adapted && n.provider !== other,
    children: shape(n.children),
  }));
}

it('numbers widgets after any edits as a fresh pass does', () => {
  const quiet = { warn: () => {} };
  fc.assert(
    fc.property(fc.array(fc.nat(3), { maxLength: 12 }), fc.array(edit, { maxLength: 30 }), (start, edits) => {
      let tree = start.map((k) => node(KINDS[k]!));
      const kept = new AutoIds(quiet);
      expect(shape(kept.apply(tree))).toEqual(shape(new AutoIds(quiet).apply(tree)));
      for (const e of edits) {
        tree = apply(tree, e);
        expect(shape(kept.apply(tree))).toEqual(shape(new AutoIds(quiet).apply(tree)));
      }
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
  );
});

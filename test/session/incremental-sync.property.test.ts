import fc from 'fast-check';
import { expect, it } from 'vitest';
import { Registry, type ToolDiff } from '../../src/registry/registry.js';
import { Synchronizer } from '../../src/session/synchronizer.js';
import type { ViewSource } from '../../src/session/view-source.js';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import { SpliceNotes } from '../../src/walker/splice-note.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';

/** Each node offers the actions its attrs name, described by its label. */
const provider: ToolProvider = {
  mcpTools: (attrs) =>
    (attrs.actions as string[]).map((name) => ({
      name,
      description: `${name} ${String(attrs.label)}`,
      run: () => name,
    })),
};

/** A source that builds new objects for what changed, as the React snapshot does. */
class ImmutableSource implements ViewSource {
  readonly reusesNodes = true;
  /** Its own notes, as every source's (the walker holds none). */
  readonly spliceNotes = new SpliceNotes();
  tree: ViewNode[] = [];
  current = () => this.tree;
  snapshot = () => this.tree;
  subscribe = () => () => {};
  settled = () => Promise.resolve();
}

type Edit =
  | { kind: 'relabel' | 'actions' | 'remove' | 'wrap' | 'unwrap' | 'insert'; at: number; n: number }
  | { kind: 'move'; at: number; to: number }
  | { kind: 'dupe'; at: number; to: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('relabel', 'actions', 'remove', 'wrap', 'unwrap', 'insert' as const),
    at: fc.nat(40),
    n: fc.nat(5),
  }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(40), to: fc.nat(40) }),
  fc.record({ kind: fc.constant('dupe' as const), at: fc.nat(40), to: fc.nat(40) }),
);

let fresh = 0;
const ACTIONS = [['go'], ['go', 'stop'], ['stop'], [], ['go', 'x'], ['x']];
function widget(n: number, children: ViewNode[] = []): ViewNode {
  const id = `w${fresh++}`;
  return { type: 'w', id, attrs: { label: id, actions: ACTIONS[n % ACTIONS.length]! }, children, provider };
}

/** Every node's path (indexes from the roots) in preorder. */
function paths(tree: readonly ViewNode[], prefix: number[] = []): number[][] {
  return tree.flatMap((node, i) => [[...prefix, i], ...paths(node.children, [...prefix, i])]);
}

/**
 * Whether the source notes how each list it copies was made (src/walker/splice-note.ts), as the
 * React snapshot does: not at all, exactly, or wider than the change (still true, and allowed).
 */
let noting: 'none' | 'exact' | 'wide' = 'none';
/** The notes of the source being edited (one per run). */
let notesOf = new SpliceNotes();

/** `from` with `from[start, fromEnd)` replaced by `items`, noted as `noting` says. */
function spliced(from: ViewNode[], start: number, fromEnd: number, items: ViewNode[]): ViewNode[] {
  const list = [...from.slice(0, start), ...items, ...from.slice(fromEnd)];
  if (noting === 'none') return list;
  const end = start + items.length;
  const wider = noting === 'wide' ? Math.min(2, from.length - fromEnd) : 0;
  const before = noting === 'wide' ? Math.min(start, 1) : 0;
  notesOf.note(list, { from, start: start - before, fromEnd: fromEnd + wider, end: end + wider });
  return list;
}

/** Replaces the list holding `path`'s node by `change(list, index)`, copying only the path above it. */
function atPath(
  tree: ViewNode[],
  path: number[],
  change: (list: ViewNode[], index: number) => ViewNode[],
): ViewNode[] {
  const [head, ...rest] = path;
  if (rest.length === 0) return change(tree, head!);
  const node = tree[head!]!;
  return spliced(tree, head!, head! + 1, [{ ...node, children: atPath(node.children, rest, change) }]);
}

function apply(tree: ViewNode[], e: Edit): ViewNode[] {
  const all = paths(tree);
  if (all.length === 0) return [widget(e.kind === 'move' || e.kind === 'dupe' ? 0 : e.n)];
  const path = all[e.at % all.length]!;
  const replace = (f: (node: ViewNode) => ViewNode[]) =>
    atPath(tree, path, (list, i) => spliced(list, i, i + 1, f(list[i]!)));
  switch (e.kind) {
    case 'relabel':
      return replace((node) => [{ ...node, attrs: { ...node.attrs, label: `${node.attrs.label}'` } }]);
    case 'actions':
      return replace((node) => [
        { ...node, attrs: { ...node.attrs, actions: ACTIONS[e.n % ACTIONS.length]! } },
      ]);
    case 'remove':
      return replace(() => []);
    case 'insert':
      return replace((node) =>
        e.n % 2 ? [widget(e.n), node] : [{ ...node, children: [...node.children, widget(e.n)] }],
      );
    case 'wrap':
      // A layout container (no id) around the node: its tools move one level down.
      return replace((node) => [{ type: 'box', attrs: {}, children: [node] }]);
    case 'unwrap':
      return replace((node) => [...node.children]);
    case 'move': {
      const node = nodeAt(tree, path);
      const without = replace(() => []);
      const targets = paths(without);
      if (targets.length === 0) return tree;
      const target = targets[e.to % targets.length]!;
      return atPath(without, target, (list, i) => spliced(list, i, i, [node]));
    }
    case 'dupe': {
      // Another node takes this node's id: duplicate tool names, the first in view order listed.
      const other = nodeAt(tree, all[e.to % all.length]!);
      return replace((node) => [{ ...node, id: other.id }]);
    }
  }
}

function nodeAt(tree: readonly ViewNode[], path: number[]): ViewNode {
  let list = tree;
  let node: ViewNode | undefined;
  for (const i of path) {
    node = list[i]!;
    list = node.children;
  }
  return node!;
}

const sorted = (diff: ToolDiff) => ({
  added: [...diff.added].sort(),
  removed: [...diff.removed].sort(),
  changed: [...diff.changed].sort(),
});
const picture = (registry: Registry) =>
  registry.list().map((tool) => [tool.name, tool.derived ? tool.definitionKey : '']);

it('incremental derive + sync registers exactly what a full derive does, whatever the edits', () => {
  fc.assert(
    fc.property(
      fc.array(fc.array(edit, { minLength: 1, maxLength: 4 }), { maxLength: 12 }),
      fc.constantFrom('none' as const, 'exact' as const, 'wide' as const),
      (commits, notes) => {
        fresh = 0;
        noting = notes;
        const source = new ImmutableSource();
        notesOf = source.spliceNotes;
        source.tree = [widget(1, [widget(0), widget(4)]), widget(2)];
        const incremental = new Registry();
        const sync = new Synchronizer({ sessionId: 's', typeMap: {}, source }, incremental, {
          warn: () => {},
        });
        const full = new Registry();
        sync.sync(source.tree);
        full.replaceSession('s', deriveWithRefusals(source.tree, { sessionId: 's' }).tools);
        for (const commit of commits) {
          source.tree = commit.reduce(apply, source.tree);
          const got = sync.sync(source.tree);
          const want = full.replaceSession('s', deriveWithRefusals(source.tree, { sessionId: 's' }).tools);
          expect(sorted(got)).toEqual(sorted(want));
          expect(picture(incremental)).toEqual(picture(full));
          expect([...incremental.sessionToolNames('s')].sort()).toEqual(
            [...full.sessionToolNames('s')].sort(),
          );
          // The registered ToolDef is always the current tree's: the node a call would act on.
          for (const tool of full.list())
            if (tool.derived) expect(incremental.get(tool.name)).toMatchObject({ node: tool.node });
        }
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
  );
});

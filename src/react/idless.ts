import type { ViewNode } from '../walker/types.js';

/**
 * Whether an array of nodes the snapshot built (a fiber's contribution, src/react/cache-entry.ts)
 * holds, at any depth, a node with a provider and no id: the only nodes the automatic ids
 * (src/react/auto-ids.ts) rename or warn about. Known for every array `buildNodes` and `flatten`
 * make, from their inputs, so no node is visited twice: a tool component's update in a forest of
 * 5,000 widgets with ids skips the automatic-id pass instead of scanning them (bench/README.md,
 * P1.tool.50k). An array made anywhere else is unknown, and unknown means "may hold one".
 */
const known = new WeakMap<readonly ViewNode[], boolean>();

/** False only for an array known to hold no such node. */
export function mayHoldIdless(nodes: readonly ViewNode[]): boolean {
  return nodes.length > 0 && known.get(nodes) !== false;
}

/** `nodes` (a component's own nodes, the last one holding `kids`) were just built. */
export function noteBuilt(nodes: readonly ViewNode[], kids: readonly ViewNode[]): void {
  let idless = mayHoldIdless(kids);
  for (let i = 0; i < nodes.length && !idless; i++) {
    const node = nodes[i]!;
    idless = node.provider != null && node.id === undefined;
  }
  known.set(nodes, idless);
}

/** `nodes` is the concatenation of `parts`. */
export function noteFlattened(nodes: readonly ViewNode[], parts: readonly (readonly ViewNode[])[]): void {
  let idless = false;
  for (let i = 0; i < parts.length && !idless; i++) idless = mayHoldIdless(parts[i]!);
  known.set(nodes, idless);
}

/**
 * `nodes` is `before` with some nodes replaced by nodes of `replacing` (src/react/cache-entry.ts,
 * `reflatten`): known without looking at the rest when neither may hold one. False: not decided.
 */
export function noteOverwritten(
  nodes: readonly ViewNode[],
  before: readonly ViewNode[],
  replacing: readonly ViewNode[],
): boolean {
  if (mayHoldIdless(before) || mayHoldIdless(replacing)) return false;
  known.set(nodes, false);
  return true;
}

import type { ViewNode } from '../walker/types.js';

/**
 * Whether an array of nodes the snapshot built holds, at any depth, a node with a provider and no
 * id: the only nodes the automatic ids (src/react/auto-ids.ts) rename or warn about. The snapshot
 * keeps the answer beside each array it builds, on its cache entry (`CacheEntry.idless`,
 * src/react/cache-entry.ts), worked out from the parts' answers, so no node is visited twice: a
 * tool component's update in a forest of 5,000 widgets with ids skips the automatic-id pass
 * instead of scanning them (bench/README.md, P1.tool.50k). On the entry rather than in a WeakMap
 * keyed by the array: inserting a fresh key into a WeakMap that holds thousands costs about a
 * microsecond on Node 20, three times per such update.
 */

/** Whether one of `nodes` itself (not its children: their answer is the caller's) has a provider and no id. */
export function holdsIdless(nodes: readonly ViewNode[]): boolean {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.provider != null && node.id === undefined) return true;
  }
  return false;
}

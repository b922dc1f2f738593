import { type Fiber, type FiberRoot, HostRoot } from './fiber-types.js';

/** Where a fiber sits: its FiberRoot and the slots from the HostRoot's child down to it. */
export interface FiberPath {
  readonly root: FiberRoot;
  readonly slots: readonly Fiber[];
}

/**
 * Walks `.return` up to the HostRoot (tag 3). The chain may run through stale alternates and even
 * end at the old HostRoot, but every object on it belongs to the right slot (a fiber's parent slot
 * never changes), which is all `follow` needs.
 */
export function pathTo(fiber: Fiber): FiberPath | null {
  const slots: Fiber[] = [];
  let cursor: Fiber | null = fiber;
  while (cursor !== null && cursor.tag !== HostRoot) {
    slots.push(cursor);
    cursor = cursor.return;
  }
  const root = cursor?.stateNode as FiberRoot | null | undefined;
  if (typeof root !== 'object' || root === null || typeof root.current !== 'object') return null;
  return { root, slots: slots.reverse() };
}

/**
 * The fiber of the path's last slot in the tree under `hostRoot`: descends slot by slot, taking at
 * each level the child that is the slot's fiber or its alternate. Which of the two is current
 * changes with every commit that re-renders the slot, so this is done again on every read. Null
 * once the slot is gone (unmounted).
 */
export function follow(hostRoot: Fiber, slots: readonly Fiber[]): Fiber | null {
  let parent = hostRoot;
  for (const slot of slots) {
    const other = slot.alternate;
    let child = parent.child;
    while (child !== null && child !== slot && child !== other) child = child.sibling;
    if (child === null) return null;
    parent = child;
  }
  return parent;
}

import type { FiberRoot } from './fiber-types.js';

/** How many commits a root has made since counting began. */
export interface CommitCount {
  readonly commits: number;
}

/** On the FiberRoot, so every session (and every copy of ink-mcp) on a root shares one counter. */
const COUNT = Symbol.for('ink-mcp/commit-count@1');

/**
 * Counts every commit of a root, including those no Ink hook hears: React ends each commit by
 * assigning the finished tree to `root.current` (react-reconciler's `commitRoot`), also when it
 * skips `resetAfterCommit` because no host node changed. An accessor on that one property counts
 * the assignments and changes nothing else. Null when the property is not a plain writable one
 * (then a reader cannot know what it missed, and re-reads everything as before).
 */
export function commitCount(root: FiberRoot): CommitCount | null {
  const holder = root as FiberRoot & { [COUNT]?: CommitCount };
  const known = holder[COUNT];
  if (known !== undefined) return known;
  const descriptor = Object.getOwnPropertyDescriptor(root, 'current');
  if (
    descriptor === undefined ||
    !('value' in descriptor) ||
    !descriptor.writable ||
    !descriptor.configurable
  )
    return null;
  const count = { commits: 0 };
  let current: unknown = descriptor.value;
  Object.defineProperty(root, 'current', {
    configurable: true,
    enumerable: descriptor.enumerable ?? true,
    get: () => current,
    set: (next: unknown) => {
      current = next;
      count.commits++;
    },
  });
  Object.defineProperty(root, COUNT, { value: count });
  return count;
}

/** The range in which two lists differ: `before[start, endBefore)` became `after[start, endAfter)`. */
export interface Differing {
  start: number;
  endBefore: number;
  endAfter: number;
}

/**
 * Narrows `range` past the items `before` and `after` share, by identity, at either end: the
 * snapshot comparing a level's parts with the last commit's, and the derivation comparing a list
 * of nodes inside what the snapshot noted, both keep only what differs.
 */
export function trimCommonEnds(
  before: readonly unknown[],
  after: readonly unknown[],
  range: Differing,
): Differing {
  let { start, endBefore, endAfter } = range;
  while (start < endBefore && start < endAfter && before[start] === after[start]) start++;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return { start, endBefore, endAfter };
}

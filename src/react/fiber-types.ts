/**
 * The few fields of React's internal Fiber and FiberRoot objects the snapshot reads. Types only:
 * React exports none of this, so every read goes through guarded code (see read-fiber-tree.ts).
 * Field names and tag numbers are those of react-reconciler 0.29–0.33 (React 18.3–19.3).
 */

export interface Fiber {
  tag: number;
  key: string | null;
  /** What the element was created with: a memo / forwardRef / lazy wrapper, or the component itself. */
  elementType: unknown;
  /** The resolved type: the function, class, host string, or (for tag 14) the memo object. */
  type: unknown;
  /** Class instance for tag 1, FiberRoot for tag 3, host node for tags 5/6. */
  stateNode: unknown;
  return: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
  /**
   * The other buffer of the same slot. React renders into the alternate and swaps on commit, so a
   * fiber object we hold may be the committed one or the stale one.
   */
  alternate: Fiber | null;
  /** Props of the last render that reached this fiber (committed, when the fiber is current). */
  memoizedProps: unknown;
  /** Function components: the first hook of a linked list. Class: the state. Offscreen: hidden or null. */
  memoizedState: unknown;
}

/** One entry of a function component's hook list. A `useMemo` hook holds `[value, deps]`. */
export interface Hook {
  memoizedState: unknown;
  next: Hook | null;
}

export interface FiberRoot {
  /** The committed HostRoot fiber (during `resetAfterCommit`, still the previous one). */
  current: Fiber;
  /** The host container: Ink's `ink-root` DOM node. */
  containerInfo: unknown;
  /** Lanes with work React has not committed yet. */
  pendingLanes: number;
  /** Pending lanes waiting on data (a suspended transition): React will not work on them until pinged. */
  suspendedLanes: number;
  pingedLanes: number;
}

export const FunctionComponent = 0;
export const ClassComponent = 1;
export const HostRoot = 3;
export const HostComponent = 5;
export const ForwardRef = 11;
/** `memo(X, compare)`, or `memo` of a non-function: the component is its child fiber. */
export const MemoComponent = 14;
/** `memo(function)` without compare: one fiber, `type` is the function, `elementType` the memo object. */
export const SimpleMemoComponent = 15;
/** Suspense's primary content and `<Activity>`: `memoizedState !== null` means hidden. */
export const OffscreenComponent = 22;

/**
 * Hears every commit of an Ink root that changed the host tree. Ink's reconciler calls
 * `rootNode.onComputeLayout()` first thing in `resetAfterCommit`, once per such commit, including
 * `<Static>` commits that skip the throttled `onRender` (see docs/internals.md,
 * "Observing Ink's commits").
 * The wrapper is shared by every session on the root and removed with the last one.
 */

type Listener = () => void;

interface ObserverState {
  readonly original: unknown;
  readonly wrapper: (this: unknown) => void;
  readonly listeners: Set<Listener>;
}

/** On the root node, so two sessions (or two copies of ink-mcp) share one wrapper. */
const STATE = Symbol.for('ink-mcp/commit-observer@1');

type ObservedRoot = { onComputeLayout?: unknown; [STATE]?: ObserverState };

/** Calls `listener` after Ink's own layout step on every commit; returns the function that stops it. */
export function observeCommits(container: unknown, listener: Listener): () => void {
  if (typeof container !== 'object' || container === null) return () => {};
  const root = container as ObservedRoot;
  const state = root[STATE] ?? install(root);
  state.listeners.add(listener);
  return () => {
    state.listeners.delete(listener);
    if (state.listeners.size > 0 || root[STATE] !== state) return;
    // Someone wrapped ours since: leave it as a pass-through rather than cut them off.
    if (root.onComputeLayout !== state.wrapper) return;
    if (state.original === undefined) delete root.onComputeLayout;
    else root.onComputeLayout = state.original;
    delete root[STATE];
  };
}

function install(root: ObservedRoot): ObserverState {
  const original = root.onComputeLayout;
  const listeners = new Set<Listener>();
  const wrapper = function (this: unknown): void {
    // Ink's layout first and unchanged; an error there propagates exactly as it would without us.
    if (typeof original === 'function') original.call(this);
    // A Set visits listeners added during the loop too; one removed before its turn is skipped.
    for (const listener of listeners) {
      try {
        listener();
      } catch {
        // Listeners guard themselves; nothing of ours may break React's commit.
      }
    }
  };
  const state: ObserverState = { original, wrapper, listeners };
  root[STATE] = state;
  root.onComputeLayout = wrapper;
  return state;
}

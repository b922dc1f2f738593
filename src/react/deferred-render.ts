/**
 * Ink renders its whole frame in every commit when it writes to memory: a headless app runs Ink in
 * debug mode, which is unthrottled (`rootNode.onRender = this.onRender`, node_modules/ink/build/ink.js,
 * Ink 6 and 8), so typing 50 keys renders 50 frames that nobody reads. On a terminal Ink throttles
 * to one frame per 32 ms instead. Here the frame is rendered when the screen is read, or 32 ms
 * after a commit at the latest — Ink's own pace on a terminal, which keeps what Ink hands its other
 * readers current: its `onRender` option, the frame it repeats under the app's own writes, and
 * Ink 8's `waitUntilRenderFlush`. Measured in bench/README.md ("Issue #17, fourth round").
 *
 * `<Static>` output is not deferred: Ink renders it at once through `onImmediateRender`, before
 * React deletes the items. Unmounting Ink renders its final frame itself.
 */

/** Ink's pace on a terminal: `maxFps` 30 (node_modules/ink/build/ink.js). */
const LATEST_MS = 32;

export interface DeferredRender {
  /** Renders now if a commit is still unrendered (before reading Ink's output). */
  flush(): void;
  /** Renders what is pending and gives Ink back its own `onRender` (with the last user). */
  stop(): void;
}

interface RootState {
  readonly original: () => void;
  readonly wrapper: () => void;
  users: number;
  /** Stopped while someone else's wrapper held ours: ours only passes through. */
  passThrough: boolean;
  dirty: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** On Ink's root node, so two sessions on one root share one wrapper. */
const STATE = Symbol.for('ink-mcp/deferred-render@1');

type InkRootNode = { onRender?: unknown; [STATE]?: RootState };

/** Defers Ink's per-commit render on `container` (Ink's root node); undefined if it has none. */
export function deferRenders(container: unknown): DeferredRender | undefined {
  if (typeof container !== 'object' || container === null) return undefined;
  const root = container as InkRootNode;
  const state = root[STATE] ?? install(root);
  if (state === undefined) return undefined;
  state.users++;
  let stopped = false;
  return {
    flush: () => flush(state),
    stop: () => {
      if (stopped) return;
      stopped = true;
      flush(state);
      if (--state.users > 0 || root[STATE] !== state) return;
      delete root[STATE];
      // Someone wrapped ours since: leave ours in place as a pass-through rather than cut them off.
      if (root.onRender === state.wrapper) root.onRender = state.original;
      else state.passThrough = true;
    },
  };
}

function install(root: InkRootNode): RootState | undefined {
  const original = root.onRender;
  if (typeof original !== 'function') return undefined;
  const state: RootState = {
    original: original as () => void,
    wrapper: () => {
      if (state.passThrough) return state.original();
      state.dirty = true;
      state.timer ??= setTimeout(() => flush(state), LATEST_MS);
    },
    users: 0,
    passThrough: false,
    dirty: false,
    timer: undefined,
  };
  root[STATE] = state;
  root.onRender = state.wrapper;
  return state;
}

function flush(state: RootState): void {
  if (state.timer !== undefined) clearTimeout(state.timer);
  state.timer = undefined;
  if (!state.dirty) return;
  state.dirty = false;
  // Ink's own method, bound to its instance; it does nothing once Ink has unmounted.
  state.original();
}

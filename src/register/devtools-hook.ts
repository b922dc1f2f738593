/**
 * React's DevTools global hook, installed before the app loads, so that a bundled Ink's React tree
 * can be read where no module can be hooked. A reconciler that was told to inject itself
 * (`injectIntoDevTools()`: Ink 6 does when `process.env.DEV === 'true'` at run time) calls
 * `hook.inject(internals)` once and `hook.onCommitFiberRoot(id, root)` on every commit, production
 * builds too; `root.containerInfo` is then Ink's root node (`ink-root`) and `root.current` the
 * committed fiber tree. A hook already there (a real React DevTools) keeps working: its functions are
 * called first, and only watched.
 */

const KEY = '__REACT_DEVTOOLS_GLOBAL_HOOK__';

/** The Ink roots the hook has seen commit, in the order they first did. */
export interface InkRoots {
  /** The first Ink root that committed and still has a tree, if any. */
  first(): unknown;
}

interface Hook {
  supportsFiber?: boolean;
  renderers?: Map<number, unknown>;
  inject?: (internals: unknown) => number;
  onCommitFiberRoot?: (id: number, root: unknown, ...rest: unknown[]) => void;
  [key: string]: unknown;
}

export function installDevtoolsHook(): InkRoots {
  const roots: object[] = [];
  const seen = (root: unknown) => {
    const container = (root as { containerInfo?: { nodeName?: unknown } } | null)?.containerInfo;
    if (container?.nodeName === 'ink-root' && !roots.includes(root as object)) roots.push(root as object);
  };
  const global = globalThis as Record<string, unknown>;
  const existing = global[KEY] as Hook | undefined;
  if (existing && typeof existing === 'object') {
    const commit = existing.onCommitFiberRoot;
    existing.onCommitFiberRoot = function (this: unknown, id, root, ...rest) {
      try {
        seen(root);
      } catch {
        // Never in the way of the hook's owner.
      }
      return commit?.call(this, id, root, ...rest);
    };
  } else {
    let next = 1;
    const renderers = new Map<number, unknown>();
    const hook: Hook = {
      supportsFiber: true,
      renderers,
      inject(internals) {
        const id = next++;
        renderers.set(id, internals);
        return id;
      },
      onCommitFiberRoot: (_id, root) => seen(root),
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      // React DOM asks the hook to check dead-code elimination; nothing to check here.
      checkDCE() {},
    };
    // Writable: a DevTools backend the app loads later may put its own in place.
    global[KEY] = hook;
  }
  return {
    first: () => roots.find((root) => (root as { current?: { child?: unknown } }).current?.child != null),
  };
}

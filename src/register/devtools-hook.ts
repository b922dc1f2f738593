/**
 * React's DevTools global hook, installed before the app loads, so that a bundled Ink's React tree
 * can be read where no module can be hooked. A reconciler that was told to inject itself
 * (`injectIntoDevTools()`: Ink 6 does when `process.env.DEV === 'true'` at run time) calls
 * `hook.inject(internals)` once and `hook.onCommitFiberRoot(id, root)` on every commit, production
 * builds too; `root.containerInfo` is then Ink's root node (`ink-root`) and `root.current` the
 * committed fiber tree. A hook already there (a real React DevTools) keeps working: its functions are
 * called first, and only watched. One that cannot be watched (frozen, a getter that throws, a global
 * that cannot be set: anything loaded before the preload may have put it there) is left alone: the
 * app is served without this route (keys and screen only, for a bundle), and stderr says so.
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

/**
 * Installs the hook, or watches the one there. Never throws: a hook that refuses to be watched
 * costs only this route (`warn` says so), not the app.
 */
export function installDevtoolsHook(warn: (message: string) => void): InkRoots {
  const roots: object[] = [];
  try {
    watchOrInstall(roots);
  } catch (error) {
    warn(
      `ink-mcp: React's DevTools hook (${KEY}), set before ink-mcp's preload, cannot be watched (${describe(error)}): ` +
        'the app is served without it (a bundled Ink app by its terminal only: keys and screen, not its React tree). Remove what sets the hook to serve that too.',
    );
    return { first: () => undefined };
  }
  return {
    first: () => {
      try {
        return roots.find((root) => (root as { current?: { child?: unknown } }).current?.child != null);
      } catch {
        return undefined;
      }
    },
  };
}

/** What the hook threw, as one short line: its text is the hook owner's, not ours. */
function describe(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = 'it threw';
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').slice(0, 200);
}

function watchOrInstall(roots: object[]): void {
  const seen = (root: unknown) => {
    const container = (root as { containerInfo?: { nodeName?: unknown } } | null)?.containerInfo;
    if (container?.nodeName === 'ink-root' && !roots.includes(root as object)) roots.push(root as object);
  };
  const global = globalThis as Record<string, unknown>;
  const existing = global[KEY] as Hook | undefined;
  if (existing && typeof existing === 'object') {
    const commit = existing.onCommitFiberRoot;
    const watching: Hook['onCommitFiberRoot'] = function (this: unknown, id, root, ...rest) {
      try {
        seen(root);
      } catch {
        // Never in the way of the hook's owner.
      }
      return commit?.call(this, id, root, ...rest);
    };
    // Throws when the hook is frozen or its property a throwing setter (modules are strict code).
    existing.onCommitFiberRoot = watching;
    if (existing.onCommitFiberRoot !== watching)
      throw new Error('its onCommitFiberRoot could not be replaced');
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
    // A global that silently refused the write (a setter that drops it) is no route either.
    if (global[KEY] !== hook) throw new Error('the hook could not be put in place');
  }
}

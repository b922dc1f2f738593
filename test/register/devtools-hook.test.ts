import { afterEach, describe, expect, it } from 'vitest';
import { installDevtoolsHook } from '../../src/register/devtools-hook.js';

const KEY = '__REACT_DEVTOOLS_GLOBAL_HOOK__';
const global = globalThis as Record<string, unknown>;
afterEach(() => {
  delete global[KEY];
});

/** A FiberRoot as the reconciler hands it to the hook: Ink's root node, and a committed tree. */
const inkRoot = () => ({ containerInfo: { nodeName: 'ink-root' }, current: { child: {} } });

describe("React's DevTools hook, installed by the preload", () => {
  it('takes a renderer that injects itself and records the Ink roots that commit', () => {
    const roots = installDevtoolsHook();
    const hook = global[KEY] as {
      supportsFiber: boolean;
      inject(internals: unknown): number;
      onCommitFiberRoot(id: number, root: unknown): void;
    };
    // What the reconciler's injectIntoDevTools looks for.
    expect(hook.supportsFiber).toBe(true);
    const id = hook.inject({ rendererPackageName: 'app' });
    expect(roots.first()).toBeUndefined();
    hook.onCommitFiberRoot(id, { containerInfo: { nodeName: 'div' }, current: { child: {} } });
    expect(roots.first()).toBeUndefined();
    const root = inkRoot();
    hook.onCommitFiberRoot(id, root);
    hook.onCommitFiberRoot(id, root);
    expect(roots.first()).toBe(root);
  });

  it('chains to a hook already there (a real React DevTools): it still hears every commit', () => {
    const heard: unknown[] = [];
    const existing = {
      supportsFiber: true,
      onCommitFiberRoot: (_id: number, root: unknown) => heard.push(root),
    };
    global[KEY] = existing;
    const roots = installDevtoolsHook();
    expect(global[KEY]).toBe(existing);
    const root = inkRoot();
    existing.onCommitFiberRoot(1, root);
    expect(heard).toEqual([root]);
    expect(roots.first()).toBe(root);
  });
});

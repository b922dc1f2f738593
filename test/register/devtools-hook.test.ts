import { afterEach, describe, expect, it } from 'vitest';
import { installDevtoolsHook } from '../../src/register/devtools-hook.js';

const KEY = '__REACT_DEVTOOLS_GLOBAL_HOOK__';
const global = globalThis as Record<string, unknown>;
afterEach(() => {
  delete global[KEY];
});

const unexpected = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

/** A FiberRoot as the reconciler hands it to the hook: Ink's root node, and a committed tree. */
const inkRoot = () => ({ containerInfo: { nodeName: 'ink-root' }, current: { child: {} } });

describe("React's DevTools hook, installed by the preload", () => {
  it('takes a renderer that injects itself and records the Ink roots that commit', () => {
    const roots = installDevtoolsHook(unexpected);
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
    const roots = installDevtoolsHook(unexpected);
    expect(global[KEY]).toBe(existing);
    const root = inkRoot();
    existing.onCommitFiberRoot(1, root);
    expect(heard).toEqual([root]);
    expect(roots.first()).toBe(root);
  });

  describe('a hostile hook set before the preload is tolerated: no route, said once, nothing thrown', () => {
    const throwing = () => {
      throw new Error('no\x1b[31m touching');
    };
    const cases: [string, () => void][] = [
      [
        'a frozen hook',
        () => {
          global[KEY] = Object.freeze({ supportsFiber: true, onCommitFiberRoot() {} });
        },
      ],
      [
        'a global whose getter throws',
        () => {
          Object.defineProperty(globalThis, KEY, { configurable: true, get: throwing });
        },
      ],
      [
        'a hook whose onCommitFiberRoot getter throws',
        () => {
          global[KEY] = Object.defineProperty({}, 'onCommitFiberRoot', { get: throwing, set: throwing });
        },
      ],
      [
        'a hook whose onCommitFiberRoot setter drops the write',
        () => {
          global[KEY] = Object.defineProperty({}, 'onCommitFiberRoot', { get: () => undefined, set() {} });
        },
      ],
      [
        'a global that cannot be written',
        () => {
          Object.defineProperty(globalThis, KEY, { configurable: true, writable: false, value: undefined });
        },
      ],
      [
        'a proxy that throws on every trap',
        () => {
          global[KEY] = new Proxy(
            {},
            { get: throwing, set: throwing, has: throwing, defineProperty: throwing },
          );
        },
      ],
    ];
    for (const [what, set] of cases) {
      it(what, () => {
        set();
        const warnings: string[] = [];
        const roots = installDevtoolsHook((message) => warnings.push(message));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(
          /^ink-mcp: React's DevTools hook \(__REACT_DEVTOOLS_GLOBAL_HOOK__\), set before ink-mcp's preload, cannot be watched \(.+\): the app is served without it/,
        );
        // What the hook threw is quoted without its escapes.
        expect(warnings[0]).not.toContain('\x1b');
        expect(roots.first()).toBeUndefined();
      });
    }
  });
});

import type { Serving } from '../util/reach.js';

/**
 * The handshake between the `ink-mcp/register` preload and the code that loads after it: the
 * preload puts its hook on a global (the `ink` wrapper module and `renderMcp` may come from another
 * copy of ink-mcp, so module state would not be shared).
 */
export const REGISTER_KEY = 'ink-mcp/register@1';

export interface PreloadHook {
  /**
   * How the preload serves this process: headless (`stdio`) or attached (`attach`). Named `mode`
   * still: the hook is read by other copies of ink-mcp (REGISTER_KEY), so its shape stays.
   */
  mode: Serving;
  /** Ink's module as the app imports it → the `render` the app gets. */
  wrap(ink: object): Promise<unknown>;
  /** A copy of a widget library the app loaded (src/register/hooks.ts), for the adapters. */
  widgetCopy?(library: string, module: object): void;
}

export function preloadHook(): PreloadHook | undefined {
  return (globalThis as Record<symbol, PreloadHook | undefined>)[Symbol.for(REGISTER_KEY)];
}

export function setPreloadHook(hook: PreloadHook): void {
  (globalThis as Record<symbol, PreloadHook | undefined>)[Symbol.for(REGISTER_KEY)] = hook;
}

/** The preload already serves this process over stdio: a second stdio server would fight it. */
export function servedByPreload(): boolean {
  return preloadHook()?.mode === 'stdio';
}

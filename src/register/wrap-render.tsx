import type { Instance, render as inkRender, RenderOptions } from 'ink';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import type { RegisterConfig } from '../launcher/config.js';
import { McpSession } from '../react/McpSession.js';
import { createMemoryTerminal } from '../react/memory-terminal.js';
import { attachedScreen, tapScreen } from '../render/screen-tap.js';
import type { McpServerHandle } from '../server/create-mcp-server.js';
import { SessionIds } from './session-ids.js';

type Render = typeof inkRender;

export interface WrapDeps {
  config: RegisterConfig;
  server: McpServerHandle;
  /** Resolves once every answer owed has been written (bounded): called when an app exits. */
  answered(): Promise<void>;
  /** Every app of this process has exited (`true`) or one is running again (`false`). */
  onIdle(idle: boolean): void;
  /** An app has rendered (its session is attached): requests held for it may go on. */
  rendered(): void;
  /** Keeps the instance for a stop from outside (end of input); returns its removal. */
  track(instance: Instance): () => void;
}

/**
 * The app's own `render`, made to render inside an `McpSession` and be served: headless into an
 * in-memory terminal (stdio), or into the real terminal with the screen read from Ink's writes
 * (attach). Each `render` call is its own session. A tree that already is an `McpSession` (the app
 * uses ink-mcp itself) is left alone.
 */
export function wrapRender(realRender: Render, deps: WrapDeps): Render {
  const ids = new SessionIds(deps.config.session);
  const wrapped = (tree: ReactNode, options?: NodeJS.WriteStream | RenderOptions): Instance => {
    if (isSessionElement(tree)) return realRender(tree, options);
    const id = ids.take();
    if (ids.size === 1) deps.onIdle(false);
    const { element, inkOptions } =
      deps.config.mode === 'stdio' ? headless(id, deps) : attached(id, deps, appOptions(options));
    const instance = realRender(element(tree), inkOptions);
    const untrack = deps.track(instance);
    deps.rendered();
    // Settled (exit answered, owed answers written) before the app's own code after
    // `await waitUntilExit()` runs, which may well be `process.exit()`.
    const exit = instance.waitUntilExit();
    const after = async () => {
      untrack();
      ids.release(id);
      await deps.answered();
      if (ids.size === 0) deps.onIdle(true);
    };
    const settled = exit.then(after, after);
    return {
      ...instance,
      rerender: (next: ReactNode) => instance.rerender(element(next)),
      waitUntilExit: () =>
        exit.then(
          (value) => settled.then(() => value),
          (error: unknown) =>
            settled.then(() => {
              throw error;
            }),
        ),
    };
  };
  return wrapped as Render;
}

interface Wrapping {
  element: (tree: ReactNode) => ReactElement;
  inkOptions: RenderOptions;
}

function headless(id: string, deps: WrapDeps): Wrapping {
  const terminal = createMemoryTerminal(deps.config.columns, deps.config.rows);
  return {
    element: (tree) => (
      <McpSession
        id={id}
        server={deps.server}
        screen={{ source: terminal.screen, size: () => terminal.stdout, renderOnRead: true }}
        builtinTools={deps.config.builtinTools}
      >
        {tree}
      </McpSession>
    ),
    // Whatever streams the app asked for: in stdio mode stdout belongs to the protocol. What the app
    // writes to stderr itself (`useStderr().write`) goes to the real stderr, as it would in a terminal.
    inkOptions: { ...terminal.inkOptions(), stderr: process.stderr },
  };
}

function attached(id: string, deps: WrapDeps, options: RenderOptions): Wrapping {
  // Ink 8 types `stdout` as any writable stream; the one an attached app draws on is a terminal's.
  const terminal = (options.stdout ?? process.stdout) as NodeJS.WriteStream;
  const tap = tapScreen(terminal);
  const screen = attachedScreen(tap, terminal);
  return {
    element: (tree) => (
      <McpSession id={id} server={deps.server} screen={screen} builtinTools={deps.config.builtinTools}>
        {tree}
      </McpSession>
    ),
    inkOptions: { ...options, stdout: tap.stream },
  };
}

/** `render(tree, stdout)` is Ink's older form of `render(tree, { stdout })`. */
function appOptions(options: NodeJS.WriteStream | RenderOptions | undefined): RenderOptions {
  if (options === undefined) return {};
  return typeof (options as NodeJS.WriteStream).write === 'function'
    ? { stdout: options as NodeJS.WriteStream }
    : (options as RenderOptions);
}

/** An `McpSession` at the root: the app (or `renderMcp`, from another copy of ink-mcp) serves itself. */
function isSessionElement(tree: ReactNode): boolean {
  if (!isValidElement(tree)) return false;
  const type = tree.type as { name?: string } | string;
  return type === McpSession || (typeof type === 'function' && type.name === 'McpSession');
}

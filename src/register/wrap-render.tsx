import type { Instance, render as inkRender, RenderOptions } from 'ink';
import { isValidElement, type ReactNode } from 'react';
import { McpSession } from '../react/McpSession.js';
import type { ServedApp } from '../render/serve-app.js';

type Render = typeof inkRender;

/**
 * The app's own `render`, made to render each tree as a session of the served app (serve-app.ts). A
 * tree that already is an `McpSession` (the app uses ink-mcp itself) is left alone.
 */
export function wrapRender(realRender: Render, served: ServedApp): Render {
  const wrapped = (tree: ReactNode, options?: NodeJS.WriteStream | RenderOptions): Instance =>
    isSessionElement(tree)
      ? realRender(tree, options)
      : served.render(
          realRender as (tree: ReactNode, options: RenderOptions) => Instance,
          tree,
          appOptions(options),
        );
  return wrapped as Render;
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

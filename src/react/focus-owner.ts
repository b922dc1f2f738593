import { declarationsOf } from './build-nodes.js';
import type { Fiber, Hook } from './fiber-types.js';

/**
 * The widget id of the component holding Ink focus id `activeId`, under the session's anchor: the
 * nearest enclosing component that declares tools (`useMcpTools`) or carries an `id` prop. The
 * focused component is found by its `useFocus` registration effect, whose deps start with
 * `[id, autoFocus]` (Ink 6 and Ink 8 alike). Undefined when no widget encloses it.
 */
export function focusOwner(anchor: Fiber | null, activeId: string): string | undefined {
  if (anchor === null) return undefined;
  try {
    return search(anchor.child, activeId, []);
  } catch {
    return undefined; // internals changed shape: the answer just says less
  }
}

function search(first: Fiber | null, activeId: string, widgets: string[]): string | undefined {
  for (let fiber = first; fiber !== null; fiber = fiber.sibling) {
    const own = widgetIdOf(fiber);
    if (own !== undefined) widgets.push(own);
    if (registersFocus(fiber, activeId)) return widgets.at(-1);
    const found = search(fiber.child, activeId, widgets);
    if (own !== undefined) widgets.pop();
    if (found !== undefined) return found;
  }
  return undefined;
}

function widgetIdOf(fiber: Fiber): string | undefined {
  if (typeof fiber.type !== 'function' && typeof fiber.type !== 'object') return undefined;
  const decls = declarationsOf(fiber);
  if (decls.length > 0) return decls[0]!.id;
  const id = (fiber.memoizedProps as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
}

function registersFocus(fiber: Fiber, activeId: string): boolean {
  if (typeof fiber.type !== 'function') return false;
  for (
    let hook = fiber.memoizedState as Hook | null;
    hook != null && typeof hook === 'object';
    hook = hook.next
  ) {
    const deps = (hook.memoizedState as { deps?: unknown } | null)?.deps;
    if (Array.isArray(deps) && deps[0] === activeId && typeof deps[1] === 'boolean') return true;
  }
  return false;
}

import type { ViewNode } from '../walker/types.js';
import type { ComponentInfo } from './component-info.js';
import { componentNode } from './component-node.js';
import type { Fiber, Hook } from './fiber-types.js';
import { hookNode, hookProvider } from './provider-for.js';
import { isDeclaration, type ToolsDeclaration } from './tools-marker.js';

export const NO_DECLS: readonly ToolsDeclaration[] = Object.freeze([]);

/** `useMcpTools` keeps its declaration in a `useMemo` hook, whose state is `[value, deps]`. */
export function declarationsOf(fiber: Fiber): readonly ToolsDeclaration[] {
  let found: ToolsDeclaration[] | null = null;
  for (let hook = fiber.memoizedState as Hook | null; hook != null; hook = hook.next) {
    const value = hook.memoizedState;
    if (!Array.isArray(value) || !isDeclaration(value[0])) continue;
    if (found === null) found = [];
    found.push(value[0]);
  }
  return found ?? NO_DECLS;
}

/**
 * A component's nodes: the type-level one (type map or static) first, then one per `useMcpTools`
 * call in call order; the last one holds the subtree's nodes as `children`.
 */
export function buildNodes(
  fiber: Fiber,
  info: ComponentInfo,
  hooks: Fiber | null,
  decls: readonly ToolsDeclaration[],
  kids: readonly ViewNode[],
): readonly ViewNode[] {
  const props = (fiber.memoizedProps ?? {}) as Record<string, unknown>;
  const attrs = attrsOf(props);
  const nodes: ViewNode[] = [];
  if (info.provider != null) {
    const node = componentNode(info.name, attrs, info.provider, fiber);
    // A static's widget id is `props.id`; without one the walker treats the node as a container.
    if (props.id !== undefined) node.id = props.id as string;
    nodes.push(node);
  }
  if (decls.length > 0) {
    const provider = hookProvider(hooks?.type as object);
    for (const decl of decls) {
      const own =
        decl.exclude || decl.personOnly
          ? {
              ...attrs,
              ...(decl.exclude ? { mcpExclude: true } : {}),
              ...(decl.personOnly ? { mcpPersonOnly: true } : {}),
            }
          : attrs;
      nodes.push(hookNode(info.name, decl.id, own, provider, decl.specs));
    }
  }
  nodes[nodes.length - 1]!.children = kids as ViewNode[];
  return nodes;
}

/** Props without `children` (the subtree is `children`) and `ref` (React's, not the component's). */
function attrsOf(props: Record<string, unknown>): Record<string, unknown> {
  const attrs: Record<string, unknown> = {};
  for (const key of Object.keys(props)) if (key !== 'children' && key !== 'ref') attrs[key] = props[key];
  return attrs;
}

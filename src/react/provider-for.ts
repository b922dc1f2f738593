import type { ActionSpec, ToolProvider, ViewNode } from '../walker/types.js';

/**
 * Providers must keep their identity across commits: the synchronizer keys a tool on (name,
 * definition, provider), so a fresh provider per snapshot would replace every tool on every commit.
 */

/** A hook node's committed specs: kept off the node, so they never show in attrs, spreads or JSON. */
const hookSpecs = new WeakMap<ViewNode, readonly ActionSpec[]>();

const hookProviders = new WeakMap<object, ToolProvider>();
const staticProviders = new WeakMap<object, ToolProvider>();

/** One provider per component that calls `useMcpTools`: it answers the specs stored on the node. */
export function hookProvider(component: object): ToolProvider {
  let provider = hookProviders.get(component);
  if (!provider) {
    provider = { mcpTools: (_attrs, node) => specsOf(node) };
    hookProviders.set(component, provider);
  }
  return provider;
}

/** One provider per component with a static `mcpTools(props, node)` (`holder` is where it was found). */
export function staticProvider(holder: { mcpTools: ToolProvider['mcpTools'] }): ToolProvider {
  let provider = staticProviders.get(holder);
  if (!provider) {
    provider = { mcpTools: (attrs, node) => holder.mcpTools(attrs, node) };
    staticProviders.set(holder, provider);
  }
  return provider;
}

export function withSpecs(node: ViewNode, specs: readonly ActionSpec[]): ViewNode {
  hookSpecs.set(node, specs);
  return node;
}

function specsOf(node: ViewNode): ActionSpec[] {
  const specs = hookSpecs.get(node);
  // A copy: the walker may not mutate it, but the declaration is shared with React's hook state.
  return specs ? [...specs] : [];
}

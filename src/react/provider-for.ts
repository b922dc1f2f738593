import type { ActionSpec, ToolProvider, ViewNode } from '../walker/types.js';
import { componentWithChildren } from './component-node.js';

/**
 * Providers must keep their identity across commits: the synchronizer keys a tool on (name,
 * definition, provider), so a fresh provider per snapshot would replace every tool on every commit.
 */

const hookProviders = new WeakMap<object, ToolProvider>();
const staticProviders = new WeakMap<object, ToolProvider>();

/**
 * The node of one `useMcpTools` call. Its committed specs ride in a private field: they never show
 * in attrs, keys or JSON, and storing them costs nothing per commit (a WeakMap keyed by the node cost
 * an insert, ~0.3 µs, for every node a commit rebuilds: bench/README.md, P1.tool).
 */
class HookNode implements ViewNode {
  type: string;
  id: string;
  attrs: Record<string, unknown>;
  children: ViewNode[];
  provider: ToolProvider;
  readonly #specs: readonly ActionSpec[];

  constructor(
    type: string,
    id: string,
    attrs: Record<string, unknown>,
    children: ViewNode[],
    provider: ToolProvider,
    specs: readonly ActionSpec[],
  ) {
    this.type = type;
    this.id = id;
    this.attrs = attrs;
    this.children = children;
    this.provider = provider;
    this.#specs = specs;
  }

  static specsOf(node: ViewNode): readonly ActionSpec[] | undefined {
    return #specs in node ? node.#specs : undefined;
  }

  static withChildren(node: ViewNode, children: ViewNode[]): ViewNode | undefined {
    if (!(#specs in node)) return undefined;
    return new HookNode(node.type, node.id, node.attrs, children, node.provider, node.#specs);
  }
}

/** The node of a `useMcpTools` call, answering `specs` through its component's `hookProvider`. */
export function hookNode(
  type: string,
  id: string,
  attrs: Record<string, unknown>,
  provider: ToolProvider,
  specs: readonly ActionSpec[],
): ViewNode {
  return new HookNode(type, id, attrs, [], provider, specs);
}

/**
 * `node` with other children: a spread would lose a hook node's specs (its provider would then offer
 * nothing) and a component node's fiber (its text could not be read).
 */
export function withChildren(node: ViewNode, children: ViewNode[]): ViewNode {
  return (
    HookNode.withChildren(node, children) ?? componentWithChildren(node, children) ?? { ...node, children }
  );
}

/** One provider per component that calls `useMcpTools`: it answers the specs stored on the node. */
export function hookProvider(component: object): ToolProvider {
  let provider = hookProviders.get(component);
  if (!provider) {
    provider = { mcpTools: (_attrs, node) => specsOf(node) };
    hookProviders.set(component, provider);
  }
  return provider;
}

/** Where a component keeps its statics: `mcpTools(props, node)`, and `mcpPersonOnly(props, node)` if it has one. */
export interface StaticHolder {
  mcpTools: ToolProvider['mcpTools'];
  mcpPersonOnly?: unknown;
}

/** One provider per component with a static `mcpTools(props, node)` (`holder` is where it was found). */
export function staticProvider(holder: StaticHolder): ToolProvider {
  let provider = staticProviders.get(holder);
  if (!provider) {
    provider = {
      mcpTools: (attrs, node) => holder.mcpTools(attrs, node),
      // Read at each use, like `mcpTools`: a static assigned after the first render still counts.
      personOnly: (attrs, node) => {
        const own = holder.mcpPersonOnly;
        return typeof own === 'function' ? own(attrs, node) === true : own === true;
      },
    };
    staticProviders.set(holder, provider);
  }
  return provider;
}

function specsOf(node: ViewNode): ActionSpec[] {
  const specs = HookNode.specsOf(node);
  // A copy: the walker may not mutate it, but the declaration is shared with React's hook state.
  return specs ? [...specs] : [];
}

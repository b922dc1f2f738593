import type { ToolProvider, ViewNode } from '../walker/types.js';
import type { Fiber } from './fiber-types.js';

/**
 * The node of a component the type map or a static makes a widget. It keeps the fiber it was read
 * from in a private field, so that the text the widget draws can be read after a call
 * (`ViewSource.textOf`): never in attrs, keys or JSON, and free to store (a WeakMap keyed by the node
 * would cost an insert for every node a commit rebuilds, like HookNode's specs).
 */
class ComponentNode implements ViewNode {
  type: string;
  // Declared, not defined: a node without an id has no `id` key at all, as the walker expects.
  declare id?: string;
  attrs: Record<string, unknown>;
  children: ViewNode[];
  provider: ToolProvider | null | undefined;
  readonly #fiber: Fiber;

  constructor(
    type: string,
    attrs: Record<string, unknown>,
    children: ViewNode[],
    provider: ToolProvider | null | undefined,
    fiber: Fiber,
  ) {
    this.type = type;
    this.attrs = attrs;
    this.children = children;
    this.provider = provider;
    this.#fiber = fiber;
  }

  /** The fiber (either object of its slot) the node was read from; undefined for any other node. */
  static fiberOf(node: ViewNode): Fiber | undefined {
    return #fiber in node ? node.#fiber : undefined;
  }

  static withChildren(node: ViewNode, children: ViewNode[]): ViewNode | undefined {
    if (!(#fiber in node)) return undefined;
    const copy = new ComponentNode(node.type, node.attrs, children, node.provider, node.#fiber);
    if (node.id !== undefined) copy.id = node.id;
    return copy;
  }
}

/** A widget's node, read from `fiber`. */
export function componentNode(
  type: string,
  attrs: Record<string, unknown>,
  provider: ToolProvider,
  fiber: Fiber,
): ViewNode {
  return new ComponentNode(type, attrs, [], provider, fiber);
}

export const fiberOfNode = ComponentNode.fiberOf;
export const componentWithChildren = ComponentNode.withChildren;

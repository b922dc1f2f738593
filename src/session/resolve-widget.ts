import { findProvider } from '../walker/find-provider.js';
import type { WidgetUnavailable } from '../walker/ids.js';
import { offeredAction } from '../walker/offered.js';
import type { ActionSpec, ToolDef, TypeMap, ViewNode } from '../walker/types.js';

export type Resolution =
  | { ok: true; node: ViewNode; spec: ActionSpec }
  | { ok: false; error: WidgetUnavailable };

/**
 * Finds the widget a call acts on in the tree as it is now: the first node in view order with the
 * tool's widget id, of the tool's provider, that offers the action now. Otherwise says why not:
 * no node with the id (`absent`), none of the provider (`type_changed`), none offering the action
 * (`disabled`).
 */
export function resolveWidget(
  tree: readonly ViewNode[],
  tool: Pick<ToolDef, 'widgetId' | 'action' | 'provider'>,
  typeMap: TypeMap,
  /** The tree's nodes never change in place (`ViewSource.reusesNodes`): its id index can be kept. */
  stable = false,
): Resolution {
  const seen = { id: false, provider: false };
  const found = stable
    ? firstOffering(indexOf(tree).get(tool.widgetId) ?? NONE, tool, typeMap, seen)
    : firstOfferingInTree(tree, tool, typeMap, seen);
  if (found !== undefined) return found;
  const why = !seen.id ? 'absent' : !seen.provider ? 'type_changed' : 'disabled';
  return { ok: false, error: { code: 'widget_unavailable', widgetId: tool.widgetId, why } };
}

/**
 * The widget a call acts on, whatever it offers now: the first node in view order with the tool's
 * widget id and of its provider. What a call's `observe` reads after the action (the action may no
 * longer be offered: a submitted form's field is disabled).
 */
export function findWidget(
  tree: readonly ViewNode[],
  tool: Pick<ToolDef, 'widgetId' | 'provider'>,
  typeMap: TypeMap,
  stable = false,
): ViewNode | undefined {
  const nodes = stable ? (indexOf(tree).get(tool.widgetId) ?? NONE) : inViewOrder(tree);
  for (const node of nodes) {
    if (node.id === tool.widgetId && findProvider(node, typeMap) === tool.provider) return node;
  }
  return undefined;
}

type Seen = { id: boolean; provider: boolean };
type Found = { ok: true; node: ViewNode; spec: ActionSpec };

/** The first of `nodes` (all of the tool's widget id) that offers the action now. */
function firstOffering(
  nodes: readonly ViewNode[],
  tool: Pick<ToolDef, 'action' | 'provider'>,
  typeMap: TypeMap,
  seen: Seen,
): Found | undefined {
  for (const node of nodes) {
    const found = check(node, tool, typeMap, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The same, walking the tree in view order (depth-first, parent first) with a plain stack: a source
 * whose nodes change in place is walked on every call, and a generator's steps cost a trivial call
 * more than the walk.
 */
function firstOfferingInTree(
  tree: readonly ViewNode[],
  tool: Pick<ToolDef, 'widgetId' | 'action' | 'provider'>,
  typeMap: TypeMap,
  seen: Seen,
): Found | undefined {
  const stack: ViewNode[] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push(tree[i] as ViewNode);
  while (stack.length > 0) {
    const node = stack.pop() as ViewNode;
    if (node.id === tool.widgetId) {
      const found = check(node, tool, typeMap, seen);
      if (found !== undefined) return found;
    }
    const children = node.children;
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return undefined;
}

function check(
  node: ViewNode,
  tool: Pick<ToolDef, 'action' | 'provider'>,
  typeMap: TypeMap,
  seen: Seen,
): Found | undefined {
  seen.id = true;
  const spec = offered(node, tool, typeMap);
  if (spec === 'other_provider') return undefined;
  seen.provider = true;
  return spec === undefined ? undefined : { ok: true, node, spec };
}

const NONE: readonly ViewNode[] = [];
/** Per tree, its nodes by id in view order: built on the first call, so a tree that stays costs O(1). */
const indexes = new WeakMap<readonly ViewNode[], Map<unknown, ViewNode[]>>();

function indexOf(tree: readonly ViewNode[]): Map<unknown, ViewNode[]> {
  let index = indexes.get(tree);
  if (index === undefined) {
    index = new Map();
    for (const node of inViewOrder(tree)) {
      const list = index.get(node.id);
      if (list === undefined) index.set(node.id, [node]);
      else list.push(node);
    }
    indexes.set(tree, index);
  }
  return index;
}

function* inViewOrder(tree: readonly ViewNode[]): Generator<ViewNode> {
  const stack: ViewNode[] = [...tree].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    const children = node.children;
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}

function offered(
  node: ViewNode,
  tool: Pick<ToolDef, 'action' | 'provider'>,
  typeMap: TypeMap,
): ActionSpec | undefined | 'other_provider' {
  if (findProvider(node, typeMap) !== tool.provider) return 'other_provider';
  return offeredAction(tool.provider, node, tool.action);
}

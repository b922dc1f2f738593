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
  let sawId = false;
  let sawProvider = false;
  for (const node of stable ? (indexOf(tree).get(tool.widgetId) ?? NONE) : withId(tree, tool.widgetId)) {
    sawId = true;
    const spec = offered(node, tool, typeMap);
    if (spec === 'other_provider') continue;
    sawProvider = true;
    if (spec !== undefined) return { ok: true, node, spec };
  }
  const why = !sawId ? 'absent' : !sawProvider ? 'type_changed' : 'disabled';
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
  for (const node of stable ? (indexOf(tree).get(tool.widgetId) ?? NONE) : withId(tree, tool.widgetId)) {
    if (findProvider(node, typeMap) === tool.provider) return node;
  }
  return undefined;
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

function* withId(tree: readonly ViewNode[], id: string): Generator<ViewNode> {
  for (const node of inViewOrder(tree)) if (node.id === id) yield node;
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

import type { ViewNode } from './types.js';

/**
 * Groups: how the React snapshot (src/react/read-fiber-tree.ts) keeps a session's forest cheap to
 * change. A session's forest is flat at the top: every widget not inside another widget is one of
 * its roots. Above the first widget of a path, a transparent level with two or more contributing
 * children hands up one id-less node holding their nodes instead of the nodes themselves. The tree
 * tools are derived from is then shaped like the app's layout, and a tool component's update
 * rebuilds a few short lists on its path (its section's rows, the sections) instead of copying the
 * whole forest at every level above it: 5,000 pointers twice per commit in a forest of 5,000
 * widgets (bench/README.md, P1.tool.50k).
 *
 * A group is a layout container to the walker (no id: no tools of its own, children walked, in
 * view order), so it derives exactly what the flat forest derives, and a call resolves its widget
 * in it alike. Nothing an app or an agent sees holds one: the session's public tree
 * (`ViewSource.current()`, `Session.tree()`, the tree resource) is the same forest with every group
 * replaced by its children (`ungroup`), made when first asked for. Groups never occur inside a
 * widget's `children`: below a widget the snapshot builds flat lists. A group is made by the
 * snapshot alone, of plain arrays it never edits: the derivation trusts it
 * (src/walker/derive-incremental.ts).
 */

/** Every group's attrs: the mark by which a group is told apart from any node an app made. */
const GROUP_ATTRS: Readonly<Record<string, unknown>> = Object.freeze({});

export const GROUP_TYPE = 'ink-mcp:group';

export function group(children: readonly ViewNode[]): ViewNode {
  return {
    type: GROUP_TYPE,
    attrs: GROUP_ATTRS as Record<string, unknown>,
    children: children as ViewNode[],
  };
}

export function isGroup(node: ViewNode): boolean {
  return node.attrs === GROUP_ATTRS;
}

/**
 * Whether `node` is a group, for code that may meet any node: a hostile one (a throwing getter, a
 * proxy) is not a group.
 */
export function isGroupSafe(node: unknown): boolean {
  try {
    return (node as ViewNode | null | undefined)?.attrs === GROUP_ATTRS;
  } catch {
    return false;
  }
}

/**
 * The forest with every group replaced by its children, in order; the forest itself when it holds
 * none. Groups occur only among a forest's roots and inside other groups, never below a widget.
 */
export function ungroup(forest: readonly ViewNode[]): readonly ViewNode[] {
  let i = 0;
  while (i < forest.length && !isGroup(forest[i]!)) i++;
  if (i === forest.length) return forest;
  const out = forest.slice(0, i);
  // An explicit stack: groups nest as deep as the app's layout does.
  const stack: ViewNode[] = [];
  for (let j = forest.length - 1; j >= i; j--) stack.push(forest[j]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isGroup(node)) {
      out.push(node);
      continue;
    }
    const children = node.children;
    for (let j = children.length - 1; j >= 0; j--) stack.push(children[j]!);
  }
  return out;
}

import { findProvider } from '../walker/find-provider.js';
import type { WidgetUnavailable } from '../walker/ids.js';
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
): Resolution {
  let sawId = false;
  let sawProvider = false;
  const stack: ViewNode[] = [...tree].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.id === tool.widgetId) {
      sawId = true;
      const spec = offered(node, tool, typeMap);
      if (spec === 'other_provider') {
        // keep looking
      } else {
        sawProvider = true;
        if (spec !== undefined) return { ok: true, node, spec };
      }
    }
    const children = node.children;
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  const why = !sawId ? 'absent' : !sawProvider ? 'type_changed' : 'disabled';
  return { ok: false, error: { code: 'widget_unavailable', widgetId: tool.widgetId, why } };
}

function offered(
  node: ViewNode,
  tool: Pick<ToolDef, 'action' | 'provider'>,
  typeMap: TypeMap,
): ActionSpec | undefined | 'other_provider' {
  if (findProvider(node, typeMap) !== tool.provider) return 'other_provider';
  // An excluded widget offers nothing to an agent, whatever its provider says.
  if (node.attrs?.mcpExclude === true) return undefined;
  try {
    const specs = tool.provider.mcpTools(node.attrs, node);
    if (!Array.isArray(specs)) return undefined;
    return specs.find((s) => typeof s === 'object' && s !== null && s.name === tool.action);
  } catch {
    return undefined;
  }
}

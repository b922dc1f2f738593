import { errorText } from '../util/text.js';
import type { ActionSpec, ToolProvider, ViewNode } from './types.js';

/**
 * What a node offers an agent now, in one place for every surface: the derivation (the listed tools,
 * the tree resource's tools, the actions an answer lists) and live resolution (the spec a call runs)
 * both ask these, so a node cannot offer one thing to the list and another to the call.
 */

/** `attrs.mcpExclude === true`: the node offers nothing of its own (its children still do). */
export function isExcluded(node: ViewNode): boolean {
  return node.attrs?.mcpExclude === true;
}

/** The provider's specs for the node as it is now, or why there are none (it threw, or gave no array). */
export function specsOf(
  provider: ToolProvider,
  node: ViewNode,
): { ok: true; specs: readonly unknown[] } | { ok: false; message: string } {
  let specs: unknown;
  try {
    specs = provider.mcpTools(node.attrs, node);
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
  if (!Array.isArray(specs))
    return { ok: false, message: `mcpTools returned ${kindOf(specs)}, not an array of action specs` };
  return { ok: true, specs };
}

/** The spec of `action` the provider offers for the node now, if it does. */
export function offeredAction(
  provider: ToolProvider,
  node: ViewNode,
  action: string,
): ActionSpec | undefined {
  if (isExcluded(node)) return undefined;
  const result = specsOf(provider, node);
  if (!result.ok) return undefined;
  return result.specs.find(
    (s): s is ActionSpec => typeof s === 'object' && s !== null && (s as ActionSpec).name === action,
  );
}

function kindOf(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  return typeof x === 'object' ? 'an object' : typeof x;
}

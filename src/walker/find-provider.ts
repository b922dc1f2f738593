import type { ToolProvider, TypeMap, ViewNode } from './types.js';

function isProvider(x: unknown): x is ToolProvider {
  return (
    (typeof x === 'object' || typeof x === 'function') &&
    x !== null &&
    typeof (x as { mcpTools?: unknown }).mcpTools === 'function'
  );
}

function lookUp(typeMap: TypeMap, type: unknown): unknown {
  if (typeof type !== 'string') return undefined;
  if (typeMap instanceof Map) return typeMap.get(type);
  // Own properties only: a node of type "constructor" or "toString" must find nothing.
  return Object.hasOwn(typeMap, type) ? (typeMap as Record<string, unknown>)[type] : undefined;
}

/**
 * The provider a node derives its tools from, or null. The explicit marker (`node.provider`) wins
 * over the type map; a marker that is an object or function without a callable `mcpTools` derives
 * nothing, while a marker of another kind (a string, a number) is ignored and the type map decides.
 */
export function findProvider(node: ViewNode, typeMap: TypeMap): ToolProvider | null {
  const marker: unknown = node.provider;
  if ((typeof marker === 'object' && marker !== null) || typeof marker === 'function') {
    return isProvider(marker) ? marker : null;
  }
  const entry = lookUp(typeMap, node.type);
  return isProvider(entry) ? entry : null;
}

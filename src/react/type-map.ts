import type { ToolProvider, TypeMap } from '../walker/types.js';

/**
 * `<McpSession typeMap>`: makes components providers without touching them (the adapter route for
 * third-party components). Keys are component values (the function, class, `memo` or `forwardRef`
 * object you render) or display names; a component key wins over a name. `null` means "not a
 * provider": it removes a default entry and switches off a component's static `mcpTools` (its
 * `useMcpTools` calls still count). It is merged over the default type map (`defaultTypeMap()`).
 */
export type McpTypeMap =
  | ReadonlyMap<object | string, ToolProvider | null>
  | Readonly<Record<string, ToolProvider | null>>;

interface Layer {
  readonly byComponent: ReadonlyMap<object, ToolProvider | null>;
  readonly byName: ReadonlyMap<string, ToolProvider | null>;
}

/** The user's map over the defaults: looked up layer by layer, the first entry found wins. */
export interface ResolvedTypeMap {
  readonly layers: readonly Layer[];
}

export const NO_TYPE_MAP: ResolvedTypeMap = { layers: [] };

export function resolveTypeMap(user: McpTypeMap | undefined, defaults?: TypeMap): ResolvedTypeMap {
  return { layers: [layerOf(user), layerOf(defaults)].filter((l) => l.byComponent.size + l.byName.size > 0) };
}

/** The entry for a component (known by any of `holders`, or by `name`): undefined when none. */
export function lookUp(
  map: ResolvedTypeMap,
  holders: readonly unknown[],
  name: string,
): ToolProvider | null | undefined {
  for (const { byComponent, byName } of map.layers) {
    for (const holder of holders)
      if (byComponent.has(holder as object)) return byComponent.get(holder as object);
    if (byName.has(name)) return byName.get(name);
  }
  return undefined;
}

/** The name-keyed entries, user over defaults, as the walker's `TypeMap` (for `Session`). */
export function namedPart(user: McpTypeMap | undefined, defaults?: TypeMap): TypeMap {
  const named = new Map<string, ToolProvider | null>(layerOf(defaults).byName);
  for (const [name, provider] of layerOf(user).byName) named.set(name, provider);
  return named;
}

/** Same entries in the same order: an inline `typeMap={{...}}` must not invalidate the snapshot cache. */
export function sameTypeMap(a: ResolvedTypeMap, b: ResolvedTypeMap): boolean {
  if (a.layers.length !== b.layers.length) return false;
  return a.layers.every(
    (layer, i) =>
      sameEntries(layer.byComponent, b.layers[i]!.byComponent) &&
      sameEntries(layer.byName, b.layers[i]!.byName),
  );
}

function layerOf(map: unknown): Layer {
  const byComponent = new Map<object, ToolProvider | null>();
  const byName = new Map<string, ToolProvider | null>();
  if (typeof map !== 'object' || map === null) return { byComponent, byName };
  // A Map, or a plain object's own enumerable string keys (as the walker reads a type map).
  const entries = map instanceof Map ? map.entries() : Object.entries(map);
  for (const [key, value] of entries as Iterable<[unknown, ToolProvider | null | undefined]>) {
    if (value === undefined) continue;
    if (typeof key === 'string') byName.set(key, value);
    else if ((typeof key === 'object' || typeof key === 'function') && key !== null)
      byComponent.set(key, value);
  }
  return { byComponent, byName };
}

function sameEntries<K>(a: ReadonlyMap<K, unknown>, b: ReadonlyMap<K, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (!b.has(key) || b.get(key) !== value) return false;
  return true;
}

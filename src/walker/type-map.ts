import type { ToolProvider, TypeMap } from './types.js';

/** Entries adapters registered, in registration order (a later registration of a key replaces it). */
const registered = new Map<unknown, ToolProvider>();
/** The map `defaultTypeMap` answers, rebuilt only after a registration changed something. */
let built: ReadonlyMap<unknown, ToolProvider> | null = null;

/**
 * Adds a built-in entry: `key` is a type name (string) or a component (the function, class, `memo`
 * or `forwardRef` object an app renders; the snapshot layer resolves those). `ink-mcp/components`
 * registers its adapters for third-party widgets here when it is loaded. Returns the removal.
 */
export function registerDefaultProvider(key: unknown, provider: ToolProvider): () => void {
  registered.set(key, provider);
  built = null;
  return () => {
    if (registered.get(key) !== provider) return;
    registered.delete(key);
    built = null;
  };
}

/**
 * The built-in type map, used under a user's `typeMap` (a user entry wins; `null` removes one). A
 * fresh Map of the registered entries, built once per change, so its identity tells a caller whether
 * anything changed since it last looked. Treat it as read-only.
 */
export function defaultTypeMap(): TypeMap {
  built ??= new Map(registered);
  return built;
}

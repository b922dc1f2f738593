import type { ToolProvider, TypeMap } from '../walker/types.js';

/*
 * The process-wide default type map: what adapters register when they load (`ink-mcp/components`),
 * under every session's own. Process-wide by its contract (the public `registerDefaultProvider`), so
 * it lives here, above the walker, which holds no state (test/walker/no-module-state.test.ts): a
 * session passes it to the walker as its `typeMap` (src/session/session.ts), and the package's
 * `deriveTools` fills it in for a context without one (src/registry/public-derive.ts).
 */

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

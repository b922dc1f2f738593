import type { TypeMap } from './types.js';

/**
 * The built-in type-name → provider map, used when a context carries no `typeMap`. Adapters for
 * third-party components register here; a user's map is merged over it by the session.
 */
export function defaultTypeMap(): TypeMap {
  return new Map();
}

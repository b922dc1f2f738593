import type { ZodSchema } from './types.js';

/**
 * The one test for "this inputSchema is a zod 4 schema" (classic `zod`/`zod/v4` and `zod/mini`
 * alike): zod 4 keeps its internals on `_zod`, whose `def` describes the schema. Everything that
 * must agree on it (cleaning for the listing, parsing the arguments, static tools) asks here, so a
 * value is never listed as JSON Schema and then validated as zod. Never throws: a value whose `_zod`
 * cannot be read is not zod (and is then walked, and refused, as JSON).
 */
export function isZodSchema(value: unknown): value is ZodSchema {
  if (typeof value !== 'object' || value === null) return false;
  try {
    const internals: unknown = (value as { _zod?: unknown })._zod;
    if (typeof internals !== 'object' || internals === null) return false;
    const def: unknown = (internals as { def?: unknown }).def;
    return typeof def === 'object' && def !== null;
  } catch {
    return false;
  }
}

/**
 * A zod 3 schema (`zod/v3`, or the root of zod 3.x): internals on `_def` with a `typeName`, no `_zod`.
 * ink-mcp converts and parses with zod 4's core only, so it says which zod is needed instead of
 * calling the schema "something JSON cannot encode". Never throws.
 */
export function isZod3Schema(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    if ((value as { _zod?: unknown })._zod !== undefined) return false;
    const def: unknown = (value as { _def?: unknown })._def;
    return (
      typeof def === 'object' && def !== null && typeof (def as { typeName?: unknown }).typeName === 'string'
    );
  } catch {
    return false;
  }
}

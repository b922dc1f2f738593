import { toJSONSchema } from 'zod/v4/core';
import { cleanAppLine, cleanText } from './clean-text.js';
import { MAX_DEPTH, MAX_DESCRIPTION_LENGTH, MAX_SCHEMA_STRING_LENGTH, MAX_VALUES } from './limits.js';
import { jsonSchemaKey, zodSchemaKey } from './schema-key.js';
import type { JsonObject, JsonValue, SpecFault, ZodSchema } from './types.js';
import { isZod3Schema, isZodSchema } from './zod-schema.js';

/**
 * An action spec's description and inputSchema as the client's tool list gets them, or why the spec
 * derives no tool (docs/internals.md, "The rules the walker enforces").
 */
export type CleanSpecResult =
  | { ok: true; description: string | null; inputSchema: JsonObject }
  | { ok: false; fault: SpecFault };

export { MAX_DEPTH, MAX_VALUES } from './limits.js';

/** Returned up the walk once `Walk.fault` is set, so the first fault stops everything. */
const FAULT: unique symbol = Symbol('fault');
type Cleaned = JsonValue | typeof FAULT;

interface Walk {
  values: number;
  /** The containers from the root to the current one: a cycle re-enters one of them. */
  path: object[];
  fault: SpecFault;
}

/**
 * Cleans a spec. Never throws: anything that throws while it is read (a getter, a proxy trap, zod's
 * conversion) makes the spec `not_json`.
 *
 * Faults are reported in a fixed order: a bad description first; then the first fault the
 * depth-first walk of the inputSchema meets (object keys in `Object.keys` order, array items in
 * index order). At each value its own JSON-ness (type, prototype, symbol keys, cycle) is checked
 * before it is counted against `MAX_VALUES` and then against `MAX_DEPTH`; at each key a duplicate is
 * checked before its value is walked. The walk stops at the first fault, so an oversized schema costs
 * at most `MAX_VALUES` steps. A cycle closing within the first `MAX_DEPTH` levels is always
 * `not_json`; one that would close deeper is `too_large`, because the depth limit is met first.
 */
export function cleanSpec(description: unknown, inputSchema: unknown): CleanSpecResult {
  try {
    return cleanUnsafe(description, inputSchema);
  } catch {
    return { ok: false, fault: 'not_json' };
  }
}

function cleanUnsafe(description: unknown, inputSchema: unknown): CleanSpecResult {
  let cleanDescription: string | null;
  if (typeof description === 'string') {
    if (description.length > MAX_DESCRIPTION_LENGTH) return tooLong('description', description);
    // Descriptions are built from what apps draw (option labels keep their colours): escapes go whole.
    cleanDescription = cleanAppLine(description);
  } else if (description === null || description === undefined) cleanDescription = null;
  else return { ok: false, fault: 'not_json' };

  if (inputSchema === undefined) {
    return { ok: true, description: cleanDescription, inputSchema: { type: 'object', properties: {} } };
  }
  if (typeof inputSchema !== 'object' || inputSchema === null || Array.isArray(inputSchema)) {
    return { ok: false, fault: 'not_json' };
  }
  if (isZod3Schema(inputSchema)) return { ok: false, fault: 'zod3' };
  // Arguments are what the client sends, so zod's input side is the one to describe.
  const source = isZodSchema(inputSchema) ? fromZod(inputSchema) : inputSchema;
  const walk: Walk = { values: 0, path: [], fault: 'not_json' };
  const cleaned = cleanValue(source, 0, walk);
  if (cleaned === FAULT) return { ok: false, fault: walk.fault };
  // A zod schema converts to an object; anything else here is a converter surprise, not JSON Schema.
  if (typeof cleaned !== 'object' || cleaned === null || Array.isArray(cleaned)) {
    return { ok: false, fault: 'not_json' };
  }
  return { ok: true, description: cleanDescription, inputSchema: cleaned };
}

/**
 * A zod schema's JSON Schema, without the `$schema` the converter writes (2020-12's, which MCP assumes
 * of an inputSchema anyway): OpenAI's strict mode refuses the keyword. One an app writes in a JSON
 * Schema is its own and is listed as written (MCP's SEP-1613; the conformance suite checks it).
 */
function fromZod(schema: ZodSchema): Record<string, unknown> {
  const { $schema: _converters, ...rest } = toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

/** The fault of a string over its limit, with the start of it (cleaned) so it can be found. */
function tooLong(where: 'description' | 'schema', text: string): { ok: false; fault: SpecFault } {
  return { ok: false, fault: { tooLong: where, length: text.length, start: cleanText(text.slice(0, 40)) } };
}

function fail(walk: Walk, fault: SpecFault): typeof FAULT {
  walk.fault = fault;
  return FAULT;
}

/** `depth` is the level of the container holding `value` (0 for the inputSchema itself). */
function cleanValue(value: unknown, depth: number, walk: Walk): Cleaned {
  switch (typeof value) {
    case 'string':
      if (++walk.values > MAX_VALUES) return fail(walk, 'too_large');
      if (value.length > MAX_SCHEMA_STRING_LENGTH) return fail(walk, tooLong('schema', value).fault);
      return cleanText(value);
    case 'number':
      if (!Number.isFinite(value)) return fail(walk, 'not_json');
      // -0 would not survive a JSON round trip (it comes back as 0).
      return ++walk.values > MAX_VALUES ? fail(walk, 'too_large') : value === 0 ? 0 : value;
    case 'boolean':
      return ++walk.values > MAX_VALUES ? fail(walk, 'too_large') : value;
    case 'object':
      if (value === null) return ++walk.values > MAX_VALUES ? fail(walk, 'too_large') : null;
      return cleanContainer(value, depth + 1, walk);
    default:
      // undefined (in an array; an undefined property never gets here), function, symbol, bigint.
      return fail(walk, 'not_json');
  }
}

function cleanContainer(value: object, depth: number, walk: Walk): Cleaned {
  if (walk.path.includes(value)) return fail(walk, 'not_json');
  const isArray = Array.isArray(value);
  if (!isArray) {
    // Date, Map, RegExp, boxed primitives, class instances: JSON would lose or mangle them.
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return fail(walk, 'not_json');
  }
  if (Object.getOwnPropertySymbols(value).length > 0) return fail(walk, 'not_json');
  if (++walk.values > MAX_VALUES || depth > MAX_DEPTH) return fail(walk, 'too_large');
  walk.path.push(value);
  const cleaned = isArray ? cleanArray(value as unknown[], depth, walk) : cleanObject(value, depth, walk);
  walk.path.pop();
  return cleaned;
}

function cleanArray(value: readonly unknown[], depth: number, walk: Walk): Cleaned {
  const out: JsonValue[] = [];
  const length = value.length;
  for (let i = 0; i < length; i++) {
    if (!Object.hasOwn(value, i)) return fail(walk, 'not_json'); // a hole
    const item = cleanValue(value[i], depth, walk);
    if (item === FAULT) return FAULT;
    out.push(item);
  }
  return out;
}

function cleanObject(value: object, depth: number, walk: Walk): Cleaned {
  const out: JsonObject = {};
  const record = value as Record<string, unknown>;
  for (const rawKey of Object.keys(value)) {
    const raw = record[rawKey];
    if (raw === undefined) continue; // dropped, as JSON.stringify drops it
    if (rawKey.length > MAX_SCHEMA_STRING_LENGTH) return fail(walk, tooLong('schema', rawKey).fault);
    const key = cleanText(rawKey);
    if (Object.hasOwn(out, key)) return fail(walk, { duplicateKey: key });
    const item = cleanValue(raw, depth, walk);
    if (item === FAULT) return FAULT;
    // defineProperty, not assignment: `__proto__` must become an own key, not a new prototype, and
    // a frozen Object.prototype must not make `constructor` or `toString` unassignable.
    Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * `cleanSpec`'s result as `CleanSpecCache.clean` keeps it. An ok one also carries `specJson`, the JSON
 * text of `{ description, inputSchema }`: the spec's part of a ToolDef's `definitionKey`, computed
 * once per cached spec instead of once per render.
 */
export type CachedCleanSpecResult =
  | { ok: true; description: string | null; inputSchema: JsonObject; specJson: string }
  | { ok: false; fault: SpecFault };

/** Specs without an inputSchema share one slot, across all widgets: sized for many of them. */
const DESCRIPTIONS_WITHOUT_SCHEMA = 512;
/** Distinct (description, schema content) pairs kept; the oldest go first. */
export const CLEAN_CACHE_ENTRIES = 16_384;

type Description = string | null | undefined;

/** A description that changes on every render (a counter in it) must not grow a zod schema's slot forever. */
const DESCRIPTIONS_PER_ZOD_SCHEMA = 16;

/**
 * `cleanSpec`, memoised for the walker, which re-derives the tree after every commit, by content:
 * the description and a structural key of the inputSchema (src/walker/schema-key.ts). So a schema
 * re-created on every render (an inline `z.object(...)`) is converted by zod and cleaned once, and a
 * JSON Schema object an app keeps and mutates is cleaned again: its tool is replaced, not left
 * stale. A hit returns the same (frozen) object, so callers may compare results by identity. A spec
 * whose schema has no key (not plain JSON, over a limit) is cleaned on every call, and refused.
 *
 * One per derivation cache (src/walker/derive-cache.ts: a session's), not one per process: two
 * sessions share no entries, and a test starts from an empty one.
 */
export class CleanSpecCache {
  /** Zod schemas are immutable, so an identity hit needs no key; by description within one schema. */
  readonly #byZodIdentity = new WeakMap<object, Map<Description, CachedCleanSpecResult>>();
  readonly #byContent = new Map<string, CachedCleanSpecResult>();
  readonly #withoutSchema = new Map<Description, CachedCleanSpecResult>();
  /** A zod outputSchema's JSON Schema (its output side), converted once per schema object (src/walker/clean-output-schema.ts). */
  readonly zodOutputs = new WeakMap<object, object>();

  clean(description: unknown, inputSchema: unknown): CachedCleanSpecResult {
    // The usual hit first, before the closure below is made: it holds only cacheable descriptions.
    if (inputSchema === undefined) {
      const hit = this.#withoutSchema.get(description as Description);
      if (hit !== undefined) return hit;
    }
    const clean = () => withSpecJson(cleanSpec(description, inputSchema));
    const cacheable =
      (typeof description === 'string' && description.length <= MAX_DESCRIPTION_LENGTH) ||
      description === null ||
      description === undefined;
    // Anything else is refused without walking anything, so there is nothing worth remembering.
    if (!cacheable) return clean();
    if (inputSchema === undefined)
      return remember(this.#withoutSchema, description, DESCRIPTIONS_WITHOUT_SCHEMA, clean);
    if (typeof inputSchema !== 'object' || inputSchema === null) return clean();
    const zod = isZodSchema(inputSchema);
    const slot = zod ? this.#byZodIdentity.get(inputSchema) : undefined;
    const known = slot?.get(description);
    if (known) return known;
    const schemaKey = zod ? zodSchemaKey(inputSchema) : jsonSchemaKey(inputSchema);
    if (schemaKey === undefined) return clean();
    const result = remember(
      this.#byContent,
      `${JSON.stringify(description ?? null)}\u0000${schemaKey}`,
      CLEAN_CACHE_ENTRIES,
      clean,
    );
    if (zod) {
      const bySchema = slot ?? new Map<Description, CachedCleanSpecResult>();
      if (!slot) this.#byZodIdentity.set(inputSchema, bySchema);
      remember(bySchema, description, DESCRIPTIONS_PER_ZOD_SCHEMA, () => result);
    }
    return result;
  }
}

/** `cache.get(key)`, else `make()` stored under `key`; past `capacity` the oldest entry goes. */
function remember<K>(
  cache: Map<K, CachedCleanSpecResult>,
  key: K,
  capacity: number,
  make: () => CachedCleanSpecResult,
): CachedCleanSpecResult {
  const hit = cache.get(key);
  if (hit) return hit;
  const result = make();
  if (cache.size >= capacity) {
    // Oldest first (Map order is insertion order): no bookkeeping on a hit, the common case.
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, result);
  return result;
}

function withSpecJson(result: CleanSpecResult): CachedCleanSpecResult {
  if (!result.ok) return Object.freeze(result);
  const { description, inputSchema } = result;
  const specJson = JSON.stringify({ description, inputSchema });
  // Shared between every render that hits the cache: one caller's edit must not leak to the next.
  return Object.freeze({ ok: true, description, inputSchema: deepFreeze(inputSchema), specJson });
}

function deepFreeze<T extends JsonValue>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

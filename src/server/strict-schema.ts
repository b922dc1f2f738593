import { takesNoArguments } from '../registry/no-arguments.js';
import type { JsonObject, JsonValue } from '../walker/types.js';

/**
 * Keywords whose value is a schema (`items` also a list of them, in drafts before 2020-12), a list of
 * schemas, or a map of names to schemas: where the walk looks for more bounds. Everything else
 * (`const`, `enum`, `default`, `examples`, …) is data, and a `minimum` key inside data is the app's.
 */
const SCHEMA: ReadonlySet<string> = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'items',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
]);
const SCHEMA_LIST: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_MAP: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

const listed = new WeakMap<JsonObject, JsonObject>();

/**
 * A tool's inputSchema as it is listed: the registry's, less what a strict client (OpenAI's Structured
 * Outputs in strict mode) refuses and nothing needs, and with what it wants made explicit:
 *
 * - (`$schema`: the one zod's conversion writes is dropped where zod is converted, src/walker/clean-spec.ts;
 *   one an app writes is its own and stays, as MCP's SEP-1613 wants.)
 * - no `minimum`/`maximum` of ±(2^53 − 1), anywhere: zod's `.int()` adds them. Every integer a model
 *   writes is within them, and the registry still checks them (its schema keeps them).
 * - a root that takes no arguments (src/registry/no-arguments.ts) closed: `additionalProperties:
 *   false`, with `properties: {}` and `required: []` when absent. The registry validates the same
 *   closing (src/registry/root-rules.ts), so an extra key to such a tool is refused, as listed.
 *
 * Returns a copy of the schema's structure (data such as `enum` values is shared, never written into);
 * cached by the registry's schema object, so listing stays cheap.
 */
export function strictSchema(schema: JsonObject): JsonObject {
  let out = listed.get(schema);
  if (out === undefined) {
    out = copy(schema);
    if (takesNoArguments(schema) && schema.additionalProperties === undefined) {
      out.properties ??= {};
      out.required ??= [];
      out.additionalProperties = false;
    }
    listed.set(schema, out);
  }
  return out;
}

function copy(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'minimum' || key === 'maximum') && isSafeIntegerBound(value)) continue;
    define(out, key, part(key, value));
  }
  return out;
}

function part(key: string, value: JsonValue): JsonValue {
  if (SCHEMA_LIST.has(key) && Array.isArray(value)) return value.map(subschema);
  if (SCHEMA.has(key)) return subschema(value);
  if (SCHEMA_MAP.has(key) && isObject(value)) {
    const out: JsonObject = {};
    for (const [name, sub] of Object.entries(value)) define(out, name, subschema(sub));
    return out;
  }
  return value;
}

function subschema(value: JsonValue): JsonValue {
  return isObject(value) ? copy(value) : value;
}

function isSafeIntegerBound(value: JsonValue): boolean {
  return value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;
}

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property named `__proto__` (a schema may declare one) must stay a property, not set a prototype. */
function define(target: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

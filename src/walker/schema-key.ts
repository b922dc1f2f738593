import { globalRegistry } from 'zod/v4/core';
import { MAX_DEPTH, MAX_SCHEMA_STRING_LENGTH, MAX_VALUES } from './limits.js';
import { isZodSchema } from './zod-schema.js';

/**
 * Content keys for the cleaning cache (src/walker/clean-spec.ts): two schemas with the same key clean
 * to the same listing, so a schema re-created on every render (an inline `z.object(...)` or object
 * literal) is converted and cleaned once, and a schema object an app mutated gets a new key and is
 * cleaned again. `undefined` means "do not cache": the spec is cleaned as it is (and, being anything
 * but plain JSON or over a limit, most likely refused).
 */

/** Thrown inside a walk to give up on a key. */
const GIVE_UP: unique symbol = Symbol('give up');

/**
 * The key of a JSON Schema object: exact for plain JSON (what `cleanSpec` accepts), `undefined` for
 * anything else (a class instance, a function, a symbol key, a hole, a non-finite number, a string
 * over the limit, too deep, too many values, a cycle) or anything that throws while read.
 */
export function jsonSchemaKey(schema: object): string | undefined {
  const walk = { values: 0 };
  try {
    return `J${jsonKey(schema, 0, walk)}`;
  } catch {
    return undefined;
  }
}

function jsonKey(value: unknown, depth: number, walk: { values: number }): string {
  if (++walk.values > MAX_VALUES) throw GIVE_UP;
  switch (typeof value) {
    case 'string':
      if (value.length > MAX_SCHEMA_STRING_LENGTH) throw GIVE_UP;
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw GIVE_UP;
      return String(value); // -0 prints as 0, and cleans to 0
    case 'boolean':
      return value ? 't' : 'f';
    case 'object': {
      if (value === null) return 'n';
      if (depth >= MAX_DEPTH) throw GIVE_UP; // also ends a cycle
      if (Object.getOwnPropertySymbols(value).length > 0) throw GIVE_UP;
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (!Object.hasOwn(value, i) || value[i] === undefined) throw GIVE_UP;
          out += `${jsonKey(value[i], depth + 1, walk)},`;
        }
        return `${out}]`;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw GIVE_UP;
      let out = '{';
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) continue; // dropped by cleanSpec too
        if (key.length > MAX_SCHEMA_STRING_LENGTH) throw GIVE_UP;
        out += `${JSON.stringify(key)}:${jsonKey(item, depth + 1, walk)},`;
      }
      return `${out}}`;
    }
    default:
      throw GIVE_UP;
  }
}

/** Far beyond any real schema's definition, and a bound on what a key may cost. */
const MAX_ZOD_STEPS = 4 * MAX_VALUES;

/**
 * The key of a zod 4 schema, derived from its definition (`_zod.def`, nested schemas and checks
 * included) and its metadata in zod's global registry (`.describe()`, `.meta()`), which is all
 * `toJSONSchema` reads. Functions (refinements, transforms) count as present but not by identity:
 * they do not change the JSON Schema, and an inline `.refine(x => ...)` is a new function on every
 * render. A lazy schema's getter is followed. `undefined` when the definition holds something unknown
 * (a class instance other than a RegExp) or throws while read. Zod schemas are immutable: a
 * "changed" schema is a new object with a new definition.
 */
export function zodSchemaKey(schema: object): string | undefined {
  const walk: ZodWalk = { steps: 0, path: [] };
  try {
    return `Z${zodKey(schema, walk)}`;
  } catch {
    return undefined;
  }
}

interface ZodWalk {
  steps: number;
  /** The objects from the root to the current one: a recursive schema refers back to one of them. */
  path: object[];
}

function zodKey(value: unknown, walk: ZodWalk): string {
  if (++walk.steps > MAX_ZOD_STEPS) throw GIVE_UP;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return 'u';
    case 'symbol':
      return `S${JSON.stringify(value.description ?? '')}`;
    case 'function':
      return 'F';
    default:
      break;
  }
  if (value === null) return 'n';
  const object = value as object;
  const back = walk.path.indexOf(object);
  if (back >= 0) return `^${walk.path.length - back}`;
  walk.path.push(object);
  let out: string;
  if (isZodSchema(object)) {
    const def = object._zod.def as unknown as Record<string, unknown>;
    const inner = def.type === 'lazy' && typeof def.getter === 'function' ? def.getter() : def;
    out = `Z(${zodKey(inner, walk)};${zodKey(globalRegistry.get(object), walk)})`;
  } else if (object instanceof RegExp) {
    out = `R${JSON.stringify(String(object))}`;
  } else if (Array.isArray(object)) {
    out = '[';
    for (const item of object) out += `${zodKey(item, walk)},`;
    out += ']';
  } else {
    const proto: unknown = Object.getPrototypeOf(object);
    if (proto !== Object.prototype && proto !== null) throw GIVE_UP;
    out = '{';
    for (const key of Object.keys(object)) {
      out += `${JSON.stringify(key)}:${zodKey((object as Record<string, unknown>)[key], walk)},`;
    }
    out += '}';
  }
  walk.path.pop();
  return out;
}

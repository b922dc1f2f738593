import { toJSONSchema } from 'zod/v4/core';
import { cleanSpecCached } from './clean-spec.js';
import type { JsonObject, SpecFault } from './types.js';
import { isZodSchema } from './zod-schema.js';

/** An action's outputSchema as listed (none when it declared none), or why the spec derives no tool. */
export type CleanOutputResult =
  | { ok: true; outputSchema: JsonObject | undefined; key: string }
  | { ok: false; fault: SpecFault };

const NONE: CleanOutputResult = Object.freeze({ ok: true, outputSchema: undefined, key: '' });

/** A zod schema's output side as JSON Schema, converted once per schema object. */
const converted = new WeakMap<object, object>();

/**
 * Cleans an outputSchema exactly as an inputSchema is cleaned (`cleanSpecCached`: the same character
 * rules, JSON and size limits). A zod schema is described by its output side (what `run` returns
 * once zod has parsed it), where an inputSchema is described by its input side. Never throws.
 * `key` is the schema's part of a ToolDef's `definitionKey`.
 */
export function cleanOutputSchema(schema: unknown): CleanOutputResult {
  if (schema === undefined) return NONE;
  let source: unknown = schema;
  if (isZodSchema(schema)) {
    let json = converted.get(schema);
    if (json === undefined) {
      try {
        json = toJSONSchema(schema, { io: 'output' }) as object;
      } catch {
        return { ok: false, fault: 'not_json' }; // a transform or another type JSON Schema cannot say
      }
      converted.set(schema, json);
    }
    source = json;
  }
  // cleanSpecCached refuses null, arrays and primitives (not_json) as it does for an inputSchema.
  const cleaned = cleanSpecCached(null, source);
  if (!cleaned.ok) return cleaned;
  return { ok: true, outputSchema: cleaned.inputSchema, key: `|output:${cleaned.specJson}` };
}

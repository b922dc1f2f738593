import { toJSONSchema } from 'zod/v4/core';
import type { CleanSpecCache } from './clean-spec.js';
import type { JsonObject, SpecFault } from './types.js';
import { isZodSchema } from './zod-schema.js';

/** An action's outputSchema as listed (none when it declared none), or why the spec derives no tool. */
export type CleanOutputResult =
  | { ok: true; outputSchema: JsonObject | undefined; key: string }
  | { ok: false; fault: SpecFault };

const NONE: CleanOutputResult = Object.freeze({ ok: true, outputSchema: undefined, key: '' });

/**
 * Cleans an outputSchema exactly as an inputSchema is cleaned (`CleanSpecCache.clean`: the same
 * character rules, JSON and size limits), in `cache`. A zod schema is described by its output side
 * (what `run` returns once zod has parsed it), where an inputSchema is described by its input side;
 * its conversion is kept in `cache.zodOutputs`, once per schema object. Never throws. `key` is the
 * schema's part of a ToolDef's `definitionKey`.
 */
export function cleanOutputSchema(schema: unknown, cache: CleanSpecCache): CleanOutputResult {
  if (schema === undefined) return NONE;
  let source: unknown = schema;
  if (isZodSchema(schema)) {
    let json = cache.zodOutputs.get(schema);
    if (json === undefined) {
      try {
        json = toJSONSchema(schema, { io: 'output' }) as object;
      } catch {
        return { ok: false, fault: 'not_json' }; // a transform or another type JSON Schema cannot say
      }
      cache.zodOutputs.set(schema, json);
    }
    source = json;
  }
  // The cache refuses null, arrays and primitives (not_json) as it does for an inputSchema.
  const cleaned = cache.clean(null, source);
  if (!cleaned.ok) return cleaned;
  return { ok: true, outputSchema: cleaned.inputSchema, key: `|output:${cleaned.specJson}` };
}

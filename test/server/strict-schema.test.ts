import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictSchema } from '../../src/server/strict-schema.js';
import { cleanSpec } from '../../src/walker/clean-spec.js';
import type { JsonObject } from '../../src/walker/types.js';
import { openAiStrictIssues } from '../helpers/openai-strict.js';

/** What the registry holds for a spec's inputSchema (zod converted, cleaned). */
function registered(inputSchema?: unknown): JsonObject {
  const cleaned = cleanSpec(null, inputSchema);
  if (!cleaned.ok) throw new Error(`not cleanable: ${JSON.stringify(cleaned.fault)}`);
  return cleaned.inputSchema;
}

const SAFE = Number.MAX_SAFE_INTEGER;

describe('strictSchema', () => {
  it("starts from what zod 4 emits, less its converter's $schema: ±(2^53 − 1) bounds for .int()", () => {
    // The premise of the transform, held to the zod this repository runs.
    expect(z.toJSONSchema(z.object({ text: z.string() }))).toHaveProperty(
      '$schema',
      'https://json-schema.org/draft/2020-12/schema',
    );
    expect(registered(z.object({ text: z.string() }))).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    });
    expect(registered(z.object({ n: z.number().int() })).properties).toEqual({
      n: { type: 'integer', minimum: -SAFE, maximum: SAFE },
    });
  });

  it("an app's own $schema is listed as written (SEP-1613); zod's converter's never reaches the registry", () => {
    const own = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} };
    expect(strictSchema(own).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(registered(z.object({ n: z.number() }))).not.toHaveProperty('$schema');
  });

  it('drops the safe-integer bounds wherever a schema can be, keeping real bounds', () => {
    const schema = registered(
      z.object({
        n: z.number().int(),
        small: z.number().int().min(0).max(10),
        nested: z.object({ list: z.array(z.number().int()) }),
        either: z.union([z.number().int(), z.string()]),
        maybe: z.number().int().nullable(),
      }),
    );
    const listed = strictSchema(schema);
    expect(listed.$schema).toBeUndefined();
    expect(JSON.stringify(listed)).not.toMatch(/9007199254740991/);
    expect(listed.properties).toEqual({
      n: { type: 'integer' },
      small: { type: 'integer', minimum: 0, maximum: 10 },
      nested: {
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'integer' } } },
        required: ['list'],
      },
      either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    });
    expect(listed.required).toEqual(schema.required);
  });

  it('leaves data alone: a const, enum or default that happens to hold such a key or number', () => {
    const schema: JsonObject = {
      type: 'object',
      properties: {
        // A property named like the keywords is a property, and its schema is still walked.
        minimum: { type: 'integer', maximum: SAFE, default: SAFE },
        config: { type: 'object', default: { minimum: SAFE }, const: { maximum: -SAFE } },
        level: { enum: [SAFE, -SAFE] },
      },
      required: ['minimum'],
    };
    expect(strictSchema(schema).properties).toEqual({
      minimum: { type: 'integer', default: SAFE },
      config: { type: 'object', default: { minimum: SAFE }, const: { maximum: -SAFE } },
      level: { enum: [SAFE, -SAFE] },
    });
  });

  it('closes a root that takes no arguments, and only such a root', () => {
    const closed = { type: 'object', properties: {}, required: [], additionalProperties: false };
    expect(strictSchema(registered(undefined))).toEqual(closed);
    expect(strictSchema(registered(z.object({})))).toEqual(closed);
    expect(strictSchema({ type: 'object', description: 'd' })).toEqual({ ...closed, description: 'd' });
    // Declared properties, or any other way in, are the author's: left as written.
    for (const open of [
      { type: 'object', properties: { a: { type: 'string' } } },
      { type: 'object', additionalProperties: true },
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'object', patternProperties: { '^x': {} } },
      { type: 'object', unevaluatedProperties: false },
      { type: 'object', anyOf: [{ properties: { a: {} } }] },
      { type: 'object', $ref: '#/$defs/x', $defs: { x: {} } },
      { type: 'object', required: ['a'] },
    ] as JsonObject[]) {
      expect(strictSchema(open)).toEqual(open);
    }
  });

  it("never writes into the registry's schema, and answers the same object for the same schema", () => {
    const schema = registered(z.object({ n: z.number().int() }));
    const before = structuredClone(schema);
    const listed = strictSchema(schema);
    expect(schema).toEqual(before);
    expect(listed).not.toBe(schema);
    expect(listed.properties).not.toBe(schema.properties);
    expect(strictSchema(schema)).toBe(listed);
    const bare = registered(undefined);
    strictSchema(bare);
    expect(bare).toEqual({ type: 'object', properties: {} });
  });

  it('keeps a property named __proto__ a property', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"integer","minimum":-9007199254740991}}}',
    );
    const listed = strictSchema(schema);
    const properties = listed.properties as JsonObject;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.hasOwn(properties, '__proto__')).toBe(true);
    expect(JSON.stringify(listed)).toBe('{"type":"object","properties":{"__proto__":{"type":"integer"}}}');
  });

  it('makes an argument-less tool, JSON or zod, pass the strict-mode checker', () => {
    for (const schema of [registered(undefined), registered(z.object({})), registered({ type: 'object' })]) {
      expect(openAiStrictIssues(schema)).not.toEqual([]);
      expect(openAiStrictIssues(strictSchema(schema))).toEqual([]);
    }
  });
});

describe('the strict-mode checker (test/helpers/openai-strict.ts)', () => {
  it('catches what OpenAI documents as refused', () => {
    const ok = {
      type: 'object',
      properties: { a: { type: ['string', 'null'] } },
      required: ['a'],
      additionalProperties: false,
    };
    expect(openAiStrictIssues(ok)).toEqual([]);
    expect(openAiStrictIssues({ ...ok, $schema: 'x' })).toEqual([
      '(root): "$schema" is not supported in strict mode',
    ]);
    expect(openAiStrictIssues({ ...ok, required: [] })).toEqual(['(root): "a" is not in required']);
    expect(openAiStrictIssues({ ...ok, additionalProperties: undefined })).toEqual([
      '(root): additionalProperties must be false',
    ]);
    expect(openAiStrictIssues({ anyOf: [ok] })).toContain('(root): must not be anyOf');
    expect(
      openAiStrictIssues({ ...ok, properties: { a: { type: 'object', properties: {} } } }).sort(),
    ).toEqual([
      '(root).properties.a: additionalProperties must be false',
      '(root).properties.a: required must list every property',
    ]);
    expect(openAiStrictIssues({ ...ok, properties: { a: { allOf: [{ type: 'string' }] } } })).toContain(
      '(root).properties.a: "allOf" is not supported in strict mode',
    );
  });
});

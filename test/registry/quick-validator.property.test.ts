import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainlyWellFormed } from '../../src/registry/plain-schema.js';
import { AJV_KEYWORDS, quickValidator } from '../../src/registry/quick-validator.js';
import { AJV_OPTIONS, SchemaCache } from '../../src/registry/schema-cache.js';
import { ArgsValidator } from '../../src/registry/validate-args.js';
import { builtinSpecs } from './fixtures.js';

// The reference: Ajv as the schema cache configures it.
const ajv = new Ajv2020(AJV_OPTIONS);

// Property names that reach prototypes, or shadow what Ajv's generated code reads.
const key = fc.constantFrom('a', 'b', '__proto__', 'constructor', 'toString', 'length');

/** Values an agent's arguments can hold (in memory, also what JSON cannot say: NaN, Infinity, holes). */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, undefined),
    fc.integer({ min: -4, max: 4 }),
    fc.constantFrom(0.5, -0, 2.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53 + 2),
    fc.constantFrom('', 'a', 'ab', 'abc', 'ba', '😀', '\ud83d', 'é', '1'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
    // biome-ignore lint/suspicious/noSparseArray: a hole, as an in-memory caller could send
    fc.constant([1, , 2]),
  ),
}));

const typeName = fc.constantFrom('array', 'boolean', 'integer', 'null', 'number', 'object', 'string');
const scalar = fc.oneof(
  fc.constantFrom(null, true, false, '', 'a', 'ab', '😀', '1'),
  fc.integer({ min: -3, max: 3 }),
  fc.constant(0.5),
);

/** Schemas of the keywords the quick validator takes, with some it leaves to Ajv mixed in. */
const { schema } = fc.letrec<{ schema: unknown }>((tie) => {
  const sub = fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.boolean(), tie('schema'));
  const keyword = fc.oneof(
    fc.tuple(
      fc.constant('type'),
      fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 3 })),
    ),
    fc.tuple(fc.constant('properties'), fc.dictionary(key, sub, { maxKeys: 3 })),
    // Past 8 properties Ajv's generated code tells "additional" ones apart another way.
    fc.tuple(
      fc.constant('properties'),
      fc.dictionary(fc.constantFrom(...'cdefghijk', '__proto__', 'a'), sub, { minKeys: 9, maxKeys: 11 }),
    ),
    fc.tuple(fc.constantFrom('additionalProperties', 'items', 'not'), sub),
    fc.tuple(fc.constantFrom('allOf', 'anyOf', 'oneOf'), fc.array(sub, { minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constant('required'), fc.uniqueArray(key, { maxLength: 3 })),
    fc.tuple(fc.constant('enum'), fc.array(scalar, { minLength: 1, maxLength: 3 })),
    fc.tuple(fc.constant('const'), scalar),
    fc.tuple(
      fc.constantFrom('minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'),
      fc.nat(3),
    ),
    fc.tuple(
      fc.constantFrom('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'),
      fc.constantFrom(-1, 0, 0.5, 2),
    ),
    fc.tuple(fc.constant('multipleOf'), fc.constantFrom(1, 2, 0.5, 0.1, 3)),
    fc.tuple(fc.constant('pattern'), fc.constantFrom('^a', 'b$', '^.$', '^\\p{L}+$', '(')),
    fc.tuple(fc.constantFrom('format', 'title', 'description'), fc.constantFrom('date-time', 'x')),
    fc.tuple(fc.constantFrom('default', 'examples'), fc.constant([1])),
    // Left to Ajv: these must give no quick validator.
    fc.tuple(fc.constantFrom('uniqueItems'), fc.boolean()),
    fc.tuple(fc.constantFrom('enum', 'const'), fc.constantFrom([{ a: 1 }], [[1]], [])),
    fc.tuple(fc.constantFrom('nullable'), fc.boolean()),
    // Not Ajv's keywords: ignored by both.
    fc.tuple(fc.constantFrom('x-ink-mcp-allow-control', 'errorMessage'), fc.constant(true)),
  );
  return {
    schema: fc.array(keyword, { maxLength: 4 }).map((entries) => Object.fromEntries(entries) as unknown),
  };
});

/** JSON, but NaN, Infinity, -0 and undefined as themselves. */
const show = (d: unknown): string =>
  JSON.stringify(d, (_k, v: unknown) =>
    typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))
      ? String(v)
      : v === undefined
        ? 'undefined'
        : v,
  ) ?? 'undefined';

describe('quickValidator', () => {
  it('answers as Ajv does, for every schema it takes', () => {
    let taken = 0;
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(schema, fc.array(value, { minLength: 1, maxLength: 6 }), (s, data) => {
        if (!plainlyWellFormed(s)) return;
        const quick = quickValidator(s);
        if (quick === undefined) return;
        taken++;
        // A schema it takes is one Ajv compiles: its refusals are never hidden.
        const reference = ajv.compile(s as object);
        for (const d of data) {
          const expected = reference(d) === true;
          expect(quick(d), `${JSON.stringify(s)} with ${show(d)}`).toBe(expected);
          if (expected) valid++;
          else invalid++;
        }
        ajv.removeSchema(s as object);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 4000) },
    );
    // Not vacuous: most schemas are taken, and both answers occur often.
    expect(taken).toBeGreaterThan(2000);
    expect(valid).toBeGreaterThan(1000);
    expect(invalid).toBeGreaterThan(1000);
  });

  it('leaves to Ajv what it does not take', () => {
    expect(quickValidator({ type: 'array', uniqueItems: true })).toBeUndefined();
    expect(quickValidator({ enum: [{ a: 1 }] })).toBeUndefined();
    expect(quickValidator({ enum: [] })).toBeUndefined();
    expect(quickValidator({ type: 'string', pattern: '(' })).toBeUndefined();
    expect(quickValidator({ properties: { a: { $ref: '#/$defs/a' } } })).toBeUndefined();
    expect(quickValidator({ type: 'string', nullable: true })).toBeUndefined();
    expect(quickValidator({ type: 'object', 'x-anything': { type: 12 } })).toBeDefined();
  });

  it('knows every keyword Ajv 2020 defines', () => {
    expect(new Set(AJV_KEYWORDS)).toEqual(new Set(Object.keys(ajv.RULES.keywords)));
  });
});

describe('SchemaCache with quick validators', () => {
  const builtins = builtinSpecs();

  it('validates the built-in tools’ arguments without Ajv', () => {
    const cache = new SchemaCache();
    expect(builtins.length).toBeGreaterThanOrEqual(4);
    for (const spec of builtins) expect(quickValidator(spec.inputSchema), spec.name).toBeDefined();
    const type = builtins.find((s) => s.name === 'type');
    const compiled = cache.get(type!.inputSchema as object);
    expect(compiled.ok && compiled.validate({ text: 'hello\n' })).toBe(true);
    expect(cache.ajvCompileCount).toBe(0);
  });

  it('has Ajv word a failed call, compiling the schema once', () => {
    const v = new ArgsValidator();
    const schema = {
      type: 'object',
      properties: { text: { type: 'string', minLength: 2 } },
      required: ['text'],
      additionalProperties: false,
    };
    expect(v.validateJson('t', schema, { text: 'ok' }).ok).toBe(true);
    expect(v.schemas.ajvCompileCount).toBe(0);
    expect(v.validateJson('t', schema, { text: 'x', extra: 1 })).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_arguments',
        issues: [
          { path: ['extra'], message: 'is not allowed (the schema has no such property)' },
          { path: ['text'], message: 'must NOT have fewer than 2 characters' },
        ],
      }),
    });
    v.validateJson('t', schema, {});
    expect(v.schemas.ajvCompileCount).toBe(1);
  });
});

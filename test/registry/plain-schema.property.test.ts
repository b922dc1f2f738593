import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { META_KEYWORDS, plainlyWellFormed } from '../../src/registry/plain-schema.js';
import { SchemaCache } from '../../src/registry/schema-cache.js';
import { builtinSpecs } from './fixtures.js';

// The meta-schema as Ajv validates it, the reference plainlyWellFormed is held to.
const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
const metaValid = (schema: unknown) => ajv.validateSchema(schema as object) === true;

/** What a keyword's value is drawn from: well formed or not, so both answers are exercised. */
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -0.5, 2.5),
  fc.constantFrom('', 'x', 'string', 'objekt', '('),
  fc.constant([]),
  fc.constant({}),
);
const count = fc.oneof(fc.nat(5), junk);
const typeName = fc.constantFrom(
  'array',
  'boolean',
  'integer',
  'null',
  'number',
  'object',
  'string',
  'strng',
);

const { schema } = fc.letrec<{ schema: unknown }>((tie) => {
  const sub = fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.boolean(), tie('schema'), junk);
  const keyword = fc.oneof(
    fc.tuple(fc.constant('type'), fc.oneof(typeName, fc.array(typeName, { maxLength: 3 }), junk)),
    fc.tuple(
      fc.constant('properties'),
      fc.oneof(fc.dictionary(fc.constantFrom('a', 'b', 'type'), sub), junk),
    ),
    fc.tuple(fc.constantFrom('additionalProperties', 'items', 'not'), sub),
    fc.tuple(fc.constantFrom('allOf', 'anyOf', 'oneOf'), fc.oneof(fc.array(sub, { maxLength: 2 }), junk)),
    fc.tuple(fc.constant('required'), fc.oneof(fc.array(fc.constantFrom('a', 'b', 1)), junk)),
    fc.tuple(fc.constantFrom('enum', 'examples'), fc.oneof(fc.array(junk, { maxLength: 2 }), junk)),
    fc.tuple(fc.constantFrom('const', 'default'), junk),
    fc.tuple(
      fc.constantFrom('minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'),
      count,
    ),
    fc.tuple(
      fc.constantFrom('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'),
      fc.oneof(fc.integer({ min: -2, max: 2 }), junk),
    ),
    fc.tuple(
      fc.constantFrom(
        'pattern',
        'format',
        'title',
        'description',
        '$comment',
        'contentEncoding',
        'contentMediaType',
      ),
      junk,
    ),
    fc.tuple(fc.constantFrom('uniqueItems', 'deprecated', 'readOnly', 'writeOnly'), junk),
    // Keywords left to Ajv, and ones the meta-schema does not define.
    fc.tuple(fc.constantFrom('$ref', 'if', 'prefixItems', 'patternProperties', '$defs'), sub),
    fc.tuple(fc.constantFrom('x-ink-mcp-allow-control', 'errorMessage', 'nullable'), junk),
  );
  return {
    schema: fc.array(keyword, { maxLength: 4 }).map((entries) => Object.fromEntries(entries) as unknown),
  };
});

describe('plainlyWellFormed', () => {
  it('says well formed only of schemas the 2020-12 meta-schema accepts', () => {
    fc.assert(
      fc.property(schema, (s) => {
        if (plainlyWellFormed(s)) expect(metaValid(s), JSON.stringify(s)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('decides most generated schemas itself (the check is not vacuous)', () => {
    let plain = 0;
    let accepted = 0;
    fc.assert(
      fc.property(schema, (s) => {
        if (plainlyWellFormed(s)) plain++;
        if (metaValid(s)) accepted++;
      }),
      { numRuns: 1000 },
    );
    expect(plain).toBeGreaterThan(accepted / 2);
  });

  it('knows every keyword the meta-schema defines, as Ajv ships it', () => {
    const dir = path.join(
      path.dirname(createRequire(import.meta.url).resolve('ajv/dist/2020.js')),
      'refs/json-schema-2020-12',
    );
    const files = ['schema.json', ...readdirSync(path.join(dir, 'meta')).map((f) => `meta/${f}`)];
    const defined = files.flatMap((f) =>
      Object.keys(
        (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { properties?: object }).properties ?? {},
      ),
    );
    expect(new Set(META_KEYWORDS)).toEqual(new Set(defined));
  });

  it('refuses what it does not check, and ignores keywords the meta-schema does not define', () => {
    expect(plainlyWellFormed({ type: 'object', properties: { a: { $ref: '#/$defs/a' } } })).toBe(false);
    expect(plainlyWellFormed({ type: 'object', 'x-anything': { type: 12 } })).toBe(true);
    expect(plainlyWellFormed({ type: 'strng' })).toBe(false);
    expect(plainlyWellFormed({ required: ['a', 'a'] })).toBe(false);
    expect(plainlyWellFormed(['not', 'a', 'schema'])).toBe(false);
  });
});

describe('SchemaCache and the meta-schema', () => {
  const builtins = builtinSpecs();

  it('compiles the built-in tools’ schemas without checking them against the meta-schema', () => {
    const cache = new SchemaCache();
    expect(builtins.length).toBeGreaterThanOrEqual(4);
    for (const spec of builtins) {
      expect(plainlyWellFormed(spec.inputSchema), spec.name).toBe(true);
      expect(cache.get(spec.inputSchema as object).ok, spec.name).toBe(true);
    }
    expect(cache.metaCheckCount).toBe(0);
  });

  it('checks the rest, and refuses a malformed schema with Ajv’s own message', () => {
    const cache = new SchemaCache();
    expect(cache.get({ type: 'object', $defs: { a: { type: 'string' } } }).ok).toBe(true);
    const broken = cache.get({ type: 'object', properties: { a: { type: 'strng' } } });
    expect(broken).toEqual({
      ok: false,
      reason: expect.stringMatching(/^schema is invalid: data\/properties\/a\/type/),
    });
    expect(cache.metaCheckCount).toBe(2);
  });
});

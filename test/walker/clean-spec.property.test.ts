import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CleanSpecCache, cleanSpec } from '../../src/walker/clean-spec.js';
import { CLEANING_SET_RE, cleanText } from '../../src/walker/clean-text.js';
import type { JsonValue } from '../../src/walker/types.js';
import { hostileText } from '../helpers/hostile-text.js';

/** One cache for this file's tests, as a session keeps one (src/walker/derive-cache.ts). */
const specs = new CleanSpecCache();
const cleanSpecCached = (description: unknown, inputSchema: unknown) => specs.clean(description, inputSchema);

/**
 * Cases per property. CI runs the default; `npm run fuzz` sets FUZZ_RUNS=100000. `CLEANING_SET_RE`
 * is trusted as the oracle here because clean-text.test.ts holds it to an independent definition on
 * every code point.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const TIMEOUT = Math.max(20_000, RUNS * 3);

// ---- strings: biased towards the cleaning set, spacing characters and prototype-sensitive names ----

const text = hostileText(6);

// ---- JSON-ish values (mostly cleanable) and wild values (anything a provider might write) ----

const jsonLeaf = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

class Opaque {
  readonly x = 1;
}
const throwingGetter = () =>
  Object.defineProperty({}, 'x', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  });
const throwingProxy = () =>
  new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('ownKeys');
      },
    },
  );
const notJsonLeaf = fc.oneof(
  fc.constantFrom<unknown>(
    () => 1,
    Symbol('s'),
    10n,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    undefined,
  ),
  fc.constant(null).map(() => new Date(0)),
  fc.constant(null).map(() => new Map([['k', 1]])),
  fc.constant(null).map(() => new Opaque()),
  fc.constant(null).map(() => new String('boxed')),
  fc.constant(null).map(() => ({ [Symbol('k')]: 1 })),
  fc.constant(null).map(() => {
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    return sparse;
  }),
  fc.constant(null).map(throwingGetter),
  fc.constant(null).map(throwingProxy),
);

/** A copy of `record` that holds itself (a fresh copy: generated values must not be mutated). */
function withCycle(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...record };
  copy.self = copy;
  return copy;
}

function values(leaf: fc.Arbitrary<unknown>, options: { cycles: boolean }) {
  return fc.letrec<{ value: unknown; list: unknown[]; record: Record<string, unknown> }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('record')),
    list: fc.array(tie('value'), { maxLength: 4 }),
    record: fc
      .dictionary(text, fc.option(tie('value'), { nil: undefined, freq: 8 }), { maxKeys: 5 })
      .chain((record) =>
        options.cycles
          ? fc.boolean().map((cycle) => (cycle ? withCycle(record) : record))
          : fc.constant(record),
      ),
  })).record;
}

const jsonishSchema = values(jsonLeaf, { cycles: false });
const wildSchema = values(
  fc.oneof({ arbitrary: jsonLeaf, weight: 8 }, { arbitrary: notJsonLeaf, weight: 1 }),
  {
    cycles: true,
  },
);

const zodSchema = fc
  .array(fc.tuple(text, text, fc.constantFrom('string', 'number', 'literal', 'optional')), { maxLength: 4 })
  .map((fields) => {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, description, kind] of fields) {
      const field =
        kind === 'string'
          ? z.string()
          : kind === 'number'
            ? z.number()
            : kind === 'literal'
              ? z.literal(description)
              : z.string().optional();
      shape[key] = field.describe(description);
    }
    return z.object(shape);
  });

const description = fc.oneof(
  { arbitrary: text, weight: 8 },
  { arbitrary: fc.constantFrom(null, undefined), weight: 2 },
  { arbitrary: notJsonLeaf, weight: 1 },
);
const cleanableSpec = fc.tuple(
  fc.oneof({ arbitrary: text, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 }),
  fc.oneof(
    { arbitrary: jsonishSchema, weight: 8 },
    { arbitrary: zodSchema, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  ),
);
const wildSpec = fc.tuple(
  description,
  fc.oneof(
    { arbitrary: wildSchema, weight: 6 },
    { arbitrary: zodSchema, weight: 1 },
    { arbitrary: fc.oneof(jsonLeaf, notJsonLeaf, fc.array(jsonLeaf)), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  ),
);

// ---- helpers ----

/** Every key and every string of a cleaned value. */
function* textsOf(value: JsonValue): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* textsOf(item);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* textsOf(item);
    }
  }
}
const isFault = (fault: unknown) =>
  fault === 'not_json' ||
  fault === 'too_large' ||
  (typeof fault === 'object' &&
    fault !== null &&
    Object.keys(fault).join() === 'duplicateKey' &&
    typeof (fault as { duplicateKey: unknown }).duplicateKey === 'string');

// ---- properties ----

describe('cleanSpec properties', () => {
  it(
    'never throws, and answers ok or a known fault',
    () => {
      fc.assert(
        fc.property(wildSpec, ([d, s]) => {
          const result = cleanSpec(d, s);
          expect(result.ok ? true : isFault(result.fault)).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'leaves no character of the cleaning set in an ok result',
    () => {
      fc.assert(
        fc.property(cleanableSpec, ([d, s]) => {
          const result = cleanSpec(d, s);
          if (!result.ok) return;
          const texts = [...textsOf(result.inputSchema)];
          if (result.description !== null) texts.push(result.description);
          for (const t of texts) expect(CLEANING_SET_RE.test(t), JSON.stringify(t)).toBe(false);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'answers an ok result equal to its own JSON round trip',
    () => {
      fc.assert(
        fc.property(cleanableSpec, ([d, s]) => {
          const result = cleanSpec(d, s);
          if (!result.ok) return;
          const json = JSON.stringify(result.inputSchema);
          const back = JSON.parse(json);
          expect(back).toEqual(result.inputSchema);
          expect(JSON.stringify(back)).toBe(json);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'is idempotent: cleaning an ok result again answers an equal ok result',
    () => {
      fc.assert(
        fc.property(cleanableSpec, ([d, s]) => {
          const result = cleanSpec(d, s);
          if (!result.ok) return;
          const again = cleanSpec(result.description, result.inputSchema);
          expect(again).toEqual(result);
          expect(again.ok && JSON.stringify(again.inputSchema)).toBe(JSON.stringify(result.inputSchema));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'CleanSpecCache.clean agrees with cleanSpec',
    () => {
      fc.assert(
        fc.property(wildSpec, ([d, s]) => {
          const plain = cleanSpec(d, s);
          const cached = cleanSpecCached(d, s);
          expect(cached).toMatchObject(plain);
          if (cached.ok && plain.ok) {
            expect(cached.specJson).toBe(
              JSON.stringify({ description: plain.description, inputSchema: plain.inputSchema }),
            );
          }
        }),
        { numRuns: Math.ceil(RUNS / 10) },
      );
    },
    TIMEOUT,
  );
});

describe('cleanText properties', () => {
  it(
    'is idempotent, leaves nothing of the cleaning set, and keeps one space per spacing character',
    () => {
      const spacing = /[\t\n\v\f\r\u0085\u2028\u2029 ]/gu;
      fc.assert(
        fc.property(hostileText(40), (s) => {
          const cleaned = cleanText(s);
          expect(cleanText(cleaned)).toBe(cleaned);
          expect(CLEANING_SET_RE.test(cleaned)).toBe(false);
          expect(cleaned.split(' ').length - 1).toBe(s.match(spacing)?.length ?? 0);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import {
  CLEAN_CACHE_ENTRIES,
  CleanSpecCache,
  type CleanSpecResult,
  cleanSpec,
  MAX_VALUES,
} from '../../src/walker/clean-spec.js';
import type { JsonObject } from '../../src/walker/types.js';

/** One cache for this file's tests, as a session keeps one (src/walker/derive-cache.ts). */
const specs = new CleanSpecCache();
const cleanSpecCached = (description: unknown, inputSchema: unknown) => specs.clean(description, inputSchema);

function okSpec(description: unknown, inputSchema: unknown) {
  const result = cleanSpec(description, inputSchema);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.fault)}`);
  return result;
}
const faultOf = (description: unknown, inputSchema: unknown) => {
  const result: CleanSpecResult = cleanSpec(description, inputSchema);
  return result.ok ? 'ok' : result.fault;
};
const schemaFault = (inputSchema: unknown) => faultOf('d', inputSchema);
const roundTrip = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** An object chain `levels` containers deep (the root is level 1); the innermost holds a leaf. */
function nestedObjects(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: 'x' };
  for (let level = 1; level < levels; level++) node = { child: node };
  return node;
}
/** A root object holding arrays nested so that the innermost array is at `levels`. */
function nestedArrays(levels: number): Record<string, unknown> {
  let node: unknown[] = [1];
  for (let level = 2; level < levels; level++) node = [node];
  return { items: node };
}
/** A root object with `leaves` leaf properties: `leaves + 1` values. */
function wideObject(leaves: number): Record<string, unknown> {
  return Object.fromEntries(Array.from({ length: leaves }, (_, i) => [`k${i}`, i]));
}

describe('cleanSpec: description', () => {
  it('cleans a string description', () => {
    expect(okSpec('Hello\u200B\nwor\u202Eld\u{E0041}', undefined).description).toBe('Hello world');
  });

  it('answers null for a null or missing description', () => {
    expect(okSpec(null, undefined).description).toBeNull();
    expect(okSpec(undefined, undefined).description).toBeNull();
  });

  it('keeps a description that cleans to the empty string as ""', () => {
    expect(okSpec('\u200B', undefined).description).toBe('');
  });

  it.each([
    ['a number', 42],
    ['a boolean', true],
    ['an object', { text: 'x' }],
    ['an array', ['x']],
    ['a boxed string', new String('x')],
    ['a symbol', Symbol('x')],
    ['a function', () => 'x'],
    ['a bigint', 1n],
  ])('refuses %s as not_json', (_name, description) => {
    expect(faultOf(description, undefined)).toBe('not_json');
  });
});

describe('cleanSpec: inputSchema shape', () => {
  it('defaults a missing inputSchema to an empty object schema, fresh each time', () => {
    const first = okSpec('d', undefined).inputSchema;
    expect(first).toEqual({ type: 'object', properties: {} });
    first.type = 'changed';
    expect(okSpec('d', undefined).inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it.each([
    ['null', null],
    ['an array', [{ type: 'object' }]],
    ['a string', '{"type":"object"}'],
    ['a number', 1],
    ['a boolean', false],
    ['a function', () => ({ type: 'object' })],
    ['a symbol', Symbol('s')],
    ['a bigint', 1n],
  ])('refuses an inputSchema that is %s as not_json', (_name, inputSchema) => {
    expect(schemaFault(inputSchema)).toBe('not_json');
  });

  it('copies: the result shares no object with the input', () => {
    const properties = { a: { type: 'string' } };
    const input = { type: 'object', properties };
    const result = okSpec('d', input).inputSchema;
    expect(result).toEqual(input);
    expect(result).not.toBe(input);
    expect(result.properties).not.toBe(properties);
  });

  it('accepts null-prototype objects and turns them into plain ones', () => {
    const input = Object.assign(Object.create(null) as Record<string, unknown>, { type: 'object' });
    const result = okSpec('d', input).inputSchema;
    expect(result).toEqual({ type: 'object' });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it('keeps every JSON leaf kind and turns -0 into 0', () => {
    const input = { s: 's', n: 1.5, neg: -0, t: true, f: false, z: null, list: [0, 'a', null, [], {}] };
    const result = okSpec('d', input).inputSchema;
    expect(result).toEqual({ ...input, neg: 0 });
    expect(Object.is(result.neg, 0)).toBe(true);
  });
});

describe('cleanSpec: cleaning inside the schema', () => {
  it('cleans property names, titles, enum values, defaults, examples and nested names', () => {
    const input = {
      type: 'object',
      title: 'Ti\u202Etle',
      properties: {
        'na\u200Bme': {
          type: 'string',
          enum: ['a\u0000', 'b\u2066c', 'ok'],
          default: 'x\u00ADy',
          examples: ['line1\nline2'],
        },
        nested: {
          type: 'object',
          properties: { 'de\uFEFFep': { description: 'd\u{E0041}\u{F0000}e', const: '\uD800z' } },
        },
      },
      'req\u034Fuired': ['na\u200Bme'],
    };
    expect(okSpec('d', input).inputSchema).toEqual({
      type: 'object',
      title: 'Title',
      properties: {
        name: { type: 'string', enum: ['a', 'bc', 'ok'], default: 'xy', examples: ['line1 line2'] },
        nested: { type: 'object', properties: { deep: { description: 'de', const: 'z' } } },
      },
      required: ['name'],
    });
  });

  it('leaves numbers, booleans and null untouched', () => {
    expect(okSpec('d', { minimum: 0, maximum: 1e300, x: true, y: null }).inputSchema).toEqual({
      minimum: 0,
      maximum: 1e300,
      x: true,
      y: null,
    });
  });
});

describe('cleanSpec: duplicate keys', () => {
  it("refuses 'amount' and 'amount\\u200B' in one object", () => {
    expect(
      schemaFault({ properties: { amount: { type: 'number' }, 'amount\u200B': { type: 'string' } } }),
    ).toEqual({ duplicateKey: 'amount' });
  });

  it('reports the key as it is once cleaned', () => {
    expect(schemaFault({ 'a\tb': 1, 'a b': 2 })).toEqual({ duplicateKey: 'a b' });
    expect(schemaFault({ '\u202Ex': 1, 'x\u2069': 2 })).toEqual({ duplicateKey: 'x' });
  });

  it('allows equal cleaned keys in different objects', () => {
    expect(schemaFault({ a: { k: 1 }, b: { 'k\u200B': 1 } })).toBe('ok');
  });

  it('ignores a duplicate whose value is undefined, since it is dropped', () => {
    expect(okSpec('d', { k: 1, 'k\u200B': undefined }).inputSchema).toEqual({ k: 1 });
  });
});

describe('cleanSpec: not JSON', () => {
  class Point {
    x = 1;
  }
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const throwingGetter = Object.defineProperty({}, 'x', {
    enumerable: true,
    get() {
      throw new Error('boom');
    },
  });

  it.each<[string, unknown]>([
    ['a function', () => 1],
    ['a symbol value', Symbol('s')],
    ['a bigint', 10n],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['a Date', new Date(0)],
    ['a Map', new Map([['a', 1]])],
    ['a Set', new Set([1])],
    ['a RegExp', /x/],
    ['a class instance', new Point()],
    ['a boxed number', new Number(1)],
    ['a typed array', new Uint8Array(2)],
    ['an Error', new Error('e')],
    ['a symbol key', { [Symbol('k')]: 1 }],
    ['a symbol key on an array', Object.assign([1], { [Symbol('k')]: 1 })],
    ['a sparse array', sparse],
    ['a sparse array of only holes', new Array(5)],
    ['undefined in an array', [1, undefined]],
    ['a throwing getter', throwingGetter],
  ])('refuses %s inside the schema', (_name, value) => {
    expect(schemaFault({ type: 'object', default: value })).toBe('not_json');
    expect(schemaFault({ type: 'object', items: [[{ x: value }]] })).toBe('not_json');
  });

  it('refuses a class instance as the inputSchema itself', () => {
    expect(schemaFault(new Point())).toBe('not_json');
    expect(schemaFault(new Date())).toBe('not_json');
    expect(schemaFault(new Map())).toBe('not_json');
  });

  it('refuses a cycle at depth 3 as not_json, not too_large', () => {
    const root: Record<string, Record<string, Record<string, unknown>>> = { a: { b: {} } };
    root.a!.b!.back = root;
    expect(schemaFault(root)).toBe('not_json');
  });

  it('refuses a self cycle and a cycle through arrays', () => {
    const self: Record<string, unknown> = {};
    self.me = self;
    expect(schemaFault(self)).toBe('not_json');
    const list: unknown[] = [];
    list.push({ list });
    expect(schemaFault({ list })).toBe('not_json');
  });

  it('accepts an object shared twice (not a cycle) and copies it twice', () => {
    const shared = { type: 'string' };
    const result = okSpec('d', { properties: { a: shared, b: shared } }).inputSchema;
    expect(result).toEqual({ properties: { a: shared, b: shared } });
    const properties = result.properties as JsonObject;
    expect(properties.a).not.toBe(properties.b);
  });

  it('refuses proxies whose traps throw, without throwing', () => {
    const throwing = (trap: keyof ProxyHandler<object>) =>
      new Proxy(
        { a: 1 },
        {
          [trap]() {
            throw new Error(`${trap} trap`);
          },
        },
      );
    for (const trap of ['get', 'ownKeys', 'getPrototypeOf', 'getOwnPropertyDescriptor'] as const) {
      expect(() => cleanSpec('d', throwing(trap))).not.toThrow();
      expect(schemaFault(throwing(trap)), trap).toBe('not_json');
      expect(schemaFault({ nested: throwing(trap) }), trap).toBe('not_json');
    }
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(schemaFault(proxy)).toBe('not_json');
    expect(schemaFault({ p: proxy })).toBe('not_json');
  });

  it('ignores non-enumerable properties, as JSON does', () => {
    const input = Object.defineProperty({ a: 1 }, 'hidden', { value: () => 1, enumerable: false });
    expect(okSpec('d', input).inputSchema).toEqual({ a: 1 });
  });

  it('drops a property whose value is undefined, as JSON.stringify does', () => {
    const result = okSpec('d', { a: undefined, b: 1, nested: { c: undefined } }).inputSchema;
    expect(result).toEqual({ b: 1, nested: {} });
    expect(Object.keys(result)).toEqual(['b', 'nested']);
  });
});

describe('cleanSpec: limits', () => {
  it('accepts 32 nested containers (the root is level 1; leaves are not levels)', () => {
    expect(schemaFault(nestedObjects(32))).toBe('ok');
    expect(schemaFault(nestedArrays(32))).toBe('ok');
  });

  it('refuses 33 nested containers as too_large', () => {
    expect(schemaFault(nestedObjects(33))).toBe('too_large');
    expect(schemaFault(nestedArrays(33))).toBe('too_large');
  });

  it('counts the root, each object, each array and each leaf, but not keys', () => {
    expect(MAX_VALUES).toBe(10_000);
    expect(schemaFault(wideObject(9_999))).toBe('ok'); // 1 + 9,999
    expect(schemaFault(wideObject(10_000))).toBe('too_large'); // 1 + 10,000
    expect(schemaFault({ list: new Array(9_998).fill('x') })).toBe('ok'); // 1 + 1 + 9,998
    expect(schemaFault({ list: new Array(9_999).fill('x') })).toBe('too_large');
    expect(schemaFault({ list: new Array(9_998).fill({}) })).toBe('ok'); // an empty object is one value
    expect(schemaFault({ list: new Array(4_999).fill({ a: 1 }) })).toBe('ok'); // 2 + 4,999 × 2
    expect(schemaFault({ list: new Array(5_000).fill({ a: 1 }) })).toBe('too_large'); // 2 + 5,000 × 2
  });

  it('counts a shared object once per place it appears, so a DAG cannot blow up the output', () => {
    let node: unknown = 'leaf';
    for (let i = 0; i < 20; i++) node = [node, node]; // 2^20 leaves when expanded
    expect(schemaFault({ node })).toBe('too_large');
  });

  it('stops reading once the value limit trips', () => {
    let reads = 0;
    const huge = new Proxy(new Array(200_000).fill(0), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(schemaFault({ huge })).toBe('too_large');
    expect(reads).toBeLessThanOrEqual(MAX_VALUES);
  });
});

describe('cleanSpec: fault precedence', () => {
  it('reports a bad description before anything in the schema', () => {
    expect(faultOf(1, nestedObjects(40))).toBe('not_json');
  });

  it('reports the first fault of the depth-first walk', () => {
    expect(schemaFault({ f: () => 1, big: new Array(20_000).fill(0) })).toBe('not_json');
    expect(schemaFault({ big: new Array(20_000).fill(0), f: () => 1 })).toBe('too_large');
    expect(schemaFault({ deep: nestedObjects(40), k: 1, 'k\u200B': 2 })).toBe('too_large');
    expect(schemaFault({ k: 1, 'k\u200B': 2, deep: nestedObjects(40) })).toEqual({ duplicateKey: 'k' });
  });

  it('checks a duplicate key before walking its value', () => {
    expect(schemaFault({ k: 1, 'k\u200B': () => 1 })).toEqual({ duplicateKey: 'k' });
  });

  it('reports a cycle by the first of its re-entry and the depth limit', () => {
    const deep = nestedObjects(30);
    let inner = deep;
    while (inner.child) inner = inner.child as Record<string, unknown>; // level 30
    const a: Record<string, unknown> = {};
    const b: Record<string, unknown> = { a };
    a.b = b;
    inner.loop = a; // a at 31, b at 32, a again at 33: a re-entry is checked before depth
    expect(schemaFault(deep)).toBe('not_json');
    const c: Record<string, unknown> = { a };
    b.a = c;
    inner.loop = a; // a at 31, b at 32, c at 33: the limit trips before the cycle closes
    expect(schemaFault(deep)).toBe('too_large');
  });
});

describe('cleanSpec: prototype pollution', () => {
  it('keeps __proto__, constructor and prototype as own data keys', () => {
    const input = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"prototype":{"type":"string"}}}',
    );
    const result = okSpec('d', input).inputSchema;
    const properties = result.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ polluted: true });
    expect(properties.constructor).toEqual({ prototype: { x: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.prototype).not.toHaveProperty('x');
    expect(roundTrip(result)).toEqual(result);
  });

  it('keeps a key that only becomes __proto__ once cleaned as an own key', () => {
    const result = okSpec('d', { '__proto__\u200B': { polluted: true } }).inputSchema;
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports __proto__ twice as a duplicate key', () => {
    const input = JSON.parse('{"__proto__":1}');
    input['__proto__\u200B'] = 2;
    expect(schemaFault(input)).toEqual({ duplicateKey: '__proto__' });
  });
});

describe('cleanSpec: zod', () => {
  it('converts z.object({ text: z.string().min(1) })', () => {
    const result = okSpec('d', z.object({ text: z.string().min(1) })).inputSchema;
    expect(result.type).toBe('object');
    expect(result.properties).toEqual({ text: { type: 'string', minLength: 1 } });
    expect(result.required).toEqual(['text']);
    expect(roundTrip(result)).toEqual(result);
  });

  it('describes the input side: a field with a default is not required', () => {
    const result = okSpec('d', z.object({ n: z.number().default(1), s: z.string() })).inputSchema;
    expect(result.required).toEqual(['s']);
  });

  it('cleans what the zod schema carries', () => {
    const schema = z.object({ 'ke\u200By': z.enum(['a\u202E', 'b']).describe('pick\none') });
    expect(okSpec('d', schema).inputSchema.properties).toEqual({
      key: { type: 'string', enum: ['a', 'b'], description: 'pick one' },
    });
    expect(schemaFault(z.object({ k: z.string(), 'k\u200B': z.string() }))).toEqual({ duplicateKey: 'k' });
  });

  it('converts zod mini schemas too', () => {
    expect(okSpec('d', zm.object({ a: zm.string() })).inputSchema.properties).toEqual({
      a: { type: 'string' },
    });
  });

  it('refuses a schema zod cannot convert as not_json', () => {
    expect(schemaFault(z.object({ when: z.date() }))).toBe('not_json');
    expect(schemaFault({ _zod: { def: {} } })).toBe('not_json');
  });
});

describe('cleanSpec: JSON round trip', () => {
  it('answers an inputSchema equal to its own JSON round trip', () => {
    const input = {
      type: 'object',
      'a\u200B': [1, -0, 'x\n', { b: null, c: undefined }],
      __proto__x: 1,
      nested: Object.assign(Object.create(null) as object, { deep: [[[]]] }),
    };
    const result = okSpec('d', input).inputSchema;
    expect(roundTrip(result)).toEqual(result);
    expect(JSON.stringify(roundTrip(result))).toBe(JSON.stringify(result));
  });
});

describe('CleanSpecCache.clean', () => {
  it('answers the same result object for the same schema content and description', () => {
    const schema = z.object({ text: z.string() });
    const first = cleanSpecCached('d', schema);
    expect(cleanSpecCached('d', schema)).toBe(first);
    expect(cleanSpecCached('other', schema)).not.toBe(first);
    expect(cleanSpecCached('d', z.object({ text: z.string() }))).toBe(first);
    expect(cleanSpecCached('d', z.object({ text: z.number() }))).not.toBe(first);
    expect(cleanSpecCached('d', schema)).toBe(first);
  });

  it('equals cleanSpec and carries the spec JSON', () => {
    const schema = { type: 'object', properties: { 'a\u200B': { type: 'string' } } };
    const cached = cleanSpecCached('de\u2028sc', schema);
    const plain = okSpec('de\u2028sc', schema);
    expect(cached).toMatchObject(plain);
    if (!cached.ok) throw new Error('expected ok');
    expect(cached.specJson).toBe(
      JSON.stringify({
        description: 'de sc',
        inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      }),
    );
  });

  it('shares one slot for specs without an inputSchema', () => {
    const first = cleanSpecCached('no schema', undefined);
    expect(cleanSpecCached('no schema', undefined)).toBe(first);
    expect(first).toMatchObject({ ok: true, inputSchema: { type: 'object', properties: {} } });
    expect(cleanSpecCached(null, undefined)).toMatchObject({ ok: true, description: null });
  });

  it('freezes what it shares, so one caller cannot change another one’s result', () => {
    const cached = cleanSpecCached('d', { properties: { a: { type: 'string' } } });
    if (!cached.ok) throw new Error('expected ok');
    expect(Object.isFrozen(cached)).toBe(true);
    expect(Object.isFrozen(cached.inputSchema)).toBe(true);
    expect(Object.isFrozen((cached.inputSchema.properties as JsonObject).a)).toBe(true);
  });

  it('caches faults of plain JSON, and cleans again what has no content key', () => {
    const deep = nestedObjects(40);
    const first = cleanSpecCached('d', deep);
    expect(first).toEqual({ ok: false, fault: 'too_large' });
    expect(cleanSpecCached('d', { type: 'object', properties: { a: { type: 'string' } } })).toMatchObject({
      ok: true,
    });
    const schema = { f: () => 1 };
    expect(cleanSpecCached('d', schema)).toEqual({ ok: false, fault: 'not_json' });
    expect(cleanSpecCached('d', schema)).toEqual({ ok: false, fault: 'not_json' });
    expect(cleanSpecCached(42, { type: 'object' })).toEqual({ ok: false, fault: 'not_json' });
    expect(cleanSpecCached('d', null)).toEqual({ ok: false, fault: 'not_json' });
    expect(cleanSpecCached('d', 'schema')).toEqual({ ok: false, fault: 'not_json' });
  });

  it('keeps a bounded number of entries, forgetting the oldest', () => {
    const schema = { type: 'object' };
    const first = cleanSpecCached('count 0', schema);
    for (let i = 1; i <= CLEAN_CACHE_ENTRIES; i++) cleanSpecCached(`count ${i}`, schema);
    const again = cleanSpecCached('count 0', schema);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    // Stored again just now, so it is the newest: one more entry evicts another one.
    cleanSpecCached('one more', schema);
    expect(cleanSpecCached('count 0', schema)).toBe(again);
  });

  it('cleans a schema object again once it was mutated (mutated schema objects)', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    const first = cleanSpecCached('mutable', schema);
    schema.properties = { extra: { type: 'string' } };
    const second = cleanSpecCached('mutable', schema);
    expect(second).not.toBe(first);
    expect(second).toMatchObject({
      ok: true,
      inputSchema: { type: 'object', properties: { extra: { type: 'string' } } },
    });
    delete schema.properties;
    expect(cleanSpecCached('mutable', schema)).toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ArgsValidator, validateArgs } from '../../src/registry/validate-args.js';
import type { JsonObject } from '../../src/walker/types.js';

const itemsSchema = (): JsonObject => ({
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
        additionalProperties: false,
      },
    },
    mode: { enum: ['fast', 'slow'] },
  },
});

const tool = (inputSchema: JsonObject = itemsSchema()) => ({ name: 'todo.list.add', inputSchema });

function failure(result: Awaited<ReturnType<typeof validateArgs>>) {
  if (result.ok) throw new Error('expected a validation failure');
  return result.error;
}

describe('validateArgs with a JSON Schema', () => {
  it('passes valid arguments through as the same object, unmodified', async () => {
    const args = { title: 'x', items: [{ name: 'a', qty: 2 }] };
    const before = structuredClone(args);
    const result = await validateArgs(tool(), args);
    expect(result).toEqual({ ok: true, args });
    expect(result.ok && result.args).toBe(args);
    expect(args).toEqual(before);
  });

  it('names the path and the problem of a nested error', async () => {
    const error = failure(await validateArgs(tool(), { title: 'x', items: [{ name: 'a' }, { name: 7 }] }));
    expect(error.code).toBe('invalid_arguments');
    expect(error.issues).toEqual([{ path: ['items', 1, 'name'], message: 'must be string (got integer)' }]);
    expect(error.message).toMatch(/^ink-mcp: /);
    expect(error.message).toContain('items[1].name: must be string (got integer)');
    expect(error.message).toContain('todo.list.add');
    expect(error.message).toMatch(/fix the argument/i);
  });

  it('reports every issue (allErrors), missing and unexpected properties at their own path', async () => {
    const args = { items: [{ qty: 0, extra: true }], mode: 'medium' };
    const error = failure(await validateArgs(tool(), args));
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: ['title'], message: 'is required' },
        { path: ['items', 0, 'name'], message: 'is required' },
        { path: ['items', 0, 'extra'], message: 'is not allowed (the schema has no such property)' },
        { path: ['items', 0, 'qty'], message: 'must be >= 1' },
        { path: ['mode'], message: 'must be one of "fast", "slow"' },
      ]),
    );
    expect(error.issues).toHaveLength(5);
    expect(error.message).toContain('title: is required');
    expect(error.message).toContain('mode: must be one of "fast", "slow"');
  });

  it('keeps an object key "0" a string and escapes odd keys in the message', async () => {
    const schema: JsonObject = {
      type: 'object',
      properties: {
        map: { type: 'object', properties: { '0': { type: 'string' }, 'a/b c': { type: 'string' } } },
      },
    };
    const error = failure(await validateArgs(tool(schema), { map: { '0': 1, 'a/b c': 2 } }));
    expect(error.issues.map((i) => i.path)).toEqual([
      ['map', '0'],
      ['map', 'a/b c'],
    ]);
    expect(error.message).toContain('map["0"]: must be string');
    expect(error.message).toContain('map["a/b c"]: must be string');
  });

  it('treats missing arguments as {} and refuses non-objects', async () => {
    expect(await validateArgs(tool({ type: 'object' }), undefined)).toEqual({ ok: true, args: {} });
    expect(failure(await validateArgs(tool(), undefined)).issues).toEqual([
      { path: ['title'], message: 'is required' },
    ]);
    for (const [args, got] of [
      [null, 'null'],
      [[1], 'an array'],
      ['x', 'string'],
      [3, 'number'],
    ] as const) {
      const error = failure(await validateArgs(tool({}), args));
      expect(error.issues).toEqual([{ path: [], message: `must be an object (got ${got})` }]);
      expect(error.message).toContain(`(arguments): must be an object (got ${got})`);
    }
  });

  it('lists at most 10 issues in the message and counts the rest', async () => {
    const schema: JsonObject = {
      type: 'object',
      properties: { xs: { type: 'array', items: { type: 'string' } } },
    };
    const error = failure(await validateArgs(tool(schema), { xs: Array.from({ length: 25 }, (_, i) => i) }));
    expect(error.issues).toHaveLength(25);
    expect(error.message).toContain('and 15 more');
  });

  it('answers a schema Ajv cannot compile with an error about the schema, not a throw', async () => {
    for (const schema of [
      { type: 'objekt' },
      { $ref: 'http://example.com/nope' },
      { pattern: '(' },
    ] as JsonObject[]) {
      const error = failure(await validateArgs(tool(schema), {}));
      expect(error.code).toBe('invalid_arguments');
      expect(error.schemaError).toEqual(expect.any(String));
      expect(error.message).toMatch(/^ink-mcp: the input schema of "todo\.list\.add" is broken/);
      expect(error.message).toMatch(/not in your arguments/);
    }
  });

  it('accepts a draft-07 $schema declaration and lets two tools declare the same $id', async () => {
    const v = new ArgsValidator();
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['a'] };
    expect(failure(v.validateJson('t', draft7, {})).issues).toEqual([
      { path: ['a'], message: 'is required' },
    ]);
    const a = { $id: 'https://example.com/same.json', type: 'object', properties: { x: { type: 'string' } } };
    const b = { $id: 'https://example.com/same.json', type: 'object', properties: { x: { type: 'number' } } };
    expect(v.validateJson('a', a, { x: 's' }).ok).toBe(true);
    expect(v.validateJson('b', b, { x: 1 }).ok).toBe(true);
  });

  it('does not validate `format` (an annotation in 2020-12)', () => {
    const v = new ArgsValidator();
    const schema = { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } };
    expect(v.validateJson('t', schema, { at: 'not a date' }).ok).toBe(true);
  });
});

describe('compiled validators are memoised by JSON text', () => {
  it('compiles 5,000 fresh identical schemas once', () => {
    const v = new ArgsValidator();
    for (let i = 0; i < 5000; i++) {
      expect(v.validateJson('t', itemsSchema(), { title: 'x' }).ok).toBe(true);
    }
    expect(v.schemas.compileCount).toBe(1);
    expect(v.schemas.size).toBe(1);
  });

  it('compiles a broken schema once too', () => {
    const v = new ArgsValidator();
    for (let i = 0; i < 100; i++) expect(v.validateJson('t', { type: 'objekt' }, {}).ok).toBe(false);
    expect(v.schemas.compileCount).toBe(1);
  });

  it('keeps at most maxEntries schemas, evicting the least recently used', () => {
    const v = new ArgsValidator({ maxEntries: 3 });
    const schema = (n: number) => ({ type: 'object', properties: { [`p${n}`]: { type: 'string' } } });
    for (const n of [1, 2, 3]) v.validateJson('t', schema(n), {});
    v.validateJson('t', schema(1), {}); // 1 is now the most recently used
    v.validateJson('t', schema(4), {}); // evicts 2
    expect(v.schemas.size).toBe(3);
    expect(v.schemas.compileCount).toBe(4);
    v.validateJson('t', schema(1), {});
    expect(v.schemas.compileCount).toBe(4);
    v.validateJson('t', schema(2), {});
    expect(v.schemas.compileCount).toBe(5);
  });
});

describe('no prototype pollution', () => {
  it('validating JSON with a __proto__ key leaves Object.prototype alone', async () => {
    const args = JSON.parse('{"__proto__": {"polluted": true}, "title": "x"}') as Record<string, unknown>;
    const schemas: JsonObject[] = [
      itemsSchema(),
      { type: 'object', properties: { __proto__: { type: 'object', default: { polluted: true } } } },
      { type: 'object', additionalProperties: { type: 'object' } },
    ];
    for (const schema of schemas) await validateArgs(tool(schema), args);
    await validateArgs({ name: 't', inputSchema: {}, zod: z.looseObject({ title: z.string() }) }, args);
    await validateArgs({ name: 't', inputSchema: {}, zod: z.record(z.string(), z.unknown()) }, args);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
  });

  it('a __proto__ error path does not read through the prototype', async () => {
    const schema: JsonObject = { type: 'object', properties: { constructor: { type: 'string' } } };
    const error = failure(await validateArgs(tool(schema), JSON.parse('{"constructor": 1}')));
    expect(error.issues).toEqual([{ path: ['constructor'], message: 'must be string (got integer)' }]);
  });
});

describe('validateArgs with a zod schema', () => {
  it('hands on the parsed output: transforms and defaults apply', async () => {
    const zod = z.object({
      name: z.string().transform((s) => s.trim().toUpperCase()),
      count: z.number().default(1),
    });
    const args = { name: '  milk ' };
    const result = await validateArgs({ name: 't', inputSchema: {}, zod }, args);
    expect(result).toEqual({ ok: true, args: { name: 'MILK', count: 1 } });
    expect(args).toEqual({ name: '  milk ' });
  });

  it('uses zod, not the JSON Schema, when both are present', async () => {
    const zod = z.object({ n: z.coerce.number() });
    const result = await validateArgs(
      { name: 't', inputSchema: { type: 'object', required: ['x'] }, zod },
      { n: '4' },
    );
    expect(result).toEqual({ ok: true, args: { n: 4 } });
  });

  it('reports zod issues with their paths', async () => {
    const zod = z.object({ items: z.array(z.object({ name: z.string() })), tag: z.string() });
    const error = failure(
      await validateArgs(
        { name: 't', inputSchema: {}, zod },
        { items: [{ name: 'a' }, { name: 2 }], tag: 1 },
      ),
    );
    expect(error.issues.map((i) => i.path)).toEqual([['items', 1, 'name'], ['tag']]);
    expect(error.message).toContain('items[1].name: Invalid input: expected string, received number');
  });

  it('supports async refinements', async () => {
    const zod = z.object({ n: z.number().refine(async (n) => n > 0, 'must be positive') });
    expect(failure(await validateArgs({ name: 't', inputSchema: {}, zod }, { n: -1 })).issues).toEqual([
      { path: ['n'], message: 'must be positive' },
    ]);
  });

  it('answers a throwing transform as a broken schema, not a throw', async () => {
    const zod = z.object({
      n: z.number().transform(() => {
        throw new Error('boom');
      }),
    });
    const error = failure(await validateArgs({ name: 't', inputSchema: {}, zod }, { n: 1 }));
    expect(error.schemaError).toContain('boom');
  });
});

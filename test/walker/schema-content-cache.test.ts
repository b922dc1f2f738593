import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { DataSource } from '../../fixtures/data-source.js';
import { Hub } from '../../src/session/hub.js';
import { Session } from '../../src/session/session.js';
import { CleanSpecCache, cleanSpec } from '../../src/walker/clean-spec.js';
import { jsonSchemaKey, zodSchemaKey } from '../../src/walker/schema-key.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';

/** One cache for this file's tests, as a session keeps one (src/walker/derive-cache.ts). */
const specs = new CleanSpecCache();
const cleanSpecCached = (description: unknown, inputSchema: unknown) => specs.clean(description, inputSchema);

const hubs: Hub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

describe('mutated schema objects', () => {
  it('replace the listed tool and validate calls against the new definition', async () => {
    // The app keeps one schema object and edits it in place between renders.
    const schema: Record<string, unknown> = {
      type: 'object',
      properties: { text: { type: 'string' } },
      additionalProperties: false,
    };
    const provider: ToolProvider = {
      mcpTools: () => [{ name: 'add', inputSchema: schema, run: () => 'added' }],
    };
    const tree = (): ViewNode[] => [{ type: 'w', id: 'list', attrs: {}, children: [], provider }];
    const hub = new Hub({ logger: { warn: () => {} } });
    hubs.push(hub);
    const source = new DataSource(tree());
    hub.attach(new Session({ id: 's', source }));
    expect(hub.registry.list()[0]?.inputSchema).toEqual(schema);
    expect((await hub.call('s.list.add', { text: 'a', due: 'today' })).ok).toBe(false);

    (schema.properties as Record<string, unknown>).due = { type: 'string' };
    (schema as { required?: string[] }).required = ['due'];
    source.set(tree());
    await source.settled();
    expect(hub.registry.list()[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, due: { type: 'string' } },
      additionalProperties: false,
      required: ['due'],
    });
    expect(await hub.call('s.list.add', { text: 'a', due: 'today' })).toMatchObject({
      ok: true,
      value: 'added',
    });
    const missing = await hub.call('s.list.add', { text: 'a' });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error.message).toContain('due: is required');
  });
});

describe('cache converted schemas by content', () => {
  const inline = () =>
    z.object({
      text: z.string().min(1).describe('the text'),
      tags: z.array(z.enum(['a', 'b'])).optional(),
      n: z.number().refine((x) => x > 0), // a new function on every render
    });

  it('converts an inline zod schema re-created on every render once', () => {
    const first = cleanSpecCached('Add', inline());
    for (let render = 0; render < 5; render++) expect(cleanSpecCached('Add', inline())).toBe(first);
    expect(first).toEqual({
      ...cleanSpec('Add', inline()),
      specJson: (first as { specJson: string }).specJson,
    });
  });

  it('gives different keys to schemas that convert differently', () => {
    const key = zodSchemaKey(inline());
    expect(key).toBe(zodSchemaKey(inline()));
    const variants = [
      z.object({ text: z.string().min(2).describe('the text') }),
      z.object({ text: z.string().min(1).describe('other text') }),
      z.object({ text: z.string().min(1).meta({ title: 'T' }) }),
      z.object({ text: z.string().max(1) }),
      z.object({ text: z.number() }),
      z.object({ txt: z.string() }),
      z.object({ text: z.string().default('x') }),
      z.object({ text: z.string().default('y') }),
      z.object({ text: z.string().regex(/a/) }),
      z.object({ text: z.string().regex(/b/) }),
      zm.object({ text: zm.string() }),
    ];
    const keys = variants.map(zodSchemaKey);
    expect(keys.every((k) => typeof k === 'string')).toBe(true);
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
    // Whatever shares a key converts to the same listing.
    expect(zodSchemaKey(z.object({ text: z.string() }))).toBe(zodSchemaKey(z.object({ text: z.string() })));
  });

  it('keys recursive and lazy zod schemas without looping', () => {
    const Node = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    expect(typeof zodSchemaKey(Node)).toBe('string');
    const lazy: z.ZodType = z.lazy(() => z.object({ next: lazy.optional() }));
    expect(typeof zodSchemaKey(z.object({ list: lazy }))).toBe('string');
    expect(cleanSpecCached('tree', Node)).toBe(cleanSpecCached('tree', Node));
  });

  it('keys plain JSON exactly and gives up on anything cleanSpec would refuse or treat specially', () => {
    expect(jsonSchemaKey({ a: [1, 'x', null, true] })).toBe(jsonSchemaKey({ a: [1, 'x', null, true] }));
    expect(jsonSchemaKey({ a: '1' })).not.toBe(jsonSchemaKey({ a: 1 }));
    expect(jsonSchemaKey({ a: [] })).not.toBe(jsonSchemaKey({ a: {} }));
    expect(jsonSchemaKey({ a: 'x', b: 'y' })).not.toBe(jsonSchemaKey({ a: 'x,"b":"y"' }));
    for (const odd of [
      { a: () => 1 },
      { a: new Date(0) },
      { a: Number.NaN },
      { a: [undefined] },
      // biome-ignore lint/suspicious/noSparseArray: a hole is the point.
      { a: [1, , 2] },
      { [Symbol('s')]: 1 },
      { a: 1n },
    ]) {
      expect(jsonSchemaKey(odd)).toBeUndefined();
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonSchemaKey(cycle)).toBeUndefined();
  });
});

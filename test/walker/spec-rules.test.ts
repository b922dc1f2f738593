import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import * as z3 from 'zod/v3';
import * as z4 from 'zod/v4';
import { validateArgs } from '../../src/registry/validate-args.js';
import { checkStaticTool } from '../../src/server/static-tools.js';
import { cleanSpec } from '../../src/walker/clean-spec.js';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import { describeRefusal, describeSpecFault } from '../../src/walker/describe-refusal.js';
import {
  MAX_DEPTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_SCHEMA_STRING_LENGTH,
  MAX_VALUES,
} from '../../src/walker/limits.js';
import type { ActionSpec, SpecFault, ViewNode } from '../../src/walker/types.js';
import { isZod3Schema, isZodSchema } from '../../src/walker/zod-schema.js';

/** A tree of one widget offering `spec`, derived in session "s". */
function derive(spec: Partial<ActionSpec>) {
  const node: ViewNode = {
    type: 'w',
    id: 'w',
    attrs: {},
    children: [],
    provider: { mcpTools: () => [{ name: 'act', run: () => 'ran', ...spec } as ActionSpec] },
  };
  return deriveWithRefusals(node, { sessionId: 's' });
}
const faultOf = (description: unknown, inputSchema: unknown): SpecFault | 'ok' => {
  const result = cleanSpec(description, inputSchema);
  return result.ok ? 'ok' : result.fault;
};

describe('one isZod check', () => {
  it('lists and validates { _zod: 1, type: "object" } as JSON Schema, never as a broken zod schema', async () => {
    const { tools, refusals } = derive({ inputSchema: { _zod: 1, type: 'object' } });
    expect(refusals).toEqual([]);
    const [tool] = tools;
    expect(tool?.zod).toBeUndefined();
    expect(tool?.inputSchema).toEqual({ _zod: 1, type: 'object' });
    if (!tool) throw new Error('expected a tool');
    expect(await validateArgs(tool, {})).toEqual({ ok: true, args: {} });
    // Checked by the JSON Schema's rules (it takes no arguments), not reported as a broken schema.
    expect(await validateArgs(tool, { any: 'thing' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments', issues: [{ path: ['any'] }] },
    });
  });

  it('takes zod 4 classic, v4 and mini schemas for zod, and a _zod without def for JSON', () => {
    for (const schema of [z.object({}), z4.object({}), zm.object({})]) expect(isZodSchema(schema)).toBe(true);
    for (const value of [{ _zod: 1 }, { _zod: {} }, { _zod: null }, z3.object({}), null, 'x']) {
      expect(isZodSchema(value)).toBe(false);
    }
  });

  it('agrees between widgets and server tools: both parse with zod only what they list from zod', () => {
    const zodSchema = z.object({ n: z.number() });
    const server = checkStaticTool({ name: 'srv', inputSchema: zodSchema, run: () => 1 }, new Set());
    const plain = checkStaticTool(
      { name: 'srv2', inputSchema: { _zod: 1, type: 'object' }, run: () => 1 },
      new Set(),
    );
    expect(server.ok && server.tool.zod).toBe(zodSchema);
    expect(plain.ok && plain.tool.zod).toBeUndefined();
    expect(derive({ inputSchema: zodSchema }).tools[0]?.zod).toBe(zodSchema);
  });

  it('never throws on a value whose _zod cannot be read', () => {
    const hostile = new Proxy(
      { type: 'object' },
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(isZodSchema(hostile)).toBe(false);
    expect(isZod3Schema(hostile)).toBe(false);
    expect(faultOf('d', hostile)).toBe('not_json');
  });
});

describe('zod/v3 schemas', () => {
  it('are refused as zod 3, saying zod 4 is needed', () => {
    const schema = z3.object({ text: z3.string() });
    expect(isZod3Schema(schema)).toBe(true);
    expect(faultOf('d', schema)).toBe('zod3');
    const { tools, refusals } = derive({ inputSchema: schema as never });
    expect(tools).toEqual([]);
    const line = describeRefusal(refusals[0] as never);
    expect(line).toMatch(
      /^ink-mcp: widget "w": action "act" derives no tool: its inputSchema is a zod 3 schema/,
    );
    expect(line).toContain('zod 4');
    for (const entry of ['"zod"', '"zod/v4"', '"zod/mini"']) expect(line).toContain(entry);
    expect(line).not.toContain('JSON cannot encode');
  });
});

describe('size limits', () => {
  it('refuses a description over MAX_DESCRIPTION_LENGTH, naming its length, start and the limit', () => {
    expect(faultOf('x'.repeat(MAX_DESCRIPTION_LENGTH), undefined)).toBe('ok');
    const long = `Adds\u200B an item ${'y'.repeat(5_000_000)}`;
    const fault = faultOf(long, undefined);
    expect(fault).toEqual({
      tooLong: 'description',
      length: long.length,
      start: `Adds an item ${'y'.repeat(26)}`,
    });
    const text = describeSpecFault(fault as SpecFault);
    expect(text).toContain('its description');
    expect(text).toContain('5,000,014 characters');
    expect(text).toContain(`more than the ${MAX_DESCRIPTION_LENGTH.toLocaleString('en-US')} allowed`);
  });

  it('refuses any string or key in an inputSchema over MAX_SCHEMA_STRING_LENGTH, however deep', () => {
    const limit = MAX_SCHEMA_STRING_LENGTH;
    const atLimit = { type: 'object', properties: { a: { type: 'string', description: 'd'.repeat(limit) } } };
    expect(faultOf('d', atLimit)).toBe('ok');
    const cases: unknown[] = [
      { type: 'object', properties: { a: { type: 'string', description: 'd'.repeat(limit + 1) } } },
      { type: 'object', properties: { a: { enum: ['ok', 'e'.repeat(limit + 1)] } } },
      { type: 'object', properties: { ['k'.repeat(limit + 1)]: { type: 'string' } } },
      z.object({ a: z.string().describe('z'.repeat(limit + 1)) }),
    ];
    for (const schema of cases) {
      const fault = faultOf('d', schema);
      expect(fault).toMatchObject({ tooLong: 'schema', length: limit + 1 });
      expect(describeSpecFault(fault as SpecFault)).toContain(
        `more than the ${limit.toLocaleString('en-US')} allowed`,
      );
    }
  });

  it('refuses a server tool with an oversized description too', () => {
    const tool = checkStaticTool(
      { name: 'srv', description: 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1), run: () => 1 },
      new Set(),
    );
    expect(tool.ok).toBe(false);
    expect(!tool.ok && tool.message).toContain('its description');
  });
});

describe('spec-fault wording from the limits', () => {
  it('words too_large with MAX_DEPTH and MAX_VALUES, the same for widgets and server tools', () => {
    const text = describeSpecFault('too_large');
    expect(text).toContain(`deeper than ${MAX_DEPTH} levels`);
    expect(text).toContain(`more than ${MAX_VALUES.toLocaleString('en-US')} values`);
    const wide = {
      type: 'object',
      ...Object.fromEntries(Array.from({ length: MAX_VALUES + 1 }, (_, i) => [`k${i}`, i])),
    };
    const server = checkStaticTool({ name: 'srv', inputSchema: wide, run: () => 1 }, new Set());
    expect(!server.ok && server.message).toContain(text);
    const widget = derive({ inputSchema: wide });
    expect(describeRefusal(widget.refusals[0] as never)).toContain(text);
  });
});

describe('provider errors in the log', () => {
  it('reach the log without escape sequences or invisible characters, and cut short', () => {
    const message = `bad \u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007row\u200b \u001b[31mred\u001b[0m ${'x'.repeat(2_000)}`;
    const line = describeRefusal({ kind: 'provider_error', widgetId: 'w', message });
    expect(line).toMatch(
      /^ink-mcp: widget "w": its mcpTools failed \(bad row red x+…\); it derives no tools/,
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that no control character is left is the point.
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b]/);
    expect(line.length).toBeLessThan(700);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeCallError } from '../../src/registry/describe-call-error.js';
import { ArgsValidator, type ValidatableTool } from '../../src/registry/validate-args.js';
import { SCREEN_WAIT_FOR } from '../../src/walker/builtin-catalog.js';
import { cleanSpec } from '../../src/walker/clean-spec.js';
import type { JsonObject } from '../../src/walker/types.js';

/** A tool as the registry holds it: the cleaned (listed) schema, and the zod schema when declared. */
function tool(inputSchema: JsonObject | z.ZodType): ValidatableTool {
  const cleaned = cleanSpec(null, inputSchema);
  if (!cleaned.ok) throw new Error('not cleanable');
  return {
    name: 's.w.a',
    inputSchema: cleaned.inputSchema,
    ...(inputSchema instanceof z.ZodType ? { zod: inputSchema } : {}),
  };
}

async function message(validator: ArgsValidator, t: ValidatableTool, args: unknown): Promise<string> {
  const result = await validator.validate(t, args);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.args)}`);
  return describeCallError(result.error);
}

describe('a required argument whose schema takes null may be left out', () => {
  it('screen.wait_for {text} alone passes, the others read as null; the caller’s object is left as it was', async () => {
    const validator = new ArgsValidator();
    const wait = { name: 'app.screen.wait_for', inputSchema: SCREEN_WAIT_FOR.inputSchema };
    const args = { text: 'ready' };
    expect(await validator.validate(wait, args)).toEqual({
      ok: true,
      args: { text: 'ready', pattern: null, timeout_ms: null },
    });
    expect(args).toEqual({ text: 'ready' });
    // Given, they are checked as before.
    expect(await message(validator, wait, { text: 'x', timeout_ms: 'soon' })).toMatch(
      /timeout_ms: must be integer or null/,
    );
    expect(await validator.validate(wait, { text: 'x', pattern: null, timeout_ms: 5 })).toEqual({
      ok: true,
      args: { text: 'x', pattern: null, timeout_ms: 5 },
    });
  });

  it('holds for zod’s .nullable() too: zod parses the null, so the handler’s type holds', async () => {
    const validator = new ArgsValidator();
    const t = tool(
      z.object({ text: z.string(), note: z.string().nullable(), n: z.number().int().nullable() }),
    );
    expect(await validator.validate(t, { text: 'a' })).toEqual({
      ok: true,
      args: { text: 'a', note: null, n: null },
    });
  });

  it('other missing arguments are refused with the same message as before', async () => {
    const validator = new ArgsValidator();
    // JSON Schema: the message for `name` is the one a schema without the nullable property gives.
    const withNullable = tool({
      type: 'object',
      properties: { name: { type: 'string' }, tag: { type: ['string', 'null'] } },
      required: ['name', 'tag'],
    });
    const without = tool({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
    const expected = await message(validator, without, {});
    expect(expected).toMatch(/invalid arguments for "s\.w\.a": name: is required\. /);
    expect(await message(validator, withNullable, {})).toBe(expected);
    expect(await message(validator, withNullable, { tag: 'x' })).toBe(expected);
    // zod: likewise.
    const zodWithNullable = tool(z.object({ name: z.string(), tag: z.string().nullable() }));
    const zodWithout = tool(z.object({ name: z.string() }));
    expect(await message(validator, zodWithNullable, {})).toBe(await message(validator, zodWithout, {}));
  });

  it('only where null is really accepted: an enum without null, or a schema the quick check cannot read, stays required', async () => {
    const validator = new ArgsValidator();
    const enumOnly = tool({
      type: 'object',
      properties: { unit: { type: ['string', 'null'], enum: ['F', 'C'] } },
      required: ['unit'],
    });
    expect(await message(validator, enumOnly, {})).toMatch(/unit: is required/);
    const withNull = tool({
      type: 'object',
      properties: { unit: { type: ['string', 'null'], enum: ['F', 'C', null] } },
      required: ['unit'],
    });
    expect(await validator.validate(withNull, {})).toEqual({ ok: true, args: { unit: null } });
    const viaRef = tool({
      type: 'object',
      properties: { x: { $ref: '#/$defs/n' } },
      required: ['x'],
      $defs: { n: { type: ['string', 'null'] } },
    });
    expect(await message(validator, viaRef, {})).toMatch(/x: is required/);
  });

  it('fills no prototype: a nullable required property named __proto__ is left to the schema', async () => {
    const validator = new ArgsValidator();
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"null"},"a":{"type":"null"}},"required":["__proto__","a"]}',
    );
    // `a` is read as null; `__proto__` is not filled in (Ajv applies no property schema to it).
    const result = validator.validateJson('s.w.a', schema, {});
    expect(result).toEqual({ ok: true, args: { a: null } });
    expect(result.ok && Object.getPrototypeOf(result.args)).toBe(Object.prototype);
  });

  it('copies an own __proto__ key of the arguments as a key, when it fills one in', () => {
    const validator = new ArgsValidator();
    const schema = { type: 'object', properties: { a: { type: ['string', 'null'] } }, required: ['a'] };
    const result = validator.validateJson('s.w.a', schema, JSON.parse('{"__proto__":{"polluted":1}}'));
    if (!result.ok) throw new Error('refused');
    expect(Object.getPrototypeOf(result.args)).toBe(Object.prototype);
    expect(Object.hasOwn(result.args, '__proto__')).toBe(true);
    expect(result.args.a).toBeNull();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('a tool that takes no arguments refuses any', () => {
  it('whether it declared no schema, an empty zod object, or the closed form, with one message', async () => {
    const validator = new ArgsValidator();
    for (const t of [
      tool({ type: 'object', properties: {} }),
      tool(z.object({})),
      tool({ type: 'object', properties: {}, required: [], additionalProperties: false }),
    ]) {
      expect(await validator.validate(t, {})).toEqual({ ok: true, args: {} });
      expect(await validator.validate(t, undefined)).toEqual({ ok: true, args: {} });
      expect(await message(validator, t, { verbose: true, x: 1 })).toBe(
        'ink-mcp: invalid arguments for "s.w.a": verbose: is not allowed: this tool takes no arguments (call it with {}); ' +
          'x: is not allowed: this tool takes no arguments (call it with {}). ' +
          "Fix the argument at each path named (the tool's inputSchema in tools/list says what it accepts) and call again.",
      );
    }
    expect(validator.schemas.compileCount).toBe(0);
  });

  it('but a schema that admits properties another way is validated as written', async () => {
    const validator = new ArgsValidator();
    const open = tool({ type: 'object', additionalProperties: { type: 'integer' } });
    expect(await validator.validate(open, { a: 1 })).toEqual({ ok: true, args: { a: 1 } });
    const loose = tool(z.looseObject({}));
    expect(await validator.validate(loose, { a: 1 })).toEqual({ ok: true, args: { a: 1 } });
  });
});

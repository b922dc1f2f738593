import { expect, it } from 'vitest';
import { ArgsValidator } from '../../src/registry/validate-args.js';

it('a tool without an input schema takes {} without compiling a schema, and refuses any key or a non-object', () => {
  const validator = new ArgsValidator();
  const schema = { type: 'object', properties: {} };
  expect(validator.validateJson('s.w.go', schema, {})).toEqual({ ok: true, args: {} });
  expect(validator.validateJson('s.w.go', schema, undefined)).toEqual({ ok: true, args: {} });
  // Listed closed (src/server/strict-schema.ts), so validated closed: the key reaches no handler.
  expect(validator.validateJson('s.w.go', schema, { anything: [1] })).toEqual({
    ok: false,
    error: expect.objectContaining({
      code: 'invalid_arguments',
      issues: [
        { path: ['anything'], message: 'is not allowed: this tool takes no arguments (call it with {})' },
      ],
    }),
  });
  expect(validator.validateJson('s.w.go', schema, [1])).toMatchObject({
    ok: false,
    error: { code: 'invalid_arguments' },
  });
  // The closed form the built-ins declare takes the same path.
  const closed = { type: 'object', properties: {}, required: [], additionalProperties: false };
  expect(validator.validateJson('s.w.go', closed, {})).toEqual({ ok: true, args: {} });
  expect(validator.validateJson('s.w.go', closed, { extra: 1 })).toMatchObject({ ok: false });
  expect(validator.schemas.compileCount).toBe(0);
  // A schema that declares arguments is compiled and enforced as before.
  const declared = { type: 'object', properties: { a: { type: 'string' } } };
  expect(validator.validateJson('s.w.go', declared, { a: 1 })).toMatchObject({ ok: false });
  expect(validator.schemas.compileCount).toBe(1);
});

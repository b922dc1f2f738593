import { expect, it } from 'vitest';
import { ArgsValidator } from '../../src/registry/validate-args.js';

it('a tool without an input schema takes any object without compiling a schema, and still refuses a non-object', () => {
  const validator = new ArgsValidator();
  const schema = { type: 'object', properties: {} };
  expect(validator.validateJson('s.w.go', schema, { anything: [1] })).toEqual({
    ok: true,
    args: { anything: [1] },
  });
  expect(validator.validateJson('s.w.go', schema, undefined)).toEqual({ ok: true, args: {} });
  expect(validator.validateJson('s.w.go', schema, [1])).toMatchObject({
    ok: false,
    error: { code: 'invalid_arguments' },
  });
  expect(validator.schemas.compileCount).toBe(0);
  // Anything more than that shape is compiled and enforced as before.
  const strict = { type: 'object', properties: {}, additionalProperties: false };
  expect(validator.validateJson('s.w.go', strict, { extra: 1 })).toMatchObject({ ok: false });
  expect(validator.schemas.compileCount).toBe(1);
});

import { describe, expect, it } from 'vitest';
import { defined } from '../../src/util/defined.js';

describe('defined', () => {
  it('keeps every set value (null, false, 0 and "" too) in order, and leaves out the undefined ones', () => {
    const out = defined({ a: 1, b: undefined, c: null, d: false, e: 0, f: '', g: undefined });
    expect(out).toEqual({ a: 1, c: null, d: false, e: 0, f: '' });
    expect(Object.keys(out)).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect('b' in out).toBe(false);
  });

  it('copies only the object’s own keys, never what was added to Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'yes';
    try {
      const out = defined({ a: 1 });
      expect(Object.keys(out)).toEqual(['a']);
      expect(Object.hasOwn(out, 'polluted')).toBe(false);
    } finally {
      delete proto.polluted;
    }
  });
});

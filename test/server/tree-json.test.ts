import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { guard } from '../../src/server/http-guard.js';
import { REDACTED, safeAttrs } from '../../src/server/tree-json.js';

describe('safeAttrs', () => {
  it('keeps JSON, drops functions and symbols, summarises what JSON cannot say', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    class Point {}
    const attrs = {
      text: 'hi',
      n: Number.NaN,
      fn: () => 1,
      sym: Symbol('s'),
      nested: { deep: { list: [1, undefined, () => 2] } },
      cyclic,
      element: { $$typeof: Symbol.for('react.transitional.element'), props: { huge: true } },
      point: new Point(),
      ['__proto__']: 'own key',
    };
    Object.defineProperty(attrs, '__proto__', { value: 'own key', enumerable: true });
    expect(safeAttrs(attrs)).toEqual({
      text: 'hi',
      n: null,
      nested: { deep: { list: [1, null, null] } },
      cyclic: { name: 'loop', self: '[circular]' },
      element: '[element]',
      point: '[Point]',
      ['__proto__']: 'own key',
    });
    expect(Object.getPrototypeOf(safeAttrs(attrs))).toBe(Object.prototype);
  });

  it('redacts secret-looking keys at any depth, and the value of password nodes', () => {
    expect(safeAttrs({ auth: { clientSecret: 's', Token: 't', ok: 1 }, password: undefined })).toEqual({
      auth: { clientSecret: REDACTED, Token: REDACTED, ok: 1 },
    });
    expect(safeAttrs({ value: 'hunter2', label: 'pw' }, true)).toEqual({ value: REDACTED, label: 'pw' });
  });

  it('cuts values nested too deep', () => {
    expect(safeAttrs({ a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } })).toEqual({
      a: { b: { c: { d: { e: { f: { g: '[object]' } } } } } },
    });
  });
});

describe('guard', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
  const options = { token: 'tok', port: 4000, extraHosts: [] };
  const auth = { authorization: 'Bearer tok' };

  it('accepts the loopback names with the right port', () => {
    for (const host of ['127.0.0.1:4000', 'localhost:4000', '[::1]:4000', 'LOCALHOST:4000']) {
      expect(guard(req({ host, ...auth }), options), host).toBeUndefined();
    }
  });

  it('refuses other hosts, ports, origins and tokens', () => {
    expect(guard(req({ host: 'localhost', ...auth }), options)?.status).toBe(403);
    expect(guard(req({ host: 'localhost.evil.example:4000', ...auth }), options)?.status).toBe(403);
    expect(guard(req({ host: 'localhost:4000', origin: 'null', ...auth }), options)?.status).toBe(403);
    expect(
      guard(req({ host: 'localhost:4000', origin: 'http://127.0.0.1:9', ...auth }), options),
    ).toBeUndefined();
    expect(guard(req({ host: 'localhost:4000', authorization: 'Basic tok' }), options)?.status).toBe(401);
    expect(guard(req({ host: 'localhost:4000', authorization: 'bearer tok' }), options)).toBeUndefined();
  });
});

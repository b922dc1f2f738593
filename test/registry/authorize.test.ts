import { describe, expect, it, vi } from 'vitest';
import {
  type AuthorizeContext,
  type AuthorizeResult,
  type Authorizer,
  authorizeCall,
  needsAuthorization,
} from '../../src/registry/authorize.js';

const destructive = { name: 'todo.list.clear', annotations: { destructiveHint: true as const } };
const sensitive = { name: 'login.form.submit', annotations: { sensitive: true as const } };
const plain = { name: 'todo.list.add', annotations: {} };
const args = { text: 'x' };
const ctx = (more: Partial<AuthorizeContext> = {}): AuthorizeContext => ({ sessionId: 'todo', ...more });

function denial(result: AuthorizeResult) {
  if (result.ok) throw new Error('expected a denial');
  expect(result.error.code).toBe('denied');
  expect(result.error.message).toMatch(/^ink-mcp: /);
  return result.error;
}

describe('needsAuthorization', () => {
  it('is true iff sensitive or destructiveHint', () => {
    expect(needsAuthorization({})).toBe(false);
    expect(needsAuthorization({ sensitive: true })).toBe(true);
    expect(needsAuthorization({ destructiveHint: true })).toBe(true);
    expect(needsAuthorization({ sensitive: true, destructiveHint: true })).toBe(true);
  });
});

describe('authorizeCall', () => {
  it('lets a call through that needs no authorization, without asking anyone', async () => {
    const authorize = vi.fn<Authorizer>(() => 'deny');
    expect(await authorizeCall(plain, args, ctx({ authorize }))).toEqual({ ok: true });
    expect(authorize).not.toHaveBeenCalled();
  });

  it('denies when no authorizer is configured, saying how to configure one', async () => {
    const error = denial(await authorizeCall(destructive, args, ctx()));
    expect(error.reason).toBe('no_authorizer');
    expect(error.message).toContain('createMcpServer({ authorize:');
    expect(error.message).toContain('`authorize`');
  });

  it('allows on allow, passing tool, args, session and client', async () => {
    const authorize = vi.fn<Authorizer>(async () => 'allow' as const);
    const client = { name: 'claude', version: '1' };
    expect(await authorizeCall(sensitive, args, ctx({ authorize, client }))).toEqual({ ok: true });
    expect(authorize).toHaveBeenCalledWith({ tool: 'login.form.submit', args, sessionId: 'todo', client });
  });

  it('denies on deny', async () => {
    const error = denial(await authorizeCall(destructive, args, ctx({ authorize: () => 'deny' })));
    expect(error.reason).toBe('denied');
    expect(error.message).toContain('authorizer refused');
  });

  it('on ask, confirms with the person at the terminal', async () => {
    const confirm = vi.fn(async () => true);
    expect(await authorizeCall(destructive, args, ctx({ authorize: () => 'ask', confirm }))).toEqual({
      ok: true,
    });
    expect(confirm).toHaveBeenCalledWith({ tool: 'todo.list.clear', args, sessionId: 'todo' });

    const declined = denial(
      await authorizeCall(destructive, args, ctx({ authorize: () => 'ask', confirm: async () => false })),
    );
    expect(declined.reason).toBe('declined');
    expect(declined.message).toContain('the person at the terminal declined');
  });

  it('on ask without a confirm, denies saying no one could be asked', async () => {
    const error = denial(await authorizeCall(destructive, args, ctx({ authorize: () => 'ask' })));
    expect(error.reason).toBe('no_confirm');
    expect(error.message).toContain('no one could be asked');
  });

  it('fails closed on a confirm that throws or answers something other than true', async () => {
    const truthy = (async () => 'yes') as unknown as () => Promise<boolean>;
    expect(
      denial(await authorizeCall(destructive, args, ctx({ authorize: () => 'ask', confirm: truthy }))).reason,
    ).toBe('declined');
    const broken = async () => {
      throw new Error('tty gone');
    };
    const error = denial(
      await authorizeCall(destructive, args, ctx({ authorize: () => 'ask', confirm: broken })),
    );
    expect(error.reason).toBe('authorizer_failed');
    expect(error.message).toContain('tty gone');
  });

  it('fails closed on an authorizer that throws, rejects or answers nonsense', async () => {
    const throwing: Authorizer = () => {
      throw new Error('policy db down');
    };
    const rejecting: Authorizer = () => Promise.reject(new Error('timeout'));
    const nonsense = (() => 'yes') as unknown as Authorizer;
    const nothing = (() => undefined) as unknown as Authorizer;

    const thrown = denial(await authorizeCall(destructive, args, ctx({ authorize: throwing })));
    expect(thrown.reason).toBe('authorizer_failed');
    expect(thrown.message).toContain('policy db down');
    expect(denial(await authorizeCall(destructive, args, ctx({ authorize: rejecting }))).message).toContain(
      'timeout',
    );
    expect(denial(await authorizeCall(destructive, args, ctx({ authorize: nonsense }))).message).toContain(
      `answered "yes" instead of 'allow', 'deny' or 'ask'`,
    );
    expect(denial(await authorizeCall(destructive, args, ctx({ authorize: nothing }))).reason).toBe(
      'authorizer_failed',
    );
  });

  it('never throws, even for a thrown value with a hostile toString', async () => {
    const hostile: Authorizer = () => {
      throw {
        toString() {
          throw new Error('nope');
        },
      };
    };
    const error = denial(await authorizeCall(destructive, args, ctx({ authorize: hostile })));
    expect(error.reason).toBe('authorizer_failed');
  });
});

describe('confirmation of a sensitive call', () => {
  it('shows the argument names but never their values', async () => {
    const seen: unknown[] = [];
    const result = await authorizeCall(
      { name: 's.pw.type_into', annotations: { sensitive: true } },
      { text: 'hunter2' },
      {
        sessionId: 's',
        authorize: () => 'ask',
        confirm: async (request) => {
          seen.push(request.args);
          return true;
        },
      },
    );
    expect(result).toEqual({ ok: true });
    expect(seen).toEqual([{ text: '[redacted]' }]);
  });
});

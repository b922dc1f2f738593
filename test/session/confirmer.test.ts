import { describe, expect, it, vi } from 'vitest';
import { authorizeCall } from '../../src/registry/authorize.js';
import { Confirmer } from '../../src/session/confirmer.js';

const request = (tool: string) => ({ tool, args: {}, sessionId: 's' });

describe('Confirmer', () => {
  it('shows one question at a time, in order, and resolves each with the answer given', async () => {
    const confirmer = new Confirmer();
    const shown: (string | undefined)[] = [];
    confirmer.changes.subscribe((p) => shown.push(p?.request.tool));
    const first = confirmer.ask(request('a'));
    const second = confirmer.ask(request('b'));
    expect(confirmer.current()?.request.tool).toBe('a');
    confirmer.answer(confirmer.current()!.id, true);
    expect(confirmer.current()?.request.tool).toBe('b');
    confirmer.answer(confirmer.current()!.id, false);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(shown).toEqual(['a', 'b', undefined]);
    confirmer.close();
  });

  it('ignores an answer to a question that is not shown', async () => {
    const confirmer = new Confirmer();
    const first = confirmer.ask(request('a'));
    confirmer.answer(999, true);
    expect(confirmer.current()?.request.tool).toBe('a');
    confirmer.answer(confirmer.current()!.id, false);
    await expect(first).resolves.toBe(false);
  });

  it('denies a question nobody answers in time as timed out (after how long), timing from when it is shown', async () => {
    vi.useFakeTimers();
    try {
      const confirmer = new Confirmer({ timeoutMs: 1000 });
      const first = confirmer.ask(request('a'));
      const second = confirmer.ask(request('b'));
      vi.advanceTimersByTime(1000);
      await expect(first).resolves.toEqual({ timedOut: true, afterMs: 1000 });
      expect(confirmer.current()?.request.tool).toBe('b');
      vi.advanceTimersByTime(999);
      expect(confirmer.current()?.request.tool).toBe('b');
      vi.advanceTimersByTime(1);
      await expect(second).resolves.toEqual({ timedOut: true, afterMs: 1000 });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('confirmation timeout text: a timed-out confirmation says it timed out and after how long; a declined one says declined', async () => {
    vi.useFakeTimers();
    try {
      const confirmer = new Confirmer({ timeoutMs: 30_000 });
      const tool = { name: 'todo.todos.delete_item', annotations: { destructiveHint: true as const } };
      const ctx = { authorize: () => 'ask' as const, confirm: confirmer.ask, sessionId: 'todo' };
      const unanswered = authorizeCall(tool, { index: 0 }, ctx);
      await vi.advanceTimersByTimeAsync(30_000);
      const timedOut = await unanswered;
      expect(timedOut).toMatchObject({
        ok: false,
        error: { code: 'denied', reason: 'timed_out', afterMs: 30_000 },
      });
      const message = timedOut.ok ? '' : timedOut.error.message;
      expect(message).toContain('nobody answered the confirmation at the terminal within 30 s');
      expect(message).not.toMatch(/declined it\./);

      const refused = authorizeCall(tool, { index: 0 }, ctx);
      await vi.advanceTimersByTimeAsync(0);
      confirmer.answer(confirmer.current()!.id, false);
      const declined = await refused;
      expect(declined).toMatchObject({ ok: false, error: { reason: 'declined' } });
      expect(declined.ok ? '' : declined.error.message).toContain('the person at the terminal declined it');
      confirmer.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('denies everything open on close, and everything asked after', async () => {
    const confirmer = new Confirmer();
    const open = confirmer.ask(request('a'));
    confirmer.close();
    await expect(open).resolves.toBe(false);
    await expect(confirmer.ask(request('b'))).resolves.toBe(false);
    expect(confirmer.current()).toBeUndefined();
  });
});

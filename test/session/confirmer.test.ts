import { describe, expect, it, vi } from 'vitest';
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

  it('denies a question nobody answers in time, timing from when it is shown', async () => {
    vi.useFakeTimers();
    try {
      const confirmer = new Confirmer({ timeoutMs: 1000 });
      const first = confirmer.ask(request('a'));
      const second = confirmer.ask(request('b'));
      vi.advanceTimersByTime(1000);
      await expect(first).resolves.toBe(false);
      expect(confirmer.current()?.request.tool).toBe('b');
      vi.advanceTimersByTime(999);
      expect(confirmer.current()?.request.tool).toBe('b');
      vi.advanceTimersByTime(1);
      await expect(second).resolves.toBe(false);
      expect(vi.getTimerCount()).toBe(0);
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

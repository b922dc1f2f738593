import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizeCall } from '../../src/registry/authorize.js';
import { Confirmer, DEFAULT_ARM_MS } from '../../src/session/confirmer.js';

const request = (tool: string) => ({ tool, args: {}, sessionId: 's' });

/** How a promise stands now: its value once settled, else 'pending' (no timers: they may be fake). */
async function state<T>(promise: Promise<T>): Promise<T | 'pending'> {
  let value: T | 'pending' = 'pending';
  void promise.then((v) => {
    value = v;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return value;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Confirmer', () => {
  it('shows one question at a time, in order, and resolves each with the answer given', async () => {
    const confirmer = new Confirmer({ armMs: 0 });
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
    // 'a' twice: shown, then shown again with one more waiting behind it ("1 of 2").
    expect(shown).toEqual(['a', 'a', 'b', undefined]);
    confirmer.close();
  });

  it('ignores an answer to a question that is not shown', async () => {
    const confirmer = new Confirmer();
    const first = confirmer.ask(request('a'));
    confirmer.answer(999, true);
    expect(confirmer.keyPressed(999)).toBe(false);
    expect(confirmer.current()?.request.tool).toBe('a');
    confirmer.answer(confirmer.current()!.id, false);
    await expect(first).resolves.toBe(false);
  });

  it('denies a question nobody answers in time as timed out (after how long), timing from when it is shown', async () => {
    vi.useFakeTimers();
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
  });

  it('confirmation timeout text: a timed-out confirmation says it timed out and after how long; a declined one says declined', async () => {
    vi.useFakeTimers();
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

describe('Confirmer: arming', () => {
  it(`is unarmed for ${DEFAULT_ARM_MS} ms after it is shown: keys meanwhile are refused, and each starts the wait over`, () => {
    vi.useFakeTimers();
    const confirmer = new Confirmer();
    const armed: boolean[] = [];
    confirmer.changes.subscribe((p) => armed.push(p?.armed ?? false));
    void confirmer.ask(request('a'));
    const { id } = confirmer.current()!;
    expect(confirmer.current()!.armed).toBe(false);
    vi.advanceTimersByTime(DEFAULT_ARM_MS - 1);
    // A key 1 ms before arming (someone typing into the app): refused, and the wait starts over.
    expect(confirmer.keyPressed(id)).toBe(false);
    vi.advanceTimersByTime(DEFAULT_ARM_MS - 1);
    expect(confirmer.current()!.armed).toBe(false);
    expect(confirmer.keyPressed(id)).toBe(false);
    vi.advanceTimersByTime(DEFAULT_ARM_MS);
    // Armed, and said so (the prompt shows it).
    expect(confirmer.current()!.armed).toBe(true);
    expect(armed.at(-1)).toBe(true);
    expect(confirmer.keyPressed(id)).toBe(true);
    confirmer.close();
  });

  it('two quick keys answer one question: the next one shown is unarmed again', async () => {
    vi.useFakeTimers();
    const confirmer = new Confirmer({ armMs: 300 });
    const first = confirmer.ask(request('remove "Buy milk"'));
    const second = confirmer.ask(request('remove "tax documents"'));
    vi.advanceTimersByTime(300);
    // The person presses y twice, 20 ms apart.
    const shownFirst = confirmer.current()!;
    if (confirmer.keyPressed(shownFirst.id)) confirmer.answer(shownFirst.id, true);
    vi.advanceTimersByTime(20);
    const shownSecond = confirmer.current()!;
    expect(shownSecond.request.tool).toBe('remove "tax documents"');
    expect(confirmer.keyPressed(shownSecond.id)).toBe(false);
    await expect(first).resolves.toBe(true);
    expect(await state(second)).toBe('pending');
    vi.advanceTimersByTime(300);
    expect(confirmer.keyPressed(shownSecond.id)).toBe(true);
    confirmer.answer(shownSecond.id, false);
    await expect(second).resolves.toBe(false);
  });

  it('a key that means nothing to the question (someone typing on) unarms it, and the wait starts over', async () => {
    vi.useFakeTimers();
    const confirmer = new Confirmer({ armMs: 300 });
    const answer = confirmer.ask(request('a'));
    vi.advanceTimersByTime(300);
    const { id } = confirmer.current()!;
    expect(confirmer.current()!.armed).toBe(true);
    confirmer.strayKey(id);
    expect(confirmer.current()!.armed).toBe(false);
    // The next key of the word ("...ye") is ignored.
    expect(confirmer.keyPressed(id)).toBe(false);
    vi.advanceTimersByTime(300);
    expect(confirmer.keyPressed(id)).toBe(true);
    confirmer.answer(id, false);
    await expect(answer).resolves.toBe(false);
  });

  it('armMs 0 arms at once', () => {
    const confirmer = new Confirmer({ armMs: 0 });
    void confirmer.ask(request('a'));
    expect(confirmer.current()!.armed).toBe(true);
    expect(confirmer.keyPressed(confirmer.current()!.id)).toBe(true);
    confirmer.close();
  });
});

describe('Confirmer: the queue', () => {
  it('says which question is shown of how many ("2 of 3"), counting those asked meanwhile', () => {
    const confirmer = new Confirmer({ armMs: 0 });
    const place = () => `${confirmer.current()?.position} of ${confirmer.current()?.total}`;
    void confirmer.ask(request('a'));
    expect(place()).toBe('1 of 1');
    void confirmer.ask(request('b'));
    void confirmer.ask(request('c'));
    expect(place()).toBe('1 of 3');
    confirmer.answer(confirmer.current()!.id, false);
    expect(place()).toBe('2 of 3');
    void confirmer.ask(request('d'));
    expect(place()).toBe('2 of 4');
    confirmer.answer(confirmer.current()!.id, false);
    confirmer.answer(confirmer.current()!.id, false);
    confirmer.answer(confirmer.current()!.id, false);
    expect(confirmer.current()).toBeUndefined();
    // Once none is open, counting starts again.
    void confirmer.ask(request('e'));
    expect(place()).toBe('1 of 1');
    confirmer.close();
  });

  it('denies all: every open question at once, and every one asked until the agent has been quiet for a while', async () => {
    vi.useFakeTimers();
    const confirmer = new Confirmer({ armMs: 0, denyAllQuietMs: 1000 });
    // A flood: 1,000 questions.
    const flood = Array.from({ length: 1000 }, (_, i) => confirmer.ask(request(`t${i}`)));
    expect(confirmer.current()?.total).toBe(1000);
    confirmer.denyAll();
    expect(confirmer.current()).toBeUndefined();
    expect(new Set(await Promise.all(flood))).toEqual(new Set([false]));
    // Calls queued behind a question ask in turn, one after another: each is denied unseen, and
    // keeps the quiet time from running out.
    const shown: unknown[] = [];
    const unsubscribe = confirmer.changes.subscribe((p) => shown.push(p));
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(900);
      await expect(confirmer.ask(request(`queued${i}`))).resolves.toBe(false);
    }
    expect(shown).toEqual([]);
    unsubscribe();
    // Quiet for 1 s: the next question is asked as usual.
    vi.advanceTimersByTime(1000);
    const later = confirmer.ask(request('later'));
    expect(confirmer.current()).toMatchObject({ request: { tool: 'later' }, position: 1, total: 1 });
    confirmer.answer(confirmer.current()!.id, true);
    await expect(later).resolves.toBe(true);
  });

  it('takes down and denies a question whose asker gives up (call cancelled, client gone), shown or waiting', async () => {
    vi.useFakeTimers();
    const confirmer = new Confirmer({ armMs: 100 });
    const calls = ['a', 'b', 'c'].map((tool) => {
      const controller = new AbortController();
      return { controller, answer: confirmer.ask(request(tool), { signal: controller.signal }) };
    });
    const [a, b, c] = calls as [(typeof calls)[0], (typeof calls)[0], (typeof calls)[0]];
    vi.advanceTimersByTime(100);
    // A waiting one: gone from the count, denied.
    b.controller.abort();
    await expect(b.answer).resolves.toBe(false);
    expect(confirmer.current()).toMatchObject({ request: { tool: 'a' }, position: 1, total: 2 });
    // The shown one: taken down, the next shown (unarmed: nobody has seen it yet).
    a.controller.abort();
    await expect(a.answer).resolves.toBe(false);
    expect(confirmer.current()).toMatchObject({ request: { tool: 'c' }, armed: false });
    // Settled otherwise: a later abort changes nothing.
    vi.advanceTimersByTime(100);
    confirmer.answer(confirmer.current()!.id, true);
    await expect(c.answer).resolves.toBe(true);
    c.controller.abort();
    await expect(c.answer).resolves.toBe(true);
    // Already aborted when asked: denied without being shown.
    const shown: unknown[] = [];
    confirmer.changes.subscribe((p) => shown.push(p));
    await expect(confirmer.ask(request('d'), { signal: AbortSignal.abort() })).resolves.toBe(false);
    expect(shown).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

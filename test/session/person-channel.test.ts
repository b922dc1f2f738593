import { afterEach, describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { Hub } from '../../src/session/hub.js';
import { Session } from '../../src/session/session.js';
import type { Logger } from '../../src/util/logger.js';
import type { ToolProvider } from '../../src/walker/types.js';

/**
 * The person watching a headless session, through the hub as a call meets it: questions asked of
 * the watchers when the client cannot ask (hub.askPerson), pause, and the keyboard held.
 */
const quiet: Logger = { warn: () => {} };
const hubs: Hub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

function app(armMs = 0) {
  const ran: string[] = [];
  const source = new DataSource();
  const provider: ToolProvider = {
    mcpTools: () => [
      { name: 'wipe', annotations: { destructiveHint: true }, run: () => void ran.push('wipe') },
      { name: 'add', run: () => void ran.push('add') },
      { name: 'look', annotations: { readOnlyHint: true }, run: () => 'looked' },
    ],
  };
  source.set([{ type: 'list', id: 'l', attrs: {}, children: [], provider }]);
  const hub = new Hub({ logger: quiet, authorize: ({ tool }) => (tool.endsWith('.wipe') ? 'ask' : 'allow') });
  hubs.push(hub);
  const session = new Session({ id: 'app', source, person: { armMs, timeoutMs: 20_000 } });
  hub.attach(session);
  const call = (action: string) => hub.call(`app.l.${action}`, {}, { confirm: hub.askPerson });
  return { hub, session, ran, call, person: session.person };
}

/** Resolves once `predicate` holds of the channel's state. */
function until(person: Session['person'], predicate: () => boolean): Promise<void> {
  if (predicate()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = person.changes.subscribe(() => {
      if (predicate()) {
        off();
        resolve();
      }
    });
  });
}

describe('PersonChannel', () => {
  it('without a watcher a risky call is refused as before (no one could be asked), and nothing runs', async () => {
    const { call, ran } = app();
    const answer = await call('wipe');
    expect(answer).toMatchObject({ ok: false, error: { code: 'denied', reason: 'no_confirm' } });
    expect(ran).toEqual([]);
  });

  it('asks the watchers; every watcher sees the one question and the first armed answer settles it', async () => {
    const { call, ran, person } = app(200);
    const a = person.join('terminal');
    const b = person.join('page');
    const answered = call('wipe');
    await until(person, () => person.state().question !== undefined);
    const question = person.state().question!;
    expect(question.request).toMatchObject({ tool: 'app.l.wipe', sessionId: 'app' });
    // Unarmed: ignored (and the arming wait starts over), as a key at the attached y/N is.
    expect(a.answer(question.id, true)).toBe('not_armed');
    await until(person, () => person.state().question?.armed === true);
    expect(b.answer(question.id, true)).toBe('answered');
    // The other watcher's later answer finds no open question.
    expect(a.answer(question.id, false)).toBe('not_open');
    // The answer says whose yes it was.
    await expect(answered).resolves.toMatchObject({ ok: true, approvedBy: 'person' });
    expect(ran).toEqual(['wipe']);
  });

  it('a watcher leaving mid-question leaves it unanswered (not declined) when no other watcher is left', async () => {
    const { call, ran, person } = app();
    const a = person.join('terminal');
    const b = person.join('page');
    const answered = call('wipe');
    await until(person, () => person.state().question !== undefined);
    a.leave();
    expect(person.state().question).toBeDefined(); // b still watches
    b.leave();
    const answer = await answered;
    expect(answer).toMatchObject({ ok: false, error: { code: 'denied', reason: 'unanswered' } });
    expect(!answer.ok && answer.error.message).toMatch(/went away before answering/);
    expect(ran).toEqual([]);
  });

  it('pause holds calls until resume; a call paused past its timeout answers "paused by the person"', async () => {
    const { hub, call, ran, person } = app();
    const w = person.join('terminal');
    w.pause();
    const held = call('add');
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual([]);
    w.resume();
    await expect(held).resolves.toMatchObject({ ok: true });
    expect(ran).toEqual(['add']);

    const short = new Hub({ logger: quiet, callTimeoutMs: 50 });
    hubs.push(short);
    hub.close();
    const s2 = new Session({ id: 'p', source: new DataSource() });
    (s2.source as DataSource).set([
      {
        type: 'x',
        id: 'x',
        attrs: {},
        children: [],
        provider: { mcpTools: () => [{ name: 'go', run: () => 'went' }] },
      },
    ]);
    short.attach(s2);
    s2.person.join('page').pause();
    const late = await short.call('p.x.go', {});
    expect(late).toMatchObject({ ok: false, error: { code: 'held_by_person', why: 'paused' } });
    expect(!late.ok && late.error.message).toMatch(/paused by the person/);
  });

  it('while the person holds the keyboard, acting calls are refused ("the person is typing") and reading ones run', async () => {
    const { call, ran, person } = app();
    const w = person.join('terminal');
    w.takeOver();
    expect(person.state().typing).toBe('terminal');
    const refused = await call('add');
    expect(refused).toMatchObject({ ok: false, error: { code: 'held_by_person', why: 'typing' } });
    expect(!refused.ok && refused.error.message).toMatch(/the person is typing/);
    await expect(call('look')).resolves.toMatchObject({ ok: true, value: 'looked' });
    expect(ran).toEqual([]);
    w.handBack();
    await expect(call('add')).resolves.toMatchObject({ ok: true });
    expect(ran).toEqual(['add']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DataSource } from '../../fixtures/data-source.js';
import { Hub, type HubOptions } from '../../src/session/hub.js';
import { Session } from '../../src/session/session.js';
import type { Logger } from '../../src/util/logger.js';
import { ActionError } from '../../src/walker/action-error.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';

/** A tiny app over plain data: a list of counters, re-"rendered" into a tree after every change. */
function counterApp(options: HubOptions = {}, initial: { id: string; disabled?: boolean }[] = [{ id: 'c' }]) {
  const counts = new Map<string, number>();
  const log: string[] = [];
  const widgets = initial.map((w) => ({ ...w }));
  const source = new DataSource();
  const render = () =>
    source.set(
      widgets.map((w) => ({
        type: 'counter',
        id: w.id,
        attrs: { count: counts.get(w.id) ?? 0, disabled: w.disabled ?? false },
        children: [],
        provider: counter,
      })),
    );
  const counter: ToolProvider = {
    mcpTools: (attrs, node) =>
      attrs.disabled
        ? []
        : [
            {
              name: 'inc',
              description: `Add to counter ${node.id} (now ${attrs.count})`,
              inputSchema: z.object({ by: z.number().int().default(1) }),
              run: ({ by }) => {
                const next = (counts.get(node.id!) ?? 0) + (by as number);
                counts.set(node.id!, next);
                log.push(`${node.id}:${next}`);
                render();
                return { count: next };
              },
            },
            {
              name: 'fail',
              run: () => {
                throw new Error('kaput');
              },
            },
            { name: 'hang', run: () => new Promise(() => {}) },
            { name: 'wipe', annotations: { destructiveHint: true }, run: () => 'wiped' },
          ],
  };
  render();
  const hub = new Hub({ logger: quiet, ...options });
  const session = new Session({ id: 'app', source });
  hub.attach(session);
  return { hub, session, source, counts, log, widgets, render, counter };
}

const quiet: Logger = { warn: () => {} };
const hubs: Hub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});
function app(...args: Parameters<typeof counterApp>) {
  const a = counterApp(...args);
  hubs.push(a.hub);
  return a;
}

describe('Hub calls', () => {
  it('runs a call against the live widget and answers its value and the tool changes', async () => {
    const { hub, counts } = app();
    await expect(hub.call('app.c.inc', { by: 2 })).resolves.toMatchObject({ ok: true, value: { count: 2 } });
    expect(counts.get('c')).toBe(2);
  });

  it('answers unknown_tool for a name nothing registered', async () => {
    const { hub } = app();
    const answer = await hub.call('app.c.nope', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
  });

  it('answers widget_unavailable absent / disabled / type_changed from the tree as it is now', async () => {
    const { hub, source, counter } = app();
    const other: ToolProvider = { mcpTools: () => [{ name: 'inc', run: () => 'other' }] };
    const widget = (id: string, attrs: Record<string, unknown>, provider: ToolProvider): ViewNode => ({
      type: 'counter',
      id,
      attrs,
      children: [],
      provider,
    });
    const cases: [ViewNode[], string][] = [
      [[], 'absent'],
      [[widget('c', { count: 0, disabled: true }, counter)], 'disabled'],
      [[widget('c', { count: 0 }, other)], 'type_changed'],
    ];
    for (const [tree, why] of cases) {
      // The tool is still registered when the call starts; the tree has moved underneath it.
      source.set(tree);
      const answer = await hub.call('app.c.inc', {});
      expect(answer).toMatchObject({
        ok: false,
        fault: false,
        error: { code: 'widget_unavailable', widgetId: 'c', why },
      });
      source.set([widget('c', { count: 0 }, counter)]);
      await source.settled();
    }
  });

  it('answers absent for a call queued behind the call that removed its widget', async () => {
    const { hub, widgets, render } = app({}, [{ id: 'a' }, { id: 'b' }]);
    const remover = hub.call('app.a.inc', { by: 1 });
    widgets.splice(0, 1); // the next render (from the first call) drops widget a
    const queued = hub.call('app.a.inc', { by: 1 });
    await expect(remover).resolves.toMatchObject({
      ok: true,
      removed: ['app.a.inc', 'app.a.fail', 'app.a.hang', 'app.a.wipe'],
    });
    await expect(queued).resolves.toMatchObject({
      ok: false,
      error: { code: 'widget_unavailable', why: 'absent' },
    });
    render();
  });

  it('acts on the first widget in view order that qualifies when ids repeat', async () => {
    const ran: number[] = [];
    const button: ToolProvider = {
      mcpTools: (attrs) =>
        attrs.disabled ? [] : [{ name: 'press', run: () => ran.push(attrs.n as number) }],
    };
    const other: ToolProvider = { mcpTools: () => [{ name: 'press', run: () => ran.push(-1) }] };
    const node = (n: number, disabled: boolean, provider = button): ViewNode => ({
      type: 'button',
      id: 'd',
      attrs: { n, disabled },
      children: [],
      provider,
    });
    const source = new DataSource([node(0, true), node(1, false, other), node(2, false, button)]);
    source.current().push({ type: 'col', attrs: {}, children: [node(3, false)] });
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    hub.attach(new Session({ id: 's', source }));
    // Listed once (the first in view order offering it is the `other` provider's).
    expect(hub.list().map((t) => t.name)).toEqual(['s.d.press']);
    await hub.call('s.d.press', {});
    expect(ran).toEqual([-1]);
    source.set([node(0, true), { type: 'col', attrs: {}, children: [node(2, false), node(3, false)] }]);
    await source.settled();
    await hub.call('s.d.press', {});
    expect(ran).toEqual([-1, 2]);
  });

  it('finds a tool that appeared without any commit notification, by re-reading the tree', async () => {
    const source = new DataSource([]);
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    hub.attach(new Session({ id: 'quiet', source }));
    const provider: ToolProvider = { mcpTools: () => [{ name: 'ping', run: () => 'pong' }] };
    // Mutate without set(): no subscriber hears it, as with a React commit that touched no host node.
    source.current().push({ type: 'x', id: 'w', attrs: {}, children: [], provider });
    await expect(hub.call('quiet.w.ping', {})).resolves.toMatchObject({ ok: true, value: 'pong' });
    expect(hub.list().map((t) => t.name)).toEqual(['quiet.w.ping']);
  });

  it('invalid arguments never run the handler and name the path', async () => {
    const { hub, log } = app();
    const answer = await hub.call('app.c.inc', { by: 'two' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(answer.ok ? '' : answer.error.message).toMatch(/by/);
    expect(log).toEqual([]);
  });
});

describe('Hub breaker', () => {
  it('opens after 5 faults, refuses without running, lets one probe through after the cooldown, closes on success', async () => {
    let now = 0;
    let failing = true;
    let runs = 0;
    const source = new DataSource();
    const provider: ToolProvider = {
      mcpTools: () => [
        {
          name: 'flaky',
          run: async () => {
            runs++;
            await Promise.resolve();
            if (failing) throw new Error('down');
            return 'up';
          },
        },
      ],
    };
    source.set([{ type: 'x', id: 'w', attrs: {}, children: [], provider }]);
    const hub = new Hub({ logger: quiet, breaker: { now: () => now, cooldownMs: 1000 } });
    hubs.push(hub);
    hub.attach(new Session({ id: 's', source }));
    for (let i = 0; i < 5; i++)
      await expect(hub.call('s.w.flaky', {})).resolves.toMatchObject({ error: { code: 'handler_error' } });
    expect(runs).toBe(5);
    await expect(hub.call('s.w.flaky', {})).resolves.toMatchObject({ error: { code: 'circuit_open' } });
    expect(runs).toBe(5);
    now = 1000;
    failing = false;
    const probe = hub.call('s.w.flaky', {});
    const during = hub.call('s.w.flaky', {});
    await expect(during).resolves.toMatchObject({ error: { code: 'circuit_open' } });
    await expect(probe).resolves.toMatchObject({ ok: true, value: 'up' });
    await expect(hub.call('s.w.flaky', {})).resolves.toMatchObject({ ok: true });
    expect(runs).toBe(7);
  });

  it('re-opens when the probe fails', async () => {
    let now = 0;
    const { hub } = app({ breaker: { now: () => now, cooldownMs: 1000 } });
    for (let i = 0; i < 5; i++) await hub.call('app.c.fail', {});
    now = 1000;
    await expect(hub.call('app.c.fail', {})).resolves.toMatchObject({ error: { code: 'handler_error' } });
    await expect(hub.call('app.c.fail', {})).resolves.toMatchObject({ error: { code: 'circuit_open' } });
  });

  it('does not count invalid arguments, denials or unavailable widgets', async () => {
    const { hub, source } = app();
    for (let i = 0; i < 10; i++) {
      await hub.call('app.c.inc', { by: 'x' });
      await hub.call('app.c.wipe', {});
    }
    for (let i = 0; i < 4; i++) await hub.call('app.c.fail', {});
    // four faults: still closed
    await expect(hub.call('app.c.fail', {})).resolves.toMatchObject({ error: { code: 'handler_error' } });
    await expect(hub.call('app.c.fail', {})).resolves.toMatchObject({ error: { code: 'circuit_open' } });
    expect(source).toBeDefined();
  });
});

describe('Hub action errors', () => {
  it('answers an ActionError as action_refused, never counting it toward the breaker', async () => {
    const source = new DataSource();
    let runs = 0;
    const provider: ToolProvider = {
      mcpTools: () => [
        {
          name: 'pick',
          run: () => {
            runs++;
            throw new ActionError('no option at index 9: valid indexes are 0 to 2.');
          },
        },
      ],
    };
    source.set([{ type: 'x', id: 'w', attrs: {}, children: [], provider }]);
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    hub.attach(new Session({ id: 's', source }));
    for (let i = 0; i < 8; i++) {
      const answer = await hub.call('s.w.pick', {});
      expect(answer).toMatchObject({ ok: false, fault: false, error: { code: 'action_refused' } });
      expect(answer.ok ? '' : answer.error.message).toBe(
        'ink-mcp: "s.w.pick" refused: no option at index 9: valid indexes are 0 to 2. Nothing was changed; fix the input and call again.',
      );
    }
    expect(runs).toBe(8);
  });
});

describe('Hub authorizer', () => {
  it('denies destructive calls when no authorizer is configured, saying how to configure one', async () => {
    const { hub } = app();
    const answer = await hub.call('app.c.wipe', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'denied', reason: 'no_authorizer' } });
    expect(answer.ok ? '' : answer.error.message).toMatch(/authorize/);
  });

  it("runs on 'allow' and refuses on 'deny', passing the tool, args and session", async () => {
    const seen: unknown[] = [];
    let decision: 'allow' | 'deny' = 'allow';
    const { hub } = app({
      authorize: (req) => {
        seen.push(req);
        return decision;
      },
    });
    await expect(hub.call('app.c.wipe', {}, { client: { name: 'test' } })).resolves.toMatchObject({
      ok: true,
      value: 'wiped',
    });
    decision = 'deny';
    await expect(hub.call('app.c.wipe', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'denied', reason: 'denied' },
    });
    expect(seen[0]).toEqual({ tool: 'app.c.wipe', args: {}, sessionId: 'app', client: { name: 'test' } });
    // Only annotated tools ask.
    await hub.call('app.c.inc', {});
    expect(seen).toHaveLength(2);
  });

  it("passes 'ask' to the connection's confirm, for that one call", async () => {
    const answers = [true, false];
    const { hub } = app({ authorize: () => 'ask' });
    const confirm = async () => answers.shift() ?? false;
    await expect(hub.call('app.c.wipe', {}, { confirm })).resolves.toMatchObject({ ok: true });
    await expect(hub.call('app.c.wipe', {}, { confirm })).resolves.toMatchObject({
      error: { reason: 'declined' },
    });
    await expect(hub.call('app.c.wipe', {})).resolves.toMatchObject({ error: { reason: 'no_confirm' } });
  });
});

describe('Hub dispatcher', () => {
  it('answers a timeout for a handler that never settles, and the next call still runs', async () => {
    const { hub } = app({ callTimeoutMs: 50 });
    await expect(hub.call('app.c.hang', {})).resolves.toMatchObject({
      ok: false,
      fault: true,
      error: { code: 'timeout', timeoutMs: 50 },
    });
    await expect(hub.call('app.c.inc', {})).resolves.toMatchObject({ ok: true, value: { count: 1 } });
  });

  it('a throwing handler answers handler_error and does not affect the next call', async () => {
    const { hub } = app();
    const answer = await hub.call('app.c.fail', {});
    expect(answer).toMatchObject({ ok: false, fault: true, error: { code: 'handler_error' } });
    expect(answer.ok ? '' : answer.error.message).toMatch(/kaput/);
    await expect(hub.call('app.c.inc', {})).resolves.toMatchObject({ ok: true });
  });

  it('applies 200 concurrent calls on one session exactly once each, in arrival order', async () => {
    const { hub, log, counts } = app();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => hub.call('app.c.inc', { by: i + 1 })),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    const running = Array.from({ length: 200 }, (_, i) => ((i + 1) * (i + 2)) / 2);
    expect(log).toEqual(running.map((total) => `c:${total}`));
    expect(counts.get('c')).toBe((200 * 201) / 2);
    expect(answers.map((a) => (a.ok ? (a.value as { count: number }).count : -1))).toEqual(
      log.map((l) => Number(l.slice(2))),
    );
  });

  it('runs different sessions independently: a hung call in one does not hold up another', async () => {
    const a = app({ callTimeoutMs: 2000 });
    const source = new DataSource();
    const provider: ToolProvider = { mcpTools: () => [{ name: 'ping', run: () => 'pong' }] };
    source.set([{ type: 'x', id: 'w', attrs: {}, children: [], provider }]);
    a.hub.attach(new Session({ id: 'other', source }));
    const hung = a.hub.call('app.c.hang', {});
    await expect(a.hub.call('other.w.ping', {})).resolves.toMatchObject({ ok: true, value: 'pong' });
    a.session.stop();
    await expect(hung).resolves.toMatchObject({ error: { code: 'session_not_running' } });
  });

  it('answers session_not_running for calls running, queued and made after the app stops', async () => {
    const { hub, session } = app();
    const running = hub.call('app.c.hang', {});
    const queued = hub.call('app.c.inc', {});
    await Promise.resolve();
    session.stop();
    await expect(running).resolves.toMatchObject({
      ok: false,
      error: { code: 'session_not_running', sessionId: 'app' },
    });
    await expect(queued).resolves.toMatchObject({ ok: false, error: { code: 'session_not_running' } });
    // The session's tools left the registry with it.
    expect(hub.list()).toEqual([]);
  });

  it('session_not_running after unmount: a call after the app stopped is told so, not unknown_tool', async () => {
    const { hub, session } = app();
    session.stop();
    await expect(hub.call('app.c.inc', {})).resolves.toMatchObject({
      ok: false,
      error: { code: 'session_not_running', sessionId: 'app', why: 'stopped' },
    });
    // A name of no session the hub ever knew is still unknown.
    await expect(hub.call('other.c.inc', {})).resolves.toMatchObject({ error: { code: 'unknown_tool' } });
  });

  it('session_not_running after unmount: the memory of stopped sessions is bounded', async () => {
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    for (let i = 0; i < 100; i++) {
      const session = new Session({ id: `s${i}`, source: new DataSource() });
      hub.attach(session);
      session.stop();
    }
    await expect(hub.call('s99.w.a', {})).resolves.toMatchObject({ error: { code: 'session_not_running' } });
    await expect(hub.call('s0.w.a', {})).resolves.toMatchObject({ error: { code: 'unknown_tool' } });
  });

  it('a running handler that returns soon after its session stopped is answered with its result, the app stopped', async () => {
    const source = new DataSource();
    const provider: ToolProvider = {
      mcpTools: () => [
        {
          name: 'quit',
          // What a key that makes the app exit does: the app stops while the handler still awaits.
          run: async (_a, call) => {
            session.stop();
            await new Promise((r) => setTimeout(r, 20));
            return { aborted: call.signal.aborted };
          },
        },
      ],
    };
    source.set([{ type: 'x', id: 'w', attrs: {}, children: [], provider }]);
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    const session = new Session({ id: 's', source });
    hub.attach(session);
    await expect(hub.call('s.w.quit', {})).resolves.toMatchObject({
      ok: true,
      value: { aborted: true },
      stopped: true,
    });
  });

  it('aborts the signal of a running handler when the session stops', async () => {
    const source = new DataSource();
    let aborted = false;
    const provider: ToolProvider = {
      mcpTools: () => [
        {
          name: 'wait',
          run: (_a, call) =>
            new Promise(() =>
              call.signal.addEventListener('abort', () => {
                aborted = true;
              }),
            ),
        },
      ],
    };
    source.set([{ type: 'x', id: 'w', attrs: {}, children: [], provider }]);
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    const session = new Session({ id: 's', source });
    hub.attach(session);
    const call = hub.call('s.w.wait', {});
    await new Promise((r) => setTimeout(r, 5));
    session.stop();
    await call;
    expect(aborted).toBe(true);
  });
});

describe('Hub synchronizer', () => {
  it('replaces a tool whose definition changed (the stale-definition regression)', async () => {
    // The reference kept a surviving name's old definition: a checkbox kept "toggling" to one value.
    let checked = false;
    const source = new DataSource();
    const checkbox: ToolProvider = {
      mcpTools: (attrs) => [
        {
          name: 'toggle',
          description: attrs.checked ? 'Uncheck the box' : 'Check the box',
          run: () => {
            checked = !attrs.checked;
            render();
            return checked;
          },
        },
      ],
    };
    const render = () =>
      source.set([{ type: 'checkbox', id: 'box', attrs: { checked }, children: [], provider: checkbox }]);
    render();
    const hub = new Hub({ logger: quiet });
    hubs.push(hub);
    hub.attach(new Session({ id: 's', source }));
    const values = [];
    for (let i = 0; i < 3; i++) {
      const answer = await hub.call('s.box.toggle', {});
      values.push(answer.ok && answer.value);
      expect(hub.registry.get('s.box.toggle')?.description).toBe(
        checked ? 'Uncheck the box' : 'Check the box',
      );
    }
    expect(values).toEqual([true, false, true]);
  });

  it('sends one "tools changed" event for 100 commits in a burst, and none when nothing changed', async () => {
    const { hub, source, counter } = app();
    let events = 0;
    hub.onToolsChanged(() => events++);
    for (let i = 0; i < 100; i++) {
      source.set([{ type: 'counter', id: `w${i}`, attrs: { count: 0 }, children: [], provider: counter }]);
      await Promise.resolve();
      await Promise.resolve();
    }
    await new Promise((r) => setTimeout(r, 150));
    expect(events).toBe(1);
    source.set(source.current().slice());
    await new Promise((r) => setTimeout(r, 80));
    expect(events).toBe(1);
  });

  it('logs each refusal once per session, not on every render', async () => {
    const lines: string[] = [];
    const source = new DataSource();
    const provider: ToolProvider = { mcpTools: () => [{ name: 'Bad', run: () => 0 }] };
    const hub = new Hub({ logger: { warn: (l) => lines.push(l) } });
    hubs.push(hub);
    hub.attach(new Session({ id: 's', source }));
    for (let i = 0; i < 5; i++) {
      source.set([{ type: 'x', id: 'w', attrs: { i }, children: [], provider }]);
      await source.settled();
    }
    expect(lines).toEqual([expect.stringContaining('action name "Bad"')]);
  });

  it('logs a refused session id once and registers nothing for it', async () => {
    const lines: string[] = [];
    const source = new DataSource([
      {
        type: 'x',
        id: 'w',
        attrs: {},
        children: [],
        provider: { mcpTools: () => [{ name: 'a', run: () => 0 }] },
      },
    ]);
    const hub = new Hub({ logger: { warn: (l) => lines.push(l) } });
    hubs.push(hub);
    hub.attach(new Session({ id: 'bad id', source }));
    source.set(source.current().slice());
    await source.settled();
    hub.list();
    expect(lines).toEqual([expect.stringContaining('session id "bad id"')]);
    expect(hub.list()).toEqual([]);
  });
});

describe('Hub authorizer from the live spec', () => {
  /** A widget whose `wipe` action gains `destructiveHint` when `dangerous` is set. */
  function guardedApp(options: HubOptions = {}) {
    const state = { dangerous: false, wiped: 0 };
    const source = new DataSource();
    const provider: ToolProvider = {
      mcpTools: (attrs) => [
        {
          name: 'wipe',
          ...(attrs.dangerous ? { annotations: { destructiveHint: true } } : {}),
          run: () => ++state.wiped,
        },
        { name: 'hang', run: () => new Promise((r) => setTimeout(r, 20)) },
      ],
    };
    const render = () =>
      source.set([{ type: 'x', id: 'w', attrs: { dangerous: state.dangerous }, children: [], provider }]);
    render();
    const hub = new Hub({ logger: quiet, ...options });
    hubs.push(hub);
    hub.attach(new Session({ id: 's', source }));
    return { hub, state, render, source };
  }

  it('authorizer from the live spec: a call queued before the action became destructive is asked about', async () => {
    const { hub, state, render } = guardedApp();
    const busy = hub.call('s.w.hang', {});
    // Listed without annotations when queued; the widget turns destructive before the call runs.
    const queued = hub.call('s.w.wipe', {});
    state.dangerous = true;
    render();
    await busy;
    await expect(queued).resolves.toMatchObject({
      ok: false,
      fault: false,
      error: { code: 'denied', reason: 'no_authorizer' },
    });
    expect(state.wiped).toBe(0);
  });

  it('authorizer from the live spec: the authorizer hears the live call and its allow runs it', async () => {
    const seen: unknown[] = [];
    const { hub, state, source } = guardedApp({
      authorize: (request) => {
        seen.push(request);
        return 'allow';
      },
    });
    // Changed in place, with no commit: the registered tool still says nothing about authorization.
    (source.current()[0]!.attrs as { dangerous: boolean }).dangerous = true;
    await expect(hub.call('s.w.wipe', {})).resolves.toMatchObject({ ok: true, value: 1 });
    expect(seen).toEqual([{ tool: 's.w.wipe', args: {}, sessionId: 's' }]);
    expect(state.wiped).toBe(1);
  });
});

/** One widget: `gate` waits until `open()`, `add` counts; every call is logged when it runs. */
function gatedApp(options: HubOptions = {}) {
  const state = { added: 0, ran: [] as string[] };
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const signals: AbortSignal[] = [];
  const source = new DataSource();
  const provider: ToolProvider = {
    mcpTools: () => [
      {
        name: 'gate',
        run: async (_args, call) => {
          signals.push(call.signal);
          state.ran.push('gate');
          await gate;
          return 'opened';
        },
      },
      {
        name: 'add',
        run: () => {
          state.ran.push('add');
          return ++state.added;
        },
      },
    ],
  };
  source.set([{ type: 'x', id: 'w', attrs: {}, children: [], provider }]);
  const hub = new Hub({ logger: quiet, ...options });
  hubs.push(hub);
  const session = new Session({ id: 's', source });
  hub.attach(session);
  return { hub, state, open: () => open(), signals, session };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Hub cancellation', () => {
  it('cancellation: 20 queued calls, 10 of them cancelled, exactly 10 applied', async () => {
    const { hub, state, open } = gatedApp();
    const gate = hub.call('s.w.gate', {});
    await tick();
    const controllers = Array.from({ length: 20 }, () => new AbortController());
    const calls = controllers.map((c) => hub.call('s.w.add', {}, { signal: c.signal }));
    await tick();
    controllers.forEach((c, i) => {
      if (i % 2 === 1) c.abort();
    });
    open();
    const answers = await Promise.all(calls);
    await gate;
    expect(state.added).toBe(10);
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    answers.forEach((answer, i) => {
      if (i % 2 === 1)
        expect(answer).toMatchObject({
          ok: false,
          fault: false,
          error: { code: 'cancelled', started: false },
        });
      else expect(answer).toMatchObject({ ok: true });
    });
  });

  it('cancellation: a call cancelled before it reaches the queue never runs', async () => {
    const { hub, state } = gatedApp();
    const controller = new AbortController();
    controller.abort();
    await expect(hub.call('s.w.add', {}, { signal: controller.signal })).resolves.toMatchObject({
      error: { code: 'cancelled' },
    });
    expect(state.ran).toEqual([]);
  });

  it("cancellation: a running call's CallInfo.signal aborts, and the next call still runs", async () => {
    const { hub, signals, open } = gatedApp();
    const controller = new AbortController();
    const running = hub.call('s.w.gate', {}, { signal: controller.signal });
    await tick();
    expect(signals[0]?.aborted).toBe(false);
    controller.abort();
    expect(signals[0]?.aborted).toBe(true);
    open();
    await running;
    await expect(hub.call('s.w.add', {})).resolves.toMatchObject({ ok: true, value: 1 });
  });
});

describe('Hub drain', () => {
  it('clean shutdown: the running call finishes, queued calls are dropped unrun, new calls are refused', async () => {
    const { hub, state, open } = gatedApp();
    const running = hub.call('s.w.gate', {});
    await tick();
    const queued = [hub.call('s.w.add', {}), hub.call('s.w.add', {})];
    const drained = hub.drain(5000);
    for (const answer of await Promise.all(queued))
      expect(answer).toMatchObject({
        ok: false,
        error: { code: 'session_not_running', why: 'shutting_down' },
      });
    await expect(hub.call('s.w.add', {})).resolves.toMatchObject({
      error: { code: 'session_not_running', why: 'shutting_down' },
    });
    open();
    await drained;
    await expect(running).resolves.toMatchObject({ ok: true, value: 'opened' });
    expect(state.added).toBe(0);
  });

  it('clean shutdown: a running call that never ends holds the drain only until its bound', async () => {
    const { hub, session } = gatedApp();
    let answered = false;
    const running = hub.call('s.w.gate', {}).then((answer) => {
      answered = true;
      return answer;
    });
    await tick();
    await hub.drain(50);
    expect(answered).toBe(false);
    // What ends it then is the app's end: the call is answered as never known to have happened.
    session.stop();
    await expect(running).resolves.toMatchObject({
      error: { code: 'session_not_running', why: 'stopped_while_running' },
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { CircuitBreakers } from '../../src/registry/circuit-breaker.js';
import { Registry, type RegistryChange, type StaticToolInput } from '../../src/registry/registry.js';
import { providerB, toolDef } from './fixtures.js';

const staticTool = (name: string): StaticToolInput => ({
  name,
  description: `static ${name}`,
  inputSchema: { type: 'object' },
  annotations: {},
  run: () => 'ok',
});

function withEvents() {
  const registry = new Registry();
  const events: RegistryChange[] = [];
  registry.changes.subscribe((change) => events.push(change));
  return { registry, events };
}

const names = (registry: Registry) => registry.list().map((t) => t.name);

describe('Registry.replaceSession', () => {
  it('reports added tools the first time and emits one change', () => {
    const { registry, events } = withEvents();
    const diff = registry.replaceSession('todo', [
      toolDef('todo', 'list', 'add'),
      toolDef('todo', 'list', 'clear'),
    ]);
    expect(diff).toEqual({ added: ['todo.list.add', 'todo.list.clear'], removed: [], changed: [] });
    expect(events).toEqual([{ sessionId: 'todo', ...diff }]);
  });

  it('diffs by name, definitionKey and provider', () => {
    const { registry, events } = withEvents();
    registry.replaceSession('s', [toolDef('s', 'a', 'x'), toolDef('s', 'b', 'x'), toolDef('s', 'c', 'x')]);
    const diff = registry.replaceSession('s', [
      toolDef('s', 'a', 'x', { description: 'new words' }), // definition changed
      toolDef('s', 'b', 'x', { provider: providerB }), // provider changed
      toolDef('s', 'd', 'x'), // new
    ]);
    expect(diff).toEqual({ added: ['s.d.x'], removed: ['s.c.x'], changed: ['s.a.x', 's.b.x'] });
    expect(events).toHaveLength(2);
    expect(registry.get('s.a.x')?.description).toBe('new words');
    expect(registry.get('s.c.x')).toBeUndefined();
  });

  it('emits nothing when nothing changed, but keeps the newest ToolDefs', () => {
    const { registry, events } = withEvents();
    registry.replaceSession('s', [toolDef('s', 'a', 'x')]);
    const version = registry.version;
    const fresh = toolDef('s', 'a', 'x');
    expect(registry.replaceSession('s', [fresh])).toEqual({ added: [], removed: [], changed: [] });
    expect(events).toHaveLength(1);
    expect(registry.version).toBe(version);
    expect(registry.get('s.a.x')).toBe(fresh);
    expect(registry.list()[0]).toBe(fresh);
  });

  it('resets the breaker of a changed tool and drops that of a removed one', () => {
    const breakers = new CircuitBreakers({ threshold: 1, now: () => 0 });
    const registry = new Registry({ breakers });
    registry.replaceSession('s', [toolDef('s', 'a', 'x'), toolDef('s', 'b', 'x'), toolDef('s', 'c', 'x')]);
    for (const name of ['s.a.x', 's.b.x', 's.c.x']) {
      const admission = breakers.admit(name);
      if (admission.ok) breakers.record(admission.ticket, 'fault');
      expect(breakers.state(name)).toBe('open');
    }
    const reset = vi.spyOn(breakers, 'reset');
    const drop = vi.spyOn(breakers, 'delete');
    registry.replaceSession('s', [
      toolDef('s', 'a', 'x', { definitionKey: 'other' }),
      toolDef('s', 'c', 'x'),
    ]);
    expect(reset.mock.calls).toEqual([['s.a.x']]);
    expect(drop.mock.calls).toEqual([['s.b.x']]);
    expect(breakers.state('s.a.x')).toBe('closed');
    expect(breakers.state('s.b.x')).toBe('closed');
    expect(breakers.state('s.c.x')).toBe('open');
  });

  it('keeps the first of two tools with the same name (duplicate widget ids), in view order', () => {
    const registry = new Registry();
    const first = toolDef('s', 'w', 'go', { description: 'first' });
    const second = toolDef('s', 'w', 'go', { description: 'second' });
    const diff = registry.replaceSession('s', [first, toolDef('s', 'v', 'go'), second]);
    expect(diff.added).toEqual(['s.w.go', 's.v.go']);
    expect(names(registry)).toEqual(['s.w.go', 's.v.go']);
    expect(registry.get('s.w.go')).toBe(first);
  });
});

describe('Registry.removeSession', () => {
  it('removes all of its tools, once', () => {
    const { registry, events } = withEvents();
    registry.replaceSession('s', [toolDef('s', 'a', 'x'), toolDef('s', 'b', 'x')]);
    expect(registry.removeSession('s')).toEqual({ added: [], removed: ['s.a.x', 's.b.x'], changed: [] });
    expect(registry.removeSession('s')).toEqual({ added: [], removed: [], changed: [] });
    expect(registry.removeSession('never')).toEqual({ added: [], removed: [], changed: [] });
    // One event for the registration, one for the removal; the no-op removals announce nothing.
    expect(events.map((e) => e.removed)).toEqual([[], ['s.a.x', 's.b.x']]);
    expect(registry.list()).toEqual([]);
    expect(registry.get('s.a.x')).toBeUndefined();
  });
});

describe('Registry listing', () => {
  it('lists static tools first, then sessions by first registration, each in view order', () => {
    const registry = new Registry();
    registry.replaceSession('b', [toolDef('b', 'w', 'z'), toolDef('b', 'w', 'a')]);
    registry.addStatic(staticTool('zeta'));
    registry.replaceSession('a', [toolDef('a', 'w', 'x')]);
    registry.addStatic(staticTool('alpha'));
    registry.replaceSession('b', [toolDef('b', 'w', 'a'), toolDef('b', 'w', 'z'), toolDef('b', 'w', 'm')]);
    expect(names(registry)).toEqual(['zeta', 'alpha', 'b.w.a', 'b.w.z', 'b.w.m', 'a.w.x']);
  });

  it('a session removed and registered again goes to the end', () => {
    const registry = new Registry();
    registry.replaceSession('a', [toolDef('a', 'w', 'x')]);
    registry.replaceSession('b', [toolDef('b', 'w', 'x')]);
    registry.removeSession('a');
    registry.replaceSession('a', [toolDef('a', 'w', 'x')]);
    expect(names(registry)).toEqual(['b.w.x', 'a.w.x']);
  });

  it('caches the listing: the same frozen array until something changes', () => {
    const registry = new Registry();
    registry.replaceSession('s', [toolDef('s', 'a', 'x')]);
    const listing = registry.list();
    expect(registry.list()).toBe(listing);
    expect(Object.isFrozen(listing)).toBe(true);
    registry.addStatic(staticTool('t'));
    expect(registry.list()).not.toBe(listing);
  });

  it('serves 10,000 tools: get is one lookup and list is not rebuilt per call', () => {
    const registry = new Registry();
    const tools = Array.from({ length: 10_000 }, (_, i) => toolDef('big', `w${i}`, 'go'));
    registry.replaceSession('big', tools);
    const listing = registry.list();
    // How fast is the benches' business (bench/list.bench.tsx); this pins that nothing is rebuilt.
    for (let i = 0; i < 100_000; i++) {
      expect(registry.get(`big.w${i % 10_000}.go`)).toBe(tools[i % 10_000]);
    }
    for (let i = 0; i < 1000; i++) expect(registry.list()).toBe(listing);
  });
});

describe('static tools', () => {
  it('are stored with derived: false and announced', () => {
    const { registry, events } = withEvents();
    const tool = registry.addStatic(staticTool('screen'));
    expect(tool.derived).toBe(false);
    expect(registry.get('screen')).toBe(tool);
    expect(events).toEqual([{ sessionId: null, added: ['screen'], removed: [], changed: [] }]);
    expect(() => registry.addStatic(staticTool('screen'))).toThrow(TypeError);
  });

  it('shadow a derived tool of the same name', () => {
    const registry = new Registry();
    registry.replaceSession('s', [toolDef('s', 'a', 'x')]);
    const tool = registry.addStatic(staticTool('s.a.x'));
    expect(registry.get('s.a.x')).toBe(tool);
    expect(names(registry)).toEqual(['s.a.x']);
  });
});

describe('changes listeners', () => {
  it('a throwing listener does not stop the others and is reported to the logger', () => {
    const error = vi.fn();
    const registry = new Registry({ logger: { warn: vi.fn(), error } });
    const heard = vi.fn();
    registry.changes.subscribe(() => {
      throw new Error('listener bug');
    });
    const unsubscribe = registry.changes.subscribe(heard);
    registry.replaceSession('s', [toolDef('s', 'a', 'x')]);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('listener bug'));
    unsubscribe();
    registry.removeSession('s');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

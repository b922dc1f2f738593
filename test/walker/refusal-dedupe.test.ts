import { afterEach, describe, expect, it } from 'vitest';
import { DataSource } from '../../fixtures/data-source.js';
import { Hub } from '../../src/session/hub.js';
import { Session } from '../../src/session/session.js';
import { describeRefusal, refusalKey } from '../../src/walker/describe-refusal.js';
import type { Refusal, SpecFault, ToolProvider, ViewNode } from '../../src/walker/types.js';

const provider: ToolProvider = { mcpTools: () => [{ name: 'go', run: () => 'went' }] };
const widget = (id: string): ViewNode => ({ type: 'w', id, attrs: {}, children: [], provider });
/** Two ids that fail isId and share their first 100 characters: their log lines are cut the same. */
const prefix = 'x'.repeat(100);
const [idA, idB] = [`${prefix}-a`, `${prefix}-b`];

const hubs: Hub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

describe('refusal dedupe by data', () => {
  it('tells two refusals apart by their data even when their log lines are cut the same', () => {
    const a: Refusal = { kind: 'widget_id', widgetId: idA };
    const b: Refusal = { kind: 'widget_id', widgetId: idB };
    expect(describeRefusal(a)).toBe(describeRefusal(b));
    expect(refusalKey(a)).not.toBe(refusalKey(b));
    expect(refusalKey(a)).toBe(refusalKey({ kind: 'widget_id', widgetId: idA }));
    const spec = (name: string, fault: SpecFault): Refusal => ({
      kind: 'action_spec',
      widgetId: 'w',
      name,
      fault,
    });
    expect(refusalKey(spec('a', 'not_json'))).not.toBe(refusalKey(spec('a', 'too_large')));
    expect(refusalKey(spec('a', { duplicateKey: 'k' }))).toBe(refusalKey(spec('a', { duplicateKey: 'k' })));
    expect(refusalKey(spec('a', { duplicateKey: 'k' }))).not.toBe(
      refusalKey(spec('a', { duplicateKey: 'j' })),
    );
  });

  it('never throws on a widget id that cannot be printed', () => {
    const unprintable = {
      toString() {
        throw new Error('no');
      },
    };
    expect(typeof refusalKey({ kind: 'widget_id', widgetId: unprintable })).toBe('string');
  });

  it('logs two different refusals twice and a repeated one once, through a session', async () => {
    const warnings: string[] = [];
    const hub = new Hub({ logger: { warn: (m) => warnings.push(m) } });
    hubs.push(hub);
    const source = new DataSource([widget(idA), widget(idB), widget('ok')]);
    hub.attach(new Session({ id: 's', source }));
    expect(hub.registry.list().map((t) => t.name)).toEqual(['s.ok.go']);
    expect(warnings).toHaveLength(2);
    source.set([widget(idB), widget(idA), widget('ok2')]);
    await source.settled();
    // The new tree was derived (its new widget is listed), and its two old refusals were not re-logged.
    expect(hub.registry.list().map((t) => t.name)).toEqual(['s.ok2.go']);
    expect(warnings).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import { IncrementalDerivation } from '../../src/walker/derive-incremental.js';
import { GROUP_TYPE, group, isGroup, ungroup } from '../../src/walker/groups.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';

const provider: ToolProvider = { mcpTools: () => [{ name: 'go', run: () => 'ok' }] };
const widget = (id: string, children: ViewNode[] = []): ViewNode => ({
  type: 'W',
  id,
  attrs: {},
  children,
  provider,
});
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe('groups', () => {
  it('are told apart by their own mark, not by their type', () => {
    expect(isGroup(group([]))).toBe(true);
    expect(isGroup({ type: GROUP_TYPE, attrs: {}, children: [] })).toBe(false);
    expect(isGroup(widget('a'))).toBe(false);
  });

  it('ungroup puts every group’s children in its place, in order, at any depth', () => {
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((id) => widget(id));
    const forest = [a!, group([b!, group([c!, group([])]), d!]), e!];
    expect(ungroup(forest)).toEqual([a, b, c, d, e]);
    expect(ungroup(forest).every((node) => !isGroup(node))).toBe(true);
  });

  it('ungroup answers a forest without groups itself, and leaves a widget’s children alone', () => {
    const inner = [widget('b')];
    const forest = [widget('a', inner)];
    expect(ungroup(forest)).toBe(forest);
    expect(ungroup([group(forest)])[0]!.children).toBe(inner);
  });

  it('derive the tools of the flat forest, in the same order', () => {
    const rows = Array.from({ length: 6 }, (_, i) => widget(`r${i}`, [widget(`c${i}`)]));
    const grouped = [group([rows[0]!, group(rows.slice(1, 4))]), ...rows.slice(4)];
    const context = { sessionId: 's' };
    const flat = deriveWithRefusals(ungroup(grouped), context);
    expect(names(deriveWithRefusals(grouped, context).tools)).toEqual(names(flat.tools));
    expect(names(new IncrementalDerivation('s', {}).full(grouped).tools)).toEqual(names(flat.tools));
  });

  it('an incremental update walks into the one group that changed', () => {
    const rows = Array.from({ length: 4 }, (_, i) => widget(`r${i}`));
    const derivation = new IncrementalDerivation('s', {});
    const left = group(rows.slice(0, 2));
    const right = group(rows.slice(2));
    derivation.full([left, right]);
    const change = derivation.update([left, group([rows[2]!, widget('r9')])]);
    expect(change).toEqual({
      upserted: [expect.objectContaining({ name: 's.r9.go' })],
      removed: ['s.r3.go'],
      refusals: [],
    });
    expect(names(derivation.ordered())).toEqual(['s.r0.go', 's.r1.go', 's.r2.go', 's.r9.go']);
  });
});

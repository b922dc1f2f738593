import { describe, expect, it } from 'vitest';
import { deriveWithRefusals } from '../../src/walker/derive.js';
import { IncrementalDerivation } from '../../src/walker/derive-incremental.js';
import type { ToolProvider, ViewNode } from '../../src/walker/types.js';

const provider: ToolProvider = {
  mcpTools: (attrs) => [{ name: `v${attrs.version as number}`, run: () => 'ok' }],
};
const widget = (id: string, version: number, children: ViewNode[] = []): ViewNode => ({
  type: 'W',
  id,
  attrs: { version },
  children,
  provider,
});
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name).sort();

describe('IncrementalDerivation', () => {
  it('keeps about as many records as the tree has nodes, however many commits replace them', () => {
    const derivation = new IncrementalDerivation('s', {});
    let tree = Array.from({ length: 20 }, (_, i) => widget(`w${i}`, 0, [widget(`c${i}`, 0)]));
    derivation.full(tree);
    expect(derivation.records).toBe(40);
    let most = 0;
    for (let commit = 1; commit <= 500; commit++) {
      const at = commit % tree.length;
      tree = tree.map((node, i) => (i === at ? widget(`w${i}`, commit, [widget(`c${i}`, commit)]) : node));
      expect(derivation.update(tree)).toBeDefined();
      most = Math.max(most, derivation.records);
    }
    // The records of replaced nodes go in compactions, never all at once: the bound, not a constant.
    expect(most).toBeGreaterThan(40);
    expect(most).toBeLessThanOrEqual(2 * 40 + 66);
    // After all the compactions, an update still answers exactly what a full derive does.
    tree = [...tree.slice(1), widget('new', 1)];
    const change = derivation.update(tree)!;
    expect(names(derivation.ordered())).toEqual(names(deriveWithRefusals(tree, { sessionId: 's' }).tools));
    expect(change.removed).toEqual(expect.arrayContaining(['s.w0.v500', 's.c0.v500']));
    expect(names(change.upserted)).toContain('s.new.v1');
  });
});

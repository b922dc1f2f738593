import InkTextInput from 'ink-text-input';
import { describe, expect, it } from 'vitest';

describe('the package root', () => {
  it('core must not import components/: the core alone registers no adapter; the package root does', async () => {
    const core = await import('../src/index.js');
    const before = core.defaultTypeMap() as ReadonlyMap<unknown, unknown>;
    expect(before.has(InkTextInput)).toBe(false);
    const root = await import('../index.js');
    // One module graph: the root re-exports the core, and its adapters registered into it.
    expect(root.defaultTypeMap).toBe(core.defaultTypeMap);
    expect((root.defaultTypeMap() as ReadonlyMap<unknown, unknown>).has(InkTextInput)).toBe(true);
  });
});

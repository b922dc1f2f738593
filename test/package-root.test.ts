import { readFileSync } from 'node:fs';
import InkTextInput from 'ink-text-input';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/util/version.js';

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

  it('has one version: package.json, the version servers report and the latest release in CHANGELOG.md agree', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const changelog = readFileSync(new URL('../CHANGELOG.md', import.meta.url), 'utf8');
    const released = /^## (\d+\.\d+\.\d+)\s*$/m.exec(changelog)?.[1];
    expect({ package: pkg.version, changelog: released }).toEqual({ package: VERSION, changelog: VERSION });
  });
});

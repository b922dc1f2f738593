import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltPackage, buildPackage, repoRoot } from './build.js';
import { app, launch } from './launch.js';

/**
 * An npm CLI on Ink 5 and React 18 installed as its README says beside ink-mcp (`npm i ink-mcp
 * <cli>`; issue #41, second sweep): npm puts ink-mcp's peers (Ink 6, React 19) at the top of
 * node_modules, the CLI's Ink 5 and React 18 under its own folder, and the widget library it shares
 * with no one (ink-text-input 6) at the top, where it resolves Ink 6 and React 19. Laid out here
 * from the repository's copies (ink5 and react18 are its npm aliases).
 */

let built: BuiltPackage;
let dir: string;
beforeAll(async () => {
  built = await buildPackage();
  dir = join(repoRoot, 'node_modules', '.cache', `ink-mcp-beside-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const top = join(dir, 'node_modules');
  const cli = join(top, 'text-input-cli');
  mkdirSync(join(cli, 'node_modules'), { recursive: true });
  for (const name of ['ink', 'react', 'ink-text-input'])
    cpSync(join(repoRoot, 'node_modules', name), join(top, name), { recursive: true });
  cpSync(join(repoRoot, 'node_modules', 'ink5'), join(cli, 'node_modules', 'ink'), { recursive: true });
  cpSync(join(repoRoot, 'node_modules', 'react18'), join(cli, 'node_modules', 'react'), { recursive: true });
  writeFileSync(join(cli, 'package.json'), '{ "name": "text-input-cli", "type": "module" }\n');
  cpSync(app('text-input-cli.js'), join(cli, 'cli.js'));
}, 60_000);
afterAll(() => {
  built?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a CLI on Ink 5 and React 18 installed beside ink-mcp', () => {
  it('its hoisted widget library renders with the CLI’s Ink and React: the first keys are typed', async () => {
    const run = await launch(built.bin, [], ['node', join(dir, 'node_modules', 'text-input-cli', 'cli.js')]);
    try {
      const typed = await run.call('app.keyboard.type', { text: 'unicorn' });
      expect(typed.isError, `${typed.text}\n${run.stderr()}`).toBeFalsy();
      expect(typed.text).toContain('results for: unicorn');
      expect(run.stderr()).not.toMatch(/reading 'useState'|Invalid hook call/);
    } finally {
      await run.close();
    }
  }, 60_000);
});

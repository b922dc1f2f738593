import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './build.js';
import { app } from './launch.js';

/**
 * The nested-form app laid out as npm installs it when a form library needs its own copy of
 * ink-select-input: `form-lib/node_modules/ink-select-input` (a copy of the installed package, made
 * at test time, nothing of it in the repo). Under the repo's node_modules, so that Ink and React
 * resolve as the app's. Returns the app's entry and the removal.
 */
export function layOutNestedForm(): { entry: string; remove(): void } {
  const root = join(repoRoot, 'node_modules', '.cache', `ink-mcp-nested-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  const lib = join(root, 'node_modules', 'form-lib');
  mkdirSync(join(lib, 'node_modules'), { recursive: true });
  cpSync(app('nested-form/app.js'), join(root, 'app.js'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  cpSync(app('nested-form/form-lib.js'), join(lib, 'index.js'));
  writeFileSync(
    join(lib, 'package.json'),
    JSON.stringify({ name: 'form-lib', version: '1.0.0', type: 'module', exports: './index.js' }),
  );
  cpSync(join(repoRoot, 'node_modules', 'ink-select-input'), join(lib, 'node_modules', 'ink-select-input'), {
    recursive: true,
  });
  return { entry: join(root, 'app.js'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Compiles the library (src/, components/) with tsc into bench/.build, as `npm run build` compiles it
 * for publishing, for the benches to load (use-build.mjs). Type errors do not stop the emit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run bench` builds; quick runs (CI, the vitest check) build apart, so both can run at once. */
export const BUILD_DIR = fileURLToPath(new URL('./.build', import.meta.url));
export const QUICK_BUILD_DIR = fileURLToPath(new URL('./.build-quick', import.meta.url));

export function buildLibrary(dir = BUILD_DIR): { ok: boolean; seconds: number; output: string } {
  const started = performance.now();
  rmSync(dir, { recursive: true, force: true });
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/.bin/tsc', import.meta.url));
  const result = spawnSync(
    tsc,
    ['-p', 'tsconfig.build.json', '--outDir', dir, '--declaration', 'false', '--sourceMap', 'false'],
    { cwd: repo, encoding: 'utf8' },
  );
  const ok = existsSync(`${dir}/src/index.js`);
  return { ok, seconds: (performance.now() - started) / 1000, output: `${result.stdout}${result.stderr}` };
}

/**
 * `npm run build`: the published build in dist/, which the start-up benches time. A quick run takes
 * dist/ as it is when there is one: CI builds it first, and a rebuild (`rm -rf dist`) would pull it
 * from under the tests that run alongside the quick check (test/bench/quick.test.ts).
 */
export function buildDist(quick: boolean, repo = fileURLToPath(new URL('..', import.meta.url))): void {
  if (quick && existsSync(`${repo}/dist/index.js`)) return;
  const built = spawnSync('npm', ['run', 'build'], { cwd: repo, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
}

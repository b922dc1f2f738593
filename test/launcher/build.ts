import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface BuiltPackage {
  /** The launcher as published: `bin/ink-mcp.js` over the compiled `dist/`. */
  bin: string;
  /** The compiled preload (`ink-mcp/register`). */
  register: string;
  remove(): void;
}

/**
 * The package as `npm run build` lays it out (`dist/index.js`, `dist/src/…`, `dist/components/…`, `bin/`), compiled
 * file by file with esbuild (quick enough for a test), under the repo's node_modules so that the
 * package's own dependencies resolve as they do for an installed copy.
 */
export async function buildPackage(): Promise<BuiltPackage> {
  const out = join(root, 'node_modules', '.cache', `ink-mcp-launcher-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: ['index.ts', ...sources('src'), ...sources('components')].map((file) => join(root, file)),
    outdir: join(out, 'dist'),
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    bundle: false,
    logLevel: 'error',
  });
  mkdirSync(join(out, 'bin'), { recursive: true });
  copyFileSync(join(root, 'bin', 'ink-mcp.js'), join(out, 'bin', 'ink-mcp.js'));
  return {
    bin: join(out, 'bin', 'ink-mcp.js'),
    register: join(out, 'dist', 'src', 'register', 'index.js'),
    remove: () => rmSync(out, { recursive: true, force: true }),
  };
}

export const repoRoot = root;
export const relativeToRoot = (path: string) => relative(root, path);

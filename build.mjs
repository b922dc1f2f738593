/**
 * `npm run build`: the published dist/. Every entry point of package.json (`exports`, `bin`) is
 * bundled by esbuild from its source (dist/src/index.js ← src/index.ts), with the code they share
 * in common chunks (one copy of the core, whichever entry loads first), so that importing the
 * package reads a few files instead of a hundred. Declarations come from tsc (emitDeclarationOnly)
 * at the same paths. Source maps carry their sources, so they resolve inside the published package.
 * What the user installs stays external: the dependencies and peer dependencies.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

/** Every built file package.json points at (exports' `import`, bin), each once. */
function builtFiles() {
  const files = new Set();
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.startsWith('./dist/') && value.endsWith('.js')) files.add(value);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (key !== 'types') visit(inner);
    }
  };
  visit(pkg.exports);
  visit(typeof pkg.bin === 'string' ? { bin: pkg.bin } : pkg.bin);
  return [...files].map((file) => file.replace(/^\.\//, ''));
}

/** dist/src/index.js ← src/index.ts (or .tsx). */
function sourceOf(file) {
  const stem = file.replace(/^dist\//, '').replace(/\.js$/, '');
  const source = ['.ts', '.tsx', '.mts'].map((ext) => stem + ext).find((path) => existsSync(path));
  if (!source) throw new Error(`ink-mcp build: no source for ${file} (looked for ${stem}.ts/.tsx)`);
  return source;
}

rmSync('dist', { recursive: true, force: true });
const entryPoints = builtFiles().map((file) => ({
  in: sourceOf(file),
  out: file.replace(/^dist\//, '').replace(/\.js$/, ''),
}));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].flatMap(
  (name) => [name, `${name}/*`],
);

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  sourcesContent: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  legalComments: 'none',
});

const tsc = spawnSync('node_modules/.bin/tsc', ['-p', 'tsconfig.build.json', '--emitDeclarationOnly'], {
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
process.stdout.write(`built ${entryPoints.map((e) => e.in).join(', ')} into dist/\n`);

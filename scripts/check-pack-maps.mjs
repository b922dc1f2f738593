#!/usr/bin/env node
// Every source map in the package points at sources the package ships: the files `npm pack` would
// publish are listed, and each `.map` among them must name only listed files. Run after `npm run
// build`: `node scripts/check-pack-maps.mjs`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const [pack] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: repo, encoding: 'utf8' }),
);
const shipped = new Set(pack.files.map((f) => f.path));
const maps = [...shipped].filter((path) => path.endsWith('.map'));
const missing = maps.flatMap((path) => {
  const map = JSON.parse(readFileSync(join(repo, path), 'utf8'));
  const base = join(dirname(path), map.sourceRoot ?? '');
  return map.sources
    .map((source) => normalize(join(base, source)))
    .filter((source) => !shipped.has(source))
    .map((source) => `${path} → ${source}`);
});
if (missing.length > 0) {
  console.error(
    `check-pack-maps: source maps name files the package does not ship:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check-pack-maps: ${maps.length} source maps, every source they name is in the package`);

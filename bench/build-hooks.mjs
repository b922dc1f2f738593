/**
 * Module hooks (registered by use-build.mjs): an import that resolves to a TypeScript file of the
 * library (src/, components/) loads its tsc-compiled JavaScript from the bench build instead, so the
 * benches time the code as it is published, not as tsx transpiles it on the fly (tsx keeps function
 * names with a helper that runs each time a named closure is created: a measurable share of a call).
 */
import { existsSync } from 'node:fs';

let repo = '';
let build = '';
let dirs = [];

/** `data`: the repository's and the build's file URLs (ending in '/'), and the library's folders. */
export function initialize(data) {
  ({ repo, build, dirs } = data);
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const { url } = resolved;
  if (!url.startsWith(repo) || !/\.tsx?$/.test(url)) return resolved;
  const path = url.slice(repo.length);
  if (!dirs.some((dir) => path.startsWith(dir))) return resolved;
  const compiled = `${build}${path.replace(/\.tsx?$/, '.js')}`;
  if (!existsSync(new URL(compiled))) return resolved;
  return { ...resolved, url: compiled, format: 'module' };
}

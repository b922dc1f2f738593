/**
 * `node --import tsx --import ./bench/use-build.mjs`: loads the library from the tsc build named by
 * INK_MCP_BENCH_BUILD (see build-hooks.mjs). Without that variable it does nothing.
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const build = process.env.INK_MCP_BENCH_BUILD;
if (build) {
  const repo = new URL('../', import.meta.url).href;
  register('./build-hooks.mjs', import.meta.url, {
    data: { repo, build: pathToFileURL(`${build.replace(/\/$/, '')}/`).href, dirs: ['src/', 'components/'] },
  });
}

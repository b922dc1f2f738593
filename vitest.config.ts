import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // The benchmark smoke test (every bench still runs, ~45–70 s) is left out of `npm test`, to keep
    // CI within its 15 minutes (2026-12-04); `INK_MCP_BENCH_SMOKE=1 npx vitest run test/bench` runs it.
    exclude:
      process.env.INK_MCP_BENCH_SMOKE === '1'
        ? ['**/node_modules/**']
        : ['**/node_modules/**', 'test/bench/**'],
    // Real Ink renders and real transports: keep per-test time generous but bounded.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker less than the CPUs: one on a 2-core machine, where most files
    // wait on child processes and sockets. Two workers there took the suite from 487 s to 301 s
    // (2026-12-02); elsewhere the default. Three were faster still (274 s against 296–328 s), but on
    // CI's Node 22 leg a property test ran past its 20 s and a frame-count test saw the 32 ms render
    // timer fire between two keys (2026-12-04): two it stays.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

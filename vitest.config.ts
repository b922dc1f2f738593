import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Real Ink renders and real transports: keep per-test time generous but bounded.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker less than the CPUs: one on a 2-core machine, where most files
    // wait on child processes and sockets. Two workers there: the suite took 301 s instead of 487 s
    // (2026-12-02); elsewhere the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

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
    // wait on child processes and sockets. Two workers there took the suite from 487 s to 301 s
    // (2026-12-02); three, from 296–328 s to 274 s (2026-12-04, every test passing at that load);
    // elsewhere the default.
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});

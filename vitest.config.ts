import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Real Ink renders and real transports: keep per-test time generous but bounded.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});

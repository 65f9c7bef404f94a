import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Integration suites create real databases; give slow DDL on MariaDB room.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

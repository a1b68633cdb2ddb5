import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One real PostgreSQL server for the whole run; tests get its URL through inject('pgAdminUrl').
    globalSetup: ['./test/support/postgres.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

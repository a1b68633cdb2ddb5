import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts', 'synth/**/*.test.ts', 'bench/**/*.test.ts', 'bin/**/*.test.ts'],
    testTimeout: 60_000,
  },
});

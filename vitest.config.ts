import { defineConfig } from 'vitest/config';

// One test command for the whole monorepo: each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/engine', 'apps/server', 'apps/web', 'e2e'],
  },
});

import { defineConfig } from 'vitest/config';

// One run covers every workspace's unit and integration tests; each project keeps its own setup.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});

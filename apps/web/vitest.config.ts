import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// Unit tests of the web app's plain modules (API client, session, search params). They run in
// Node with in-memory Web Storage; screens are covered end to end by e2e/.
export default defineProject({
  resolve: { alias: { '@': path.resolve(root, 'src') } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/testing/setup-storage.ts'],
  },
});

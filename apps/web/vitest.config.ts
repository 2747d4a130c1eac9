import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

// Unit tests of the web app's plain modules (in Node) and component tests of its screens (*.tsx:
// Testing Library in jsdom, chosen by each file's `@vitest-environment jsdom` line; the API is
// answered at the fetch boundary by msw). Whole journeys are covered by e2e/.
export default defineProject({
  resolve: { alias: { '@': path.resolve(root, 'src') } },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-storage.ts', 'src/testing/setup-dom.ts'],
  },
});

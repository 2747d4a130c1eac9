import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { webBoundaryZones } from './apps/web/eslint-boundaries.js';
import stocksync from './eslint-rules/index.js';

// files still to fix in issue 21; must be empty
const serverFilesToFix = [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'apps/web/src/routeTree.gen.ts',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webBoundaryZones('apps/web/src') }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', ...serverFilesToFix],
    plugins: { stocksync },
    rules: { 'stocksync/table-ownership': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/{db,jobs}/**', ...serverFilesToFix],
    rules: {
      'stocksync/data-access-in-repositories': [
        'error',
        { clientCreators: String.raw`apps/server/src/(main\.ts|scripts/)` },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

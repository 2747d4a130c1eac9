import { defineConfig } from '@playwright/test';

// The harness (global-setup.ts) builds the web app, starts an SMTP capture and the real server
// with a fresh embedded PostgreSQL, and hands the URLs to the tests through the environment.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // scripts/run-tests.mjs sets PLAYWRIGHT_JSON_OUTPUT_NAME; an explicit outputFile would override it.
  reporter: [
    ['list'],
    [
      'json',
      process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
        ? {}
        : { outputFile: '../test-results/e2e/results.json' },
    ],
  ],
  // E2E_OUTPUT_DIR keeps concurrent local runs from deleting each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results/e2e',
  use: {
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});

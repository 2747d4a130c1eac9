#!/usr/bin/env node
// Runs every test suite (Vitest projects, then Playwright end-to-end) and prints one closing line
// "N passed, N failed" summing them all. Exits non-zero when any suite failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { vitestCounts } from './vitest-counts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit` or `npm test -- e2e`
const suites = [
  {
    name: 'unit+integration (vitest)',
    key: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(outDir, 'vitest.json')}`,
    ],
    read: () => {
      return vitestCounts(path.join(outDir, 'vitest.json'));
    },
  },
  {
    name: 'end-to-end (playwright)',
    key: 'e2e',
    cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(outDir, 'playwright.json') },
    read: () => {
      const r = JSON.parse(readFileSync(path.join(outDir, 'playwright.json'), 'utf8'));
      return { passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected };
    },
  },
];

let passed = 0;
let failed = 0;
const lines = [];
for (const suite of suites) {
  if (only.length && !only.includes(suite.key)) continue;
  console.log(`\n=== ${suite.name} ===`);
  const res = spawnSync(suite.cmd[0], suite.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  let counts;
  try {
    counts = suite.read();
  } catch {
    counts = { passed: 0, failed: 1 }; // the suite crashed before writing its report
  }
  if (res.status !== 0 && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  lines.push(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed`);
}
writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ passed, failed, suites: lines }));
console.log('\n' + lines.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

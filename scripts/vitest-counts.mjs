#!/usr/bin/env node
// Passed and failed tests from a Vitest JSON report. A test file that failed without a failing test
// (it did not load, or a hook threw) counts as one failure. As a command it prints "<passed> <failed>".
import { readFileSync } from 'node:fs';

export function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed } = vitestCounts(process.argv[2]);
  console.log(`${passed} ${failed}`);
}

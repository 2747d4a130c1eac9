#!/usr/bin/env node
// Runs every benchmark under bench/<name>/run.ts (or only those named: `npm run bench -- product-list`).
// Each benchmark writes its own figures to bench/results/<name>.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wanted = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'results')
  .map((d) => d.name)
  .filter((name) => existsSync(path.join(root, 'bench', name, 'run.ts')))
  .filter((name) => wanted.length === 0 || wanted.includes(name));

let failures = 0;
for (const name of benches) {
  console.log(`\n=== bench/${name} ===`);
  const res = spawnSync('npx', ['tsx', path.join('bench', name, 'run.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) failures += 1;
}
if (benches.length === 0) console.log('no benchmarks matched');
process.exit(failures > 0 ? 1 : 0);

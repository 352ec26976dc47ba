#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ one after another (each prints a table and writes
// bench/results/<name>.json). Benchmarks measure; they are never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && (only.length === 0 || only.some((o) => f.includes(o))));
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const run = spawnSync(process.execPath, ['--expose-gc', `${dir}${bench}`], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

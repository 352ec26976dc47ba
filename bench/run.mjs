#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ one after another (each prints a table and writes
// bench/results/<name>.json). Benchmarks measure; they are never part of `npm test` — but each has a
// smoke mode that is (BENCH_SMOKE=1, bench/lib/smoke.mjs; test/bench-smoke.test.ts).
// `node bench/run.mjs log cost` runs only the benches whose file name contains one of the words.
// The cost of watching depends on whether the server honours Range on the job log (real GitLab
// does not): bench/cost.mjs runs once each way, writing cost.json and cost-strict.json. (HTTP=2,
// what HTTP/2 would save, is run by hand: pipetop speaks HTTP/1.1.)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_RUNS, label } from './lib/runs.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
let failed = 0;
for (const run of BENCH_RUNS.filter((r) => only.length === 0 || only.some((o) => r.bench.includes(o)))) {
  console.log(`\n=== ${label(run)} ===`);
  const result = spawnSync(process.execPath, ['--expose-gc', `${dir}${run.bench}`], { stdio: 'inherit', env: { ...process.env, ...run.env } });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ one after another (each prints a table and writes
// bench/results/<name>.json). Benchmarks measure; they are never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && (only.length === 0 || only.some((o) => f.includes(o))));
// The cost of watching depends on whether the server honours Range on the job log (real GitLab
// does not): bench/cost.mjs runs once each way, writing cost.json and cost-strict.json. (HTTP=2,
// what HTTP/2 would save, is run by hand: pipetop speaks HTTP/1.1.)
const VARIANTS = {
  'cost.mjs': [{}, { STRICT: '1' }],
};
let failed = 0;
for (const bench of benches) {
  for (const vars of VARIANTS[bench] ?? [{}]) {
    const label = Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    console.log(`\n=== ${bench} ${label} ===`);
    const run = spawnSync(process.execPath, ['--expose-gc', `${dir}${bench}`], { stdio: 'inherit', env: { ...process.env, ...vars } });
    if (run.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// Cold start (issue 7, benchmark 1): the bundle spawned in a pseudo-terminal against an already
// running simulator — time to the first frame and to the first frame with data — beside bare
// `node -e 0` started the same way. Medians over repeated runs. Prints a table, writes
// bench/results/startup.json. Not a test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from 'node-pty';
import { spawnSimulator } from './lib/harness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = `${root}dist/pipetop.js`;
const RUNS = Number(process.env.RUNS ?? 15);
spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });

const { sim, url } = await spawnSimulator(bundle);

const env = { ...process.env, TERM: 'xterm-256color', GITLAB_HOST: url, GITLAB_TOKEN: 'demo-user-token' };
delete env.CI;

// Demo mode, as on a first run: no GitLab configured (no variables, no glab config, no git remote),
// so pipetop builds its simulator world in-process before it can show data.
const demoHome = mkdtempSync(join(tmpdir(), 'pipetop-bench-home-'));
const demoEnv = { ...env, HOME: demoHome, XDG_CONFIG_HOME: demoHome };
delete demoEnv.GITLAB_HOST;
delete demoEnv.GITLAB_TOKEN;

/** ms until the pty shows each mark (a predicate over the bytes so far), then kills it. */
function timeTo(args, marks, opts = { env, cwd: root }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = pty.spawn(process.execPath, args, { cols: 100, rows: 30, ...opts });
    let out = '';
    const found = {};
    child.onData((d) => {
      out += d;
      for (const [name, test] of Object.entries(marks)) if (found[name] === undefined && test(out)) found[name] = performance.now() - t0;
      if (Object.keys(found).length === Object.keys(marks).length) child.kill();
    });
    child.onExit(() => resolve({ ...found, exit: performance.now() - t0 }));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const node0 = [];
const first = [];
const data = [];
const demoFirst = [];
const demoData = [];
for (let i = 0; i < RUNS; i++) {
  node0.push((await timeTo(['-e', '0'], {})).exit);
  const r = await timeTo([bundle], { frame: (o) => o.includes('pipetop'), data: (o) => o.includes('acme/api') });
  first.push(r.frame);
  data.push(r.data);
  const d = await timeTo([bundle], { frame: (o) => o.includes('pipetop'), data: (o) => o.includes('acme/api') }, { env: demoEnv, cwd: demoHome });
  demoFirst.push(d.frame);
  demoData.push(d.data);
}
sim.kill();
rmSync(demoHome, { recursive: true, force: true });
const results = {
  runs: RUNS,
  nodeE0Ms: median(node0),
  firstFrameMs: median(first),
  firstDataFrameMs: median(data),
  ratioFirstFrame: median(first) / median(node0),
  demoFirstFrameMs: median(demoFirst),
  demoFirstDataFrameMs: median(demoData),
};
console.table({
  'node -e 0 (exit)': { ms: results.nodeE0Ms.toFixed(0), target: '' },
  'pipetop first frame': { ms: results.firstFrameMs.toFixed(0), target: `≤ 3× node -e 0 → ratio ${results.ratioFirstFrame.toFixed(2)}` },
  'pipetop first frame with data': { ms: results.firstDataFrameMs.toFixed(0), target: '' },
  'demo (no GitLab configured): first frame': { ms: results.demoFirstFrameMs.toFixed(0), target: '' },
  'demo: first frame with data': { ms: results.demoFirstDataFrameMs.toFixed(0), target: '' },
});
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(
  `${root}bench/results/startup.json`,
  JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage1m: loadavg()[0], results }, null, 2),
);

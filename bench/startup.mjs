#!/usr/bin/env node
// Cold start: the bundle spawned in a pseudo-terminal against an already
// running simulator — time to the first frame and to the first frame with data — beside bare
// `node -e 0` started the same way. Medians over repeated runs. Prints a table, writes
// bench/results/startup.json. Not a test.
//
// BUNDLES=old/dist/pipetop.js,dist/pipetop.js compares bundles instead (built beforehand; nothing
// is built): each round runs `node -e 0` and then every bundle, in an order reversed every other
// round (A B, B A, …), so a change in the shared machine's speed weighs on each alike. It prints one
// row per bundle and writes bench/results/startup-ab.json. The simulator is the first bundle's.
//
// V8's code cache (src/boot/chunk-loader.ts) lives in a directory of the bench's own, never the
// user's: CODE_CACHE=warm (the default) fills it with two runs of each bundle before measuring, as
// on every start after the first; CODE_CACHE=cold gives each start an empty one, as on a first run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from 'node-pty';
import { spawnSimulator } from './lib/harness.mjs';
import { resultsPath, SMOKE, size } from './lib/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? size(15, 1));
// A start that never shows its marks ends the run instead of hanging it.
const GIVE_UP_MS = size(60_000, 20_000);
const compared = process.env.BUNDLES ? process.env.BUNDLES.split(',').map((b) => resolve(b.trim())) : null;
const bundle = compared ? compared[0] : `${root}dist/pipetop.js`;
// CPU to the first frame is also given (Linux): the CPU time of all the process's threads when the
// frame showed, which other work on the machine moves far less than wall time.
// A smoke run uses the bundle `npm test` built (rebuilding it would change it under the pty tests).
if (!compared && !SMOKE) spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });

const { sim, url } = await spawnSimulator(bundle);

const COLD = process.env.CODE_CACHE === 'cold';
const cacheHome = mkdtempSync(join(tmpdir(), 'pipetop-bench-cache-'));
const env = { ...process.env, TERM: 'xterm-256color', GITLAB_HOST: url, GITLAB_TOKEN: 'demo-user-token', XDG_CACHE_HOME: cacheHome };
delete env.CI;
delete env.PIPETOP_NO_CODE_CACHE;

// Demo mode, as on a first run: no GitLab configured (no variables, no glab config, no git remote),
// so pipetop builds its simulator world in-process before it can show data.
const demoHome = mkdtempSync(join(tmpdir(), 'pipetop-bench-home-'));
const demoEnv = { ...env, HOME: demoHome, XDG_CONFIG_HOME: demoHome };
delete demoEnv.GITLAB_HOST;
delete demoEnv.GITLAB_TOKEN;

/**
 * The CPU time (ms, every thread: V8's compilers and GC helpers too) the process has used so far,
 * from Linux's per-thread schedstat (ns); null elsewhere. Less moved by the machine's other work
 * than wall time: read when a mark shows, it is the CPU a start took to get there.
 */
function cpuMsOf(pid) {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}

/**
 * ms until the pty shows each mark (a predicate over the bytes so far), then kills it (`holdMs`
 * later); `cpu.<mark>` is the process's CPU time when that mark showed.
 */
function timeTo(args, marks, opts = { env, cwd: root }, holdMs = 0) {
  return new Promise((resolve) => {
    // A first run's start: an empty cache directory, made before the clock starts.
    const fresh = COLD && args[0] !== '-e' ? mkdtempSync(join(cacheHome, 'cold-')) : null;
    if (fresh) opts = { ...opts, env: { ...opts.env, XDG_CACHE_HOME: fresh } };
    const t0 = performance.now();
    const child = pty.spawn(process.execPath, args, { cols: 100, rows: 30, ...opts });
    let out = '';
    let done = false;
    const found = {};
    const cpu = {};
    child.onData((d) => {
      out += d;
      for (const [name, test] of Object.entries(marks)) {
        if (found[name] !== undefined || !test(out)) continue;
        found[name] = performance.now() - t0;
        cpu[name] = cpuMsOf(child.pid);
      }
      if (Object.keys(found).length === Object.keys(marks).length && !done) {
        done = true;
        setTimeout(() => child.kill(), holdMs);
      }
    });
    const giveUp = setTimeout(() => child.kill(), GIVE_UP_MS);
    child.onExit(() => {
      clearTimeout(giveUp);
      if (fresh) rmSync(fresh, { recursive: true, force: true });
      const missing = Object.keys(marks).filter((name) => found[name] === undefined);
      if (missing.length) {
        console.error(`${args.join(' ')}: no ${missing.join(', ')} within ${GIVE_UP_MS / 1000} s; the screen read:\n${out.slice(-2000)}`);
        sim.kill();
        process.exit(1);
      }
      resolve({ ...found, cpu, exit: performance.now() - t0 });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const node0 = [];
const marks = { frame: (o) => o.includes('pipetop'), data: (o) => o.includes('acme/api') };
if (!COLD) {
  // Two starts of each bundle, each held past the first frame until the loader has written its
  // cache (a second after the first frame).
  for (const b of compared ?? [bundle]) for (let i = 0; i < 2; i++) await timeTo([b], marks, { env, cwd: root }, 2000);
  if (readdirSync(cacheHome).length === 0) console.error('note: no code cache was written (bundles without src/boot/chunk-loader.ts)');
}
if (compared) {
  await compare(compared);
  process.exit(0);
}
const first = [];
const firstCpu = [];
const data = [];
const demoFirst = [];
const demoData = [];
for (let i = 0; i < RUNS; i++) {
  node0.push((await timeTo(['-e', '0'], {})).exit);
  const r = await timeTo([bundle], { frame: (o) => o.includes('pipetop'), data: (o) => o.includes('acme/api') });
  first.push(r.frame);
  if (r.cpu.frame !== null) firstCpu.push(r.cpu.frame);
  data.push(r.data);
  const d = await timeTo([bundle], { frame: (o) => o.includes('pipetop'), data: (o) => o.includes('acme/api') }, { env: demoEnv, cwd: demoHome });
  demoFirst.push(d.frame);
  demoData.push(d.data);
}
sim.kill();
rmSync(demoHome, { recursive: true, force: true });
rmSync(cacheHome, { recursive: true, force: true });
const results = {
  codeCache: COLD ? 'cold' : 'warm',
  runs: RUNS,
  nodeE0Ms: median(node0),
  firstFrameMs: median(first),
  firstDataFrameMs: median(data),
  ratioFirstFrame: median(first) / median(node0),
  firstFrameCpuMs: firstCpu.length ? median(firstCpu) : null,
  demoFirstFrameMs: median(demoFirst),
  demoFirstDataFrameMs: median(demoData),
};
console.table({
  'node -e 0 (exit)': { ms: results.nodeE0Ms.toFixed(0), target: '' },
  'pipetop first frame': { ms: results.firstFrameMs.toFixed(0), target: `≤ 3× node -e 0 → ratio ${results.ratioFirstFrame.toFixed(2)}` },
  'pipetop first frame, CPU (all threads)': { ms: results.firstFrameCpuMs === null ? '-' : results.firstFrameCpuMs.toFixed(0), target: '' },
  'pipetop first frame with data': { ms: results.firstDataFrameMs.toFixed(0), target: '' },
  'demo (no GitLab configured): first frame': { ms: results.demoFirstFrameMs.toFixed(0), target: '' },
  'demo: first frame with data': { ms: results.demoFirstDataFrameMs.toFixed(0), target: '' },
});
writeFileSync(
  resultsPath('startup.json'),
  JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage1m: loadavg()[0], results }, null, 2),
);

/** BUNDLES=…: the bundles interleaved, round by round, with `node -e 0`. */
async function compare(bundles) {
  const samples = bundles.map(() => ({ first: [], firstCpu: [], data: [], demoFirst: [], demoData: [] }));
  for (let i = 0; i < RUNS; i++) {
    node0.push((await timeTo(['-e', '0'], {})).exit);
    const order = bundles.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const r = await timeTo([bundles[k]], marks);
      samples[k].first.push(r.frame);
      if (r.cpu.frame !== null) samples[k].firstCpu.push(r.cpu.frame);
      samples[k].data.push(r.data);
    }
    for (const k of order) {
      const d = await timeTo([bundles[k]], marks, { env: demoEnv, cwd: demoHome });
      samples[k].demoFirst.push(d.frame);
      samples[k].demoData.push(d.data);
    }
  }
  sim.kill();
  rmSync(demoHome, { recursive: true, force: true });
  rmSync(cacheHome, { recursive: true, force: true });
  const n0 = median(node0);
  const rows = bundles.map((b, k) => ({
    bundle: b.startsWith(root) ? b.slice(root.length) : b,
    firstFrameMs: median(samples[k].first),
    ratioFirstFrame: median(samples[k].first) / n0,
    firstFrameCpuMs: samples[k].firstCpu.length ? median(samples[k].firstCpu) : null,
    firstDataFrameMs: median(samples[k].data),
    demoFirstFrameMs: median(samples[k].demoFirst),
    demoFirstDataFrameMs: median(samples[k].demoData),
  }));
  console.log(
    `node -e 0 (exit): ${n0.toFixed(0)} ms, ${RUNS} rounds, code cache ${COLD ? 'cold' : 'warm'}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        r.bundle,
        {
          'first frame': r.firstFrameMs.toFixed(0),
          '× node -e 0': r.ratioFirstFrame.toFixed(2),
          'CPU to first frame': r.firstFrameCpuMs === null ? '-' : r.firstFrameCpuMs.toFixed(0),
          'with data': r.firstDataFrameMs.toFixed(0),
          'demo first frame': r.demoFirstFrameMs.toFixed(0),
          'demo with data': r.demoFirstDataFrameMs.toFixed(0),
        },
      ]),
    ),
  );
  writeFileSync(
    resultsPath('startup-ab.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAverage: loadavg(),
        codeCache: COLD ? 'cold' : 'warm',
        runs: RUNS,
        nodeE0Ms: n0,
        bundles: rows,
      },
      null,
      2,
    ),
  );
}

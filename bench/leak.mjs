#!/usr/bin/env node
// No leak: the app's memory over 30 simulated minutes of watching a busy
// project. Not a test: prints a table, writes bench/results/leak.json.
// Run: node --expose-gc bench/leak.mjs   (npm run bench passes --expose-gc; MINUTES=… shortens it)
//
// The real app (store + controller + <App/> rendered by Ink to a discarding stream, as in
// bench/cost.mjs) watches acme/api on a virtual clock (bench/lib/harness.mjs): its timers fire as
// the bench advances virtual time, and the simulator — in a process of its own, so this process's
// memory is the app's alone — has its clock moved by the same amount first, step by step (100 ms).
// Meanwhile a second user starts a pipeline on main every 2 simulated minutes, on top of the
// world's own pushes, so pipelines start, run and finish throughout. Each simulated minute the
// "user" watches the pipeline list for 30 s, opens the newest running pipeline for 15 s, opens one
// of its running jobs (its log tailed live) for 13 s, and goes back to the list: every pane and
// the log engine are opened and closed 30 times.
//
// Two runs, each in a process of its own: with V8's defaults, and with V8's young generation held at
// 8 MB per semi-space (--max-semi-space-size=8). V8 sizes the young generation to the allocation
// rate, up to 16 MB per semi-space; 30 simulated minutes in ~30 real seconds allocate ~60× faster
// than a person watching, so with the defaults the young generation doubles from 16 to 32 MB a few
// minutes in — RSS the app does not hold in real time (bench/manual/leak-realtime.mjs: the bundle in
// a pty, real minutes, V8 defaults). The second run keeps that compression artefact out; both are
// reported, and each sample also gives RSS less the young generation.
//
// Sampled at the end of each simulated minute (back on the list), after two forced GCs: RSS, V8's
// young generation, heapUsed, external + arrayBuffers, open file descriptors, and how many entries the store holds.
// Target: RSS after 30 minutes within 10% of RSS after the first minute. The slope is a
// least-squares fit over minutes 1–30. HEAPSNAP=1 writes heap snapshots after minutes 2 and the
// last to /tmp (to diff when something grows; the snapshot itself inflates RSS afterwards); SPACES=1
// prints the size of each of V8's heap spaces every minute.
import { fork, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import v8 from 'node:v8';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countingAgent, installVirtualTimers, loadApp, machine, settle, startApp } from './lib/harness.mjs';
import { resultsPath, size } from './lib/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MINUTES = Number(process.env.MINUTES ?? size(30, 2));
// A smoke run takes 1 s steps, as bench/cost.mjs does: the same phases, a tenth of the round trips.
const STEP_MS = size(100, 1000);
const SEED = 42;
const START = Date.UTC(2026, 10, 20, 12, 0, 0);
const PROJECT = 'acme/api';
const MB = 1024 * 1024;
if (typeof global.gc !== 'function') {
  console.error('run with --expose-gc (npm run bench does)');
  process.exit(2);
}

const VARIANTS = { 'V8 defaults': [], 'young generation 2×8 MB': ['--max-semi-space-size=8'] };
if (!process.env.LEAK_VARIANT) {
  // The parent: runs each variant in a fresh process and gathers what they found.
  const results = {};
  for (const [variant, flags] of Object.entries(VARIANTS).slice(0, size(undefined, 1))) {
    const out = `${tmpdir()}/pipetop-leak-${process.pid}.json`;
    console.log(`\n--- ${variant} ${flags.join(' ')}`);
    const run = spawnSync(process.execPath, ['--expose-gc', ...flags, fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, LEAK_VARIANT: variant, LEAK_OUT: out },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
    results[variant] = { nodeFlags: flags, ...JSON.parse(readFileSync(out, 'utf8')) };
    rmSync(out);
  }
  const file = resultsPath('leak.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        ...(await machine()),
        minutes: MINUTES,
        stepMs: STEP_MS,
        seed: SEED,
        target: 'RSS after the last minute ≤ 1.10 × RSS after the first',
        variants: results,
      },
      null,
      2,
    ) + '\n',
  );
  process.stderr.write(`wrote ${file}\n`);
  process.exit(0);
}

const vt = installVirtualTimers(() => {});
const { app, file, remove } = await loadApp({ keep: true });

// ------------------------------------------------------------------------------------------------
// The simulator process and its clock.

const child = fork(`${root}bench/lib/sim-process.mjs`, [file, String(SEED), String(START)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const replies = [];
let waiting = null;
child.on('message', (m) => {
  if (waiting) {
    const w = waiting;
    waiting = null;
    w(m);
  } else replies.push(m);
});
const reply = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((resolve) => (waiting = resolve)));
const ready = await reply();
remove();
let simTime = ready.now;
const now = () => simTime;
async function advanceSim(ms) {
  child.send({ type: 'advance', ms });
  simTime = (await reply()).now;
}

const agent = await countingAgent({ finishedByExchange: true });
const bobAgent = await countingAgent();
const { request } = await import('undici');
const bobHeaders = { 'private-token': app.DEMO_TOKENS.other, accept: 'application/json' };
const api = `${ready.url}/api/v4`;
async function bob(method, path) {
  const res = await request(`${api}${path}`, { method, headers: bobHeaders, dispatcher: bobAgent.agent });
  const text = await res.body.text();
  return text ? JSON.parse(text) : null;
}
const project = await bob('GET', `/projects/${encodeURIComponent(PROJECT)}`);

// ------------------------------------------------------------------------------------------------
// Watching.

const a = await startApp(app, {
  now,
  baseUrl: ready.url,
  agent,
  stack: [{ kind: 'projects' }, { kind: 'project', projectId: project.id, path: PROJECT, tab: 'pipelines' }],
});
const states = [agent.state, bobAgent.state];
let elapsed = 0;
async function run(ms) {
  for (let t = 0; t < ms; t += STEP_MS) {
    await advanceSim(STEP_MS);
    await vt.advance(STEP_MS);
    await settle(states);
    elapsed += STEP_MS;
    if (elapsed % 120_000 === 0) await bob('POST', `/projects/${project.id}/pipeline?ref=main`);
  }
}

const top = () => a.store.getState().stack.at(-1);
const opened = { pipelines: 0, jobs: 0 };
// rowsOf takes a typed list key (src/store/types.ts); the store indexes lists by its text form.
const keyText = (key) => (key.kind === 'pipelineJobs' ? `pipelineJobs:${key.projectId}:${key.pipelineId}` : `${key.kind}:${key.projectId}`);
function select(key, pick) {
  const rows = a.controller.rowsOf(key);
  const at = rows.findIndex(pick);
  const text = keyText(key);
  a.store.setState((s) => ({ lists: { ...s.lists, [text]: { ...s.lists[text], selected: Math.max(0, at) } } }));
  return at >= 0 ? rows[at] : rows[0];
}

/** Entries in the store's maps: what the app remembers. */
function storeSizes() {
  const st = a.store.getState();
  const n = (o) => Object.keys(o).length;
  return {
    jobs: n(st.jobs),
    pipelines: n(st.pipelines),
    lists: n(st.lists),
    listRows: Object.values(st.lists).reduce((k, l) => k + l.items.length, 0),
    logViews: n(st.logViews),
  };
}

function sample(minute) {
  global.gc();
  global.gc();
  const m = process.memoryUsage();
  const youngMB = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space').physical_space_size / MB;
  return {
    minute,
    rssMB: m.rss / MB,
    heapUsedMB: m.heapUsed / MB,
    externalMB: (m.external + m.arrayBuffers) / MB,
    fds: readdirSync('/proc/self/fd').length,
    frames: a.stdout.frames,
    requests: agent.state.dispatched,
    store: storeSizes(),
    youngMB,
    rssLessYoungMB: m.rss / MB - youngMB,
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, +(x.physical_space_size / MB).toFixed(2)])),
  };
}

const t0 = performance.now();
await run(1_000);
const samples = [sample(0)];
for (let minute = 1; minute <= MINUTES; minute++) {
  await run(30_000);
  // The newest running pipeline (or the newest), then one of its running jobs (or its first).
  const listKey = { kind: 'pipelines', projectId: project.id };
  if (select(listKey, (p) => p.status === 'running')) {
    a.controller.run('nav.open');
    opened.pipelines++;
    await run(15_000);
    const pane = top();
    if (pane.kind === 'pipeline') {
      if (select({ kind: 'pipelineJobs', projectId: project.id, pipelineId: pane.pipelineId }, (j) => j.status === 'running')) {
        a.controller.run('nav.open');
        if (top().kind === 'job') opened.jobs++;
      }
    }
    await run(13_000);
    for (let i = 0; i < 5 && top().kind !== 'project'; i++) a.controller.run('nav.back');
    await run(2_000);
  } else await run(30_000);
  samples.push(sample(minute));
  if (process.env.HEAPSNAP && (minute === 2 || minute === MINUTES)) (await import('node:v8')).writeHeapSnapshot(`/tmp/leak-${minute}.heapsnapshot`);
  process.stderr.write(
    `minute ${minute}: rss ${samples.at(-1).rssMB.toFixed(1)} MB, young ${samples.at(-1).youngMB.toFixed(1)} MB, heap ${samples.at(-1).heapUsedMB.toFixed(1)} MB, store ${JSON.stringify(samples.at(-1).store)} ${process.env.SPACES ? JSON.stringify(samples.at(-1).spaces) : ''}\n`,
  );
}
const realS = (performance.now() - t0) / 1000;
a.stop();
await settle(states);
child.send({ type: 'close' });

// ------------------------------------------------------------------------------------------------
// Report.

function slope(points, key) {
  const xs = points.map((p) => p.minute);
  const ys = points.map((p) => p[key]);
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : 0;
}
const fit = samples.filter((s) => s.minute >= 1);
const first = fit[0];
const last = fit.at(-1);
const summary = (key) => ({
  first: first[key],
  last: last[key],
  max: Math.max(...fit.map((s) => s[key])),
  slopePerMin: slope(fit, key),
  lastOverFirst: last[key] / first[key],
});
const results = {
  rss: summary('rssMB'),
  rssLessYoung: summary('rssLessYoungMB'),
  young: summary('youngMB'),
  heapUsed: summary('heapUsedMB'),
  external: summary('externalMB'),
  fds: { first: first.fds, last: last.fds, max: Math.max(...fit.map((s) => s.fds)) },
  opened,
  requests: last.requests,
  frames: last.frames,
  realS,
  samples,
};
const f = (n, d = 1) => n.toFixed(d);
const rows = {};
for (const [name, key] of [
  ['RSS', 'rss'],
  ['RSS − young generation', 'rssLessYoung'],
  ['young generation', 'young'],
  ['heapUsed', 'heapUsed'],
  ['external + arrayBuffers', 'external'],
]) {
  const r = results[key];
  rows[name] = {
    'after 1 min': `${f(r.first)} MB`,
    [`after ${MINUTES} min`]: `${f(r.last)} MB`,
    max: `${f(r.max)} MB`,
    slope: `${f(r.slopePerMin * 1024, 0)} kB/min`,
    'last / first': f(r.lastOverFirst, 3),
    target: key === 'rss' ? '≤ 1.10' : '',
    ok: key === 'rss' ? (r.lastOverFirst <= 1.1 ? 'yes' : 'NO') : '',
  };
}
console.table(rows);
console.table(
  Object.fromEntries(
    samples
      .filter((s) => s.minute % 5 === 0 || s.minute === 1)
      .map((s) => [
        `min ${s.minute}`,
        { 'rss MB': f(s.rssMB), 'young MB': f(s.youngMB), 'heapUsed MB': f(s.heapUsedMB), 'ext MB': f(s.externalMB), fds: s.fds, requests: s.requests },
      ]),
  ),
);
console.log(
  `open file descriptors: ${results.fds.first} after 1 min, ${results.fds.last} at the end (max ${results.fds.max}); ${opened.pipelines} pipelines and ${opened.jobs} job logs opened and closed; ${results.requests} requests; ${MINUTES} simulated minutes in ${f(realS, 0)} s`,
);

writeFileSync(process.env.LEAK_OUT, JSON.stringify({ results, table: rows }));
process.exit(0);

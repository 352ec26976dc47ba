#!/usr/bin/env node
// The simulator under load: requests/s and latency for a page of jobs (and the
// pipeline list and a job trace) with 1, 10 and 50 concurrent keep-alive clients. The simulator runs
// as its own process (the built bundle, `pipetop sim --port 0 --seed 42`, speed 1 as in a demo), so
// client and server do not share one event loop; the clients are undici `request`s through a Pool
// with one keep-alive connection per client, sending what pipetop sends (PRIVATE-TOKEN,
// Accept: application/json, Accept-Encoding: gzip). Each setting: WARMUP_S of warm-up (not counted),
// then REPS runs of MEASURE_S; the table shows the median run. Every non-2xx answer (or, on the
// revalidation row, anything but the expected 304) and every network error is counted in `errors`.
// Prints a table, writes bench/results/simulator.json. Not a test. Run: node bench/simulator.mjs
// (WARMUP_S, MEASURE_S, REPS in the environment shorten it; SIM_CPU_PROF=dir profiles the server).
//
// Targets — what "demos and tests never wait on it" needs:
// - A jobs page of a normal (~10-job) pipeline, 1 client: p99 ≤ 10 ms. The TUI refreshes the
//   pipeline it shows every few seconds and renders a frame every 16 ms; an answer inside one frame
//   means the simulator is never what the screen waits for. A test awaiting a refresh likewise waits
//   for the render, not for the server.
// - The same page at 10 clients: ≥ 1,000 req/s. ~800 tests making a few dozen requests each is
//   some 30–40k requests; at 1,000/s that is well under a minute of simulator time in total, spread
//   over the run, and ten demo TUIs polling a handful of URLs every few seconds use ~1% of it.
// - A full 100-job page of the 323-job pipeline, 1 client: p99 ≤ 25 ms. The TUI reads such a
//   pipeline as 4 pages per refresh; 4 × 25 ms stays within the ~100 ms that still feels instant.
// - A 20-job page of the big pipeline, the pipeline list (per_page=20) and a job's trace, 1 client:
//   p99 ≤ 10 ms, for the same reason as the jobs page (they are polled alongside it).
// Concurrency 50 is reported without a target: it shows how latency degrades, not a use case.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Pool, request } from 'undici';
import { resultsPath, SMOKE, size } from './lib/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = `${root}dist/pipetop.js`;
const WARMUP_S = Number(process.env.WARMUP_S ?? size(5, 0.1));
const MEASURE_S = Number(process.env.MEASURE_S ?? size(8, 0.2));
const REPS = Number(process.env.REPS ?? size(3, 1));
const CONCURRENCY = (process.env.CONCURRENCY ?? size('1,10,50', '1,10')).split(',').map(Number);
const TOKEN = 'demo-user-token';
const HEADERS = { 'private-token': TOKEN, accept: 'application/json', 'accept-encoding': 'gzip' };

// A smoke run uses the bundle `npm test` built (rebuilding it would change it under the pty tests).
if (!SMOKE) spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });

// ------------------------------------------------------------------------------------------------
// The simulator process.

const profDir = process.env.SIM_CPU_PROF;
const sim = spawn(process.execPath, [...(profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir] : []), bundle, 'sim', '--port', '0', '--seed', '42'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const origin = await new Promise((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error(`simulator did not print its URL within 30 s: ${out}`)), 30_000);
  sim.on('exit', (code) => reject(new Error(`simulator exited with ${code}: ${out}`)));
  sim.stdout.on('data', (d) => {
    out += d;
    const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
    if (m) {
      clearTimeout(timer);
      resolve(m[0]);
    }
  });
});
const api = `${origin}/api/v4`;

/** CPU seconds the simulator process has used (user + system), from /proc. */
function simCpuS() {
  try {
    const fields = readFileSync(`/proc/${sim.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

// ------------------------------------------------------------------------------------------------
// Finding real pipelines and a job in the world.

async function get(path, extra = {}) {
  const res = await request(`${api}${path}`, { headers: { 'private-token': TOKEN, ...extra } });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${text.slice(0, 200)}`);
  return { headers: res.headers, data: JSON.parse(text) };
}

async function finishedPipeline(projectPath, accept) {
  const project = (await get('/projects?per_page=100')).data.find((p) => p.path_with_namespace === projectPath);
  if (!project) throw new Error(`no project ${projectPath}`);
  const pipelines = (await get(`/projects/${project.id}/pipelines?per_page=100`)).data;
  for (const p of pipelines) {
    if (p.status !== 'success' && p.status !== 'failed') continue; // finished: its jobs no longer change
    const { headers, data } = await get(`/projects/${project.id}/pipelines/${p.id}/jobs?per_page=100`);
    const total = Number(headers['x-total']);
    if (accept(total)) return { project, pipeline: p, total, jobs: data };
  }
  throw new Error(`no finished pipeline of ${projectPath} fits`);
}

const normal = await finishedPipeline('acme/api', (n) => n >= 5 && n <= 20);
const big = await finishedPipeline('acme/monorepo', (n) => n > 300);
const traceJob = normal.jobs.find((j) => j.status === 'success' || j.status === 'failed');
const bigEtag = (await get(`/projects/${big.project.id}/pipelines/${big.pipeline.id}/jobs?per_page=100`)).headers.etag;

const jobsPath = (w, perPage) => `/projects/${w.project.id}/pipelines/${w.pipeline.id}/jobs?per_page=${perPage}`;
const SCENARIOS = [
  {
    key: 'jobs-normal-20',
    label: `jobs page, ${normal.total}-job pipeline, per_page=20`,
    path: jobsPath(normal, 20),
    status: 200,
    target: { 1: { p99: 10 }, 10: { rps: 1000 } },
  },
  {
    key: 'jobs-normal-100',
    label: `jobs page, ${normal.total}-job pipeline, per_page=100`,
    path: jobsPath(normal, 100),
    status: 200,
    target: { 1: { p99: 10 }, 10: { rps: 1000 } },
  },
  { key: 'jobs-big-20', label: `jobs page, ${big.total}-job pipeline, per_page=20`, path: jobsPath(big, 20), status: 200, target: { 1: { p99: 10 } } },
  { key: 'jobs-big-100', label: `jobs page, ${big.total}-job pipeline, per_page=100`, path: jobsPath(big, 100), status: 200, target: { 1: { p99: 25 } } },
  {
    key: 'jobs-big-100-304',
    label: `same, If-None-Match (expects 304)`,
    path: jobsPath(big, 100),
    extraHeaders: { 'if-none-match': bigEtag },
    status: 304,
    target: {},
  },
  {
    key: 'pipelines-20',
    label: `pipeline list, per_page=20`,
    path: `/projects/${normal.project.id}/pipelines?per_page=20`,
    status: 200,
    target: { 1: { p99: 10 } },
  },
  {
    key: 'trace',
    label: `job trace (${traceJob.name}, finished)`,
    path: `/projects/${normal.project.id}/jobs/${traceJob.id}/trace`,
    status: 200,
    target: { 1: { p99: 10 } },
  },
];
const only = process.argv.slice(2);
const scenarios = SCENARIOS.filter((s) => only.length === 0 || only.includes(s.key));

// ------------------------------------------------------------------------------------------------
// Load.

/** `concurrency` clients each sending one request after another for `seconds`; returns the run's numbers. */
async function run(scenario, concurrency, seconds, pool) {
  const url = `${api}${scenario.path}`;
  const headers = { ...HEADERS, ...scenario.extraHeaders };
  const latencies = [];
  const statuses = {};
  const networkErrors = {};
  let bytes = 0;
  let ok = 0;
  let errors = 0;
  const cpu0 = simCpuS();
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        const res = await request(url, { dispatcher: pool, headers });
        let n = 0;
        for await (const chunk of res.body) n += chunk.length;
        latencies.push(performance.now() - t);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode === scenario.status) {
          ok++;
          bytes += n;
        } else errors++;
      } catch (error) {
        errors++;
        const code = error.code ?? error.name ?? 'error';
        networkErrors[code] = (networkErrors[code] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - t0) / 1000;
  const clientCpu = process.cpuUsage(clientCpu0);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    seconds: elapsed,
    requests: latencies.length + Object.values(networkErrors).reduce((a, b) => a + b, 0),
    rps: ok / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1],
    bytesPerResponse: ok ? bytes / ok : 0,
    errors,
    statuses,
    networkErrors,
    simCpu: (simCpuS() - cpu0) / elapsed,
    clientCpu: (clientCpu.user + clientCpu.system) / 1e6 / elapsed,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadBefore = loadavg();
const results = [];
try {
  for (const scenario of scenarios) {
    for (const concurrency of CONCURRENCY) {
      process.stderr.write(`${scenario.key} × ${concurrency}…\n`);
      const pool = new Pool(origin, { connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
      try {
        if (WARMUP_S > 0) await run(scenario, concurrency, WARMUP_S, pool);
        const runs = [];
        for (let i = 0; i < REPS; i++) runs.push(await run(scenario, concurrency, MEASURE_S, pool));
        const mid = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
        results.push({
          scenario: scenario.key,
          label: scenario.label,
          path: scenario.path,
          concurrency,
          rps: mid.rps,
          rpsRuns: runs.map((r) => r.rps),
          p50: median(runs.map((r) => r.p50)),
          p99: median(runs.map((r) => r.p99)),
          bytesPerResponse: mid.bytesPerResponse,
          errors: runs.reduce((s, r) => s + r.errors, 0),
          requests: runs.reduce((s, r) => s + r.requests, 0),
          simCpu: median(runs.map((r) => r.simCpu)),
          clientCpu: median(runs.map((r) => r.clientCpu)),
          target: scenario.target[concurrency] ?? null,
          runs,
        });
      } finally {
        await pool.close();
      }
    }
  }
} finally {
  sim.kill('SIGTERM');
}
await new Promise((resolve) => {
  if (sim.exitCode !== null || sim.signalCode !== null) return resolve();
  const timer = setTimeout(() => sim.kill('SIGKILL'), 10_000);
  sim.once('exit', () => {
    clearTimeout(timer);
    resolve();
  });
});
const loadAfter = loadavg();

// ------------------------------------------------------------------------------------------------
// Report.

function verdict(r) {
  if (!r.target) return { target: '', ok: '' };
  const parts = [];
  let ok = r.errors === 0;
  if (r.target.p99 !== undefined) {
    parts.push(`p99 ≤ ${r.target.p99} ms`);
    ok &&= r.p99 <= r.target.p99;
  }
  if (r.target.rps !== undefined) {
    parts.push(`≥ ${r.target.rps.toLocaleString('en')} req/s`);
    ok &&= r.rps >= r.target.rps;
  }
  return { target: parts.join(', '), ok: ok ? 'yes' : 'NO' };
}

const rows = results.map((r) => ({
  request: r.label,
  clients: r.concurrency,
  'req/s': Math.round(r.rps),
  'p50 ms': r.p50.toFixed(2),
  'p99 ms': r.p99.toFixed(2),
  'bytes/resp': Math.round(r.bytesPerResponse),
  errors: r.errors,
  'sim CPU': `${Math.round(r.simCpu * 100)}%`,
  'sim ms/req': r.rps ? ((r.simCpu / r.rps) * 1000).toFixed(2) : '—',
  ...verdict(r),
}));
console.table(rows);
console.log(
  `(median of ${REPS} runs of ${MEASURE_S} s after ${WARMUP_S} s warm-up; bytes/resp are gzip bodies on the wire; errors over all runs; sim CPU: the simulator process, 100% = one core; sim ms/req: its CPU time per answer)`,
);
console.log(`(load average before/after: ${loadBefore[0].toFixed(2)} / ${loadAfter[0].toFixed(2)} on ${cpus().length} CPUs)`);
const out = resultsPath('simulator.json');
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpu: cpus()[0]?.model ?? 'unknown',
      cpus: cpus().length,
      loadAverage1m: { before: loadBefore[0], after: loadAfter[0] },
      settings: {
        warmupS: WARMUP_S,
        measureS: MEASURE_S,
        reps: REPS,
        concurrency: CONCURRENCY,
        seed: 42,
        headers: { ...HEADERS, 'private-token': '(demo-user-token)' },
      },
      world: {
        normalPipeline: { project: normal.project.path_with_namespace, id: normal.pipeline.id, jobs: normal.total },
        bigPipeline: { project: big.project.path_with_namespace, id: big.pipeline.id, jobs: big.total },
        traceJob: { id: traceJob.id, name: traceJob.name },
      },
      results,
      table: rows,
    },
    null,
    2,
  ) + '\n',
);
process.stderr.write(`wrote ${out}\n`);

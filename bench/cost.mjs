#!/usr/bin/env node
// What watching costs GitLab: requests and bytes per minute over 5 simulated
// minutes of (a) a finished pipeline's pane, nothing moving, and (b) a running job's pane with its
// log tail live — against `glab ci view`'s pattern replayed on the same world, the same pipeline and
// the same job at the same time. Not a test: prints a table, writes bench/results/cost.json.
// Run: node bench/cost.mjs   (CASE=graph, CASE=child, CASE=watch, CASE=pulse, CASE=fleet or CASE=cause runs one case alone; MINUTES=1 shortens it; HTTP=2 runs it all over HTTP/2 — TLS with
// ALPN, as GitLab.com serves it and as both pipetop and glab's Go client speak it there — and
// writes bench/results/cost-h2.json; STRICT=1 runs it on a simulator that, like real GitLab,
// ignores Range on the job log and sends the whole log every time: -strict.json)
//
// How: the real app (store + controller + <App/> rendered by Ink to a discarding stream) runs
// in-process against an in-process simulator. Time is virtual (bench/lib/harness.mjs): the app's
// setTimeout/setInterval fire only as the bench advances a virtual clock, and the simulator's clock
// (speed 0) is moved by exactly the same amounts at the same moments, so the app polls as it would
// in real time while the world moves with it. Time advances in 50 ms steps (1 s in a smoke run); after each step every
// request in flight is awaited, so none takes virtual time.
//
// Counted: requests at the simulator (its request log, by User-Agent); bytes at a TCP proxy in front
// of the simulator, one per client, so everything on the wire counts — request and status lines,
// headers, bodies as sent (gzip where the server compressed). The window opens just before the pane
// is opened (Enter on the row, as a user does) and lasts 5 minutes: the pane's first load counts,
// app start-up (GET /user, the list the row is picked from) does not.
//
// glab replay (gitlab-org/cli, `ci view` with a job's log open): the jobs of the pipeline every 5 s
// (per_page=500, every page; `updateJobs`), and every 3 s the whole trace, no Range (`runTrace`).
// Two rows: the pattern as the issue states it (jobs/5 s + whole trace/3 s), and as glab's source
// does it, which also GETs the job before each trace read. glab also lists the pipeline's bridges
// every 5 s; the simulator has no bridges endpoint, so that request is left out (glab's figures are
// if anything low). Both send what Go's client sends: PRIVATE-TOKEN, Accept: application/json,
// Accept-Encoding: gzip (Go's transport adds it and decompresses transparently).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeCerts } from '../scripts/test-certs.mjs';
import { countingAgent, countingProxy, installVirtualTimers, loadApp, machine, settle, startApp } from './lib/harness.mjs';
import { exitStatus, resultsPath, size } from './lib/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MINUTES = Number(process.env.MINUTES ?? size(5, 1));
const WINDOW_MS = MINUTES * 60_000;
const STEP_MS = size(50, 1000);
const SEED = Number(process.env.SEED ?? 42);
const START = Date.UTC(2026, 10, 20, 12, 0, 0);
const PROJECT = 'acme/api';
const TARGETS = { a: { rpm: 4 }, b: { rpm: 24, bytesVsGlab: 0.1 } };
const H2 = process.env.HTTP === '2';
const PROTOCOL = H2 ? 'HTTP/2' : 'HTTP/1.1';
const certs = H2 ? makeCerts() : null;
const STRICT = process.env.STRICT === '1';
/** Every client here (the app, the glab replays, bob) speaks the protocol under test. */
const newAgent = (opts = {}) => countingAgent({ ...opts, h2: certs });
const newProxy = () => countingProxy(sim.port, { tls: H2 });

let sim = null;
const vt = installVirtualTimers((ms) => {
  sim?.clock.advance(ms);
});
const app = await loadApp();
sim = await app.startSimulator({
  seed: SEED,
  speed: 0,
  startTime: START,
  gitlabStrict: STRICT,
  ...(certs ? { tls: { cert: certs.cert, key: certs.key } } : {}),
});
const world = sim.world;

/** A fresh simulator on the same seed and clock (and TLS, with HTTP=2), with `extra` options. */
async function restartSim(extra) {
  await sim.close();
  sim = await app.startSimulator({ seed: SEED, speed: 0, startTime: START, ...extra, ...(certs ? { tls: { cert: certs.cert, key: certs.key } } : {}) });
}
const project = world.projectsByPath.get(PROJECT);
const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped', 'manual']);
const agents = [];

// ------------------------------------------------------------------------------------------------
// Picking what to watch.

/** The newest finished pipeline of the project whose jobs are all finished. */
function finishedPipeline() {
  const ids = [...(world.projectPipelines.get(project.id) ?? [])].reverse();
  for (const id of ids) {
    const p = world.pipelines.get(id);
    if (p && FINISHED.has(p.status) && world.pipelineJobs(p).every((j) => FINISHED.has(j.status))) return p;
  }
  throw new Error('no finished pipeline');
}

/**
 * A job of acme/api whose log is live for the whole window. The simulated world has no job longer
 * than ~5.5 min, so the bench takes the next `name` job that has not started yet and stretches its
 * planned run time to the window plus a minute (the log generator spreads the same log over that
 * time), then lets the world run until it starts. Nothing watches meanwhile.
 */
function longRunningJob(name) {
  let job = null;
  for (let tries = 0; tries < 5000; tries++) {
    if (!job) {
      for (const pid of [...(world.projectPipelines.get(project.id) ?? [])].reverse().slice(0, 5)) {
        const j = world
          .pipelineJobs(world.pipelines.get(pid))
          .find((x) => x.name === name && x.startedAt === null && (x.status === 'created' || x.status === 'pending'));
        if (j) {
          j.plan.runMs = Math.max(j.plan.runMs, WINDOW_MS + 60_000);
          job = j;
          break;
        }
      }
    } else if (job.status === 'running') return job;
    else if (job.startedAt !== null || !['created', 'pending'].includes(job.status)) job = null; // canceled or skipped: another
    sim.clock.advance(5_000);
    sim.sync();
  }
  throw new Error(`no ${name} job started`);
}

// ------------------------------------------------------------------------------------------------
// Measuring one client over the window.

function requestsSince(index, userAgent) {
  return sim.requests.slice(index).filter((r) => String(r.headers['user-agent'] ?? '').startsWith(userAgent));
}

function kindOf(path) {
  const p = path.split('?')[0];
  if (/\/jobs\/\d+\/trace$/.test(p)) return 'trace';
  if (p === '/api/graphql') return 'graphql';
  if (/\/pipelines\/\d+\/jobs$/.test(p)) return 'pipeline jobs';
  if (/\/pipelines\/\d+\/bridges$/.test(p)) return 'bridges';
  if (/\/pipelines\/\d+$/.test(p)) return 'pipeline';
  if (/\/jobs\/\d+$/.test(p)) return 'job';
  if (/\/projects\/[^/]+\/pipelines$/.test(p)) return 'project pipelines';
  if (/\/projects\/[^/]+\/jobs$/.test(p)) return 'project jobs';
  if (/\/jobs\/\d+\/artifacts$/.test(p)) return 'artifacts archive';
  if (/\/pipelines\/\d+\/(test_report|test_report_summary|variables)$/.test(p)) return p.split('/').pop();
  return p;
}

function summarise(requests, proxy, agent, ms) {
  const minutes = ms / 60_000;
  const byKind = {};
  for (const r of requests) {
    const k = (byKind[kindOf(r.path)] ??= { requests: 0, statuses: {} });
    k.requests++;
    k.statuses[r.status] = (k.statuses[r.status] ?? 0) + 1;
  }
  return {
    requests: requests.length,
    requestsPerMin: requests.length / minutes,
    bytesDown: proxy.bytes.down,
    bytesUp: proxy.bytes.up,
    bytesDownPerMin: proxy.bytes.down / minutes,
    bytesUpPerMin: proxy.bytes.up / minutes,
    bytesPerMin: (proxy.bytes.down + proxy.bytes.up) / minutes,
    bodyBytes: agent.state.bodyBytes,
    bodyBytesPerMin: agent.state.bodyBytes / minutes,
    byKind,
  };
}

async function run(ms, onStep) {
  const states = agents.map((a) => a.state);
  for (let t = 0; t < ms; t += STEP_MS) {
    await vt.advance(STEP_MS);
    await settle(states);
    onStep?.(t + STEP_MS);
  }
}

// ------------------------------------------------------------------------------------------------
// Reporting: every case ends alike.

const f0 = (n) => n.toFixed(0);
const f1 = (n) => n.toFixed(1);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** A summary's requests by kind, with their statuses: `trace 98 (200×97 416×1); job 3 (200×3)`. */
function kinds(s) {
  return Object.entries(s.byKind)
    .map(
      ([k, v]) =>
        `${k} ${v.requests} (${Object.entries(v.statuses)
          .map(([st, n]) => `${st}×${n}`)
          .join(' ')})`,
    )
    .join('; ');
}

/** One case run alone (CASE=…): says what runs, runs it, stops the world; the result and the real seconds it took. */
async function alone(what, scenario) {
  const t0 = performance.now();
  process.stderr.write(`${what}…\n`);
  const result = await scenario();
  await sim.close();
  vt.uninstall();
  return { result, realS: (performance.now() - t0) / 1000 };
}

/**
 * The end of every run: the table, the lines under it, and bench/results/<file> with the machine,
 * the protocol and the run's settings beside the results. Exits 1 when a target was missed.
 */
async function report({ table, lines, file, fields, ok = true }) {
  console.table(table);
  for (const line of lines) console.log(line);
  const path = resultsPath(file);
  writeFileSync(path, JSON.stringify({ ...(await machine()), protocol: PROTOCOL, seed: SEED, stepMs: STEP_MS, ...fields }, null, 2) + '\n');
  process.stderr.write(`wrote ${path}\n`);
  process.exit(exitStatus(ok));
}

/** Opens the app on the project's pipeline list, picks `pipelineId`'s row (and `jobId`'s), returns the app. */
async function openAt(proxy, agent, pipelineId, where = project) {
  const pane = { kind: 'project', projectId: where.id, path: `${where.namespace}/${where.path}`, tab: 'pipelines' };
  const a = await startApp(app, { now: () => sim.clock.now(), baseUrl: proxy.url, agent, stack: [{ kind: 'projects' }, pane] });
  await run(1_000);
  const key = `pipelines:${where.id}`;
  // rowsOf takes a typed list key (store/types.ts); the store indexes lists by its text.
  const at = a.controller.rowsOf({ kind: 'pipelines', projectId: where.id }).findIndex((p) => p.id === pipelineId);
  if (at < 0) throw new Error(`pipeline ${pipelineId} is not on the first page`);
  a.store.setState((s) => ({ lists: { ...s.lists, [key]: { ...s.lists[key], selected: at } } }));
  return a;
}

// ------------------------------------------------------------------------------------------------
// (a) A finished pipeline.

async function scenarioA() {
  const pipeline = finishedPipeline();
  return watchPipeline(pipeline.id, (a) => {
    const top = a.store.getState().stack.at(-1);
    if (top.kind !== 'pipeline' || top.pipelineId !== pipeline.id) throw new Error('not on the pipeline pane');
    return { pipeline: pipeline.id, status: pipeline.status, jobs: world.pipelineJobs(pipeline).length };
  });
}

// ------------------------------------------------------------------------------------------------
// (c) A running pipeline's pane (no target; reported): a pipeline started on main just before.

/** A pipeline bob starts on main (another user, so none of it counts as the app's): GitLab's answer. */
async function bobStartsPipeline() {
  const { request } = await import('undici');
  const bob = await newAgent();
  const res = await request(`${sim.url}/api/v4/projects/${project.id}/pipeline?ref=main`, {
    method: 'POST',
    headers: { 'private-token': app.DEMO_TOKENS.other },
    dispatcher: bob.agent,
  });
  return res.body.json();
}

async function scenarioC() {
  const created = await bobStartsPipeline();
  return watchPipeline(created.id, () => {
    const pipeline = world.pipelines.get(created.id);
    return { pipeline: created.id, statusAtEnd: pipeline.status, jobs: world.pipelineJobs(pipeline).length };
  });
}

/**
 * Opens the pipeline pane on `pipelineId` (Enter on its row) with the counters at zero, lets the
 * window pass, and returns what it cost beside `describe(app)`.
 */
async function watchPipeline(pipelineId, describe, where = project) {
  const proxy = await newProxy();
  const agent = await newAgent({ finishedByExchange: true });
  agents.splice(0, agents.length, agent);
  const a = await openAt(proxy, agent, pipelineId, where);
  const from = sim.requests.length;
  proxy.bytes.up = proxy.bytes.down = 0;
  agent.state.bodyBytes = 0;
  a.controller.run('nav.open');
  await run(WINDOW_MS);
  const result = { ...describe(a), ...summarise(requestsSince(from, 'pipetop/bench'), proxy, agent, WINDOW_MS) };
  a.stop();
  await settle([agent.state]);
  await proxy.close();
  return result;
}

// ------------------------------------------------------------------------------------------------
// (b) A running job with its log open, and glab beside it.

async function glabReplay(proxy, agent, { projectId, pipelineId, jobId, getJobEachTick, userAgent }) {
  const { request } = await import('undici');
  const headers = { 'private-token': app.DEMO_TOKENS.user, accept: 'application/json', 'accept-encoding': 'gzip', 'user-agent': userAgent };
  const api = `${proxy.url}/api/v4/projects/${projectId}`;
  const get = async (path) => {
    const res = await request(`${api}${path}`, { headers, dispatcher: agent.agent });
    agent.state.body((await res.body.arrayBuffer()).byteLength);
    return res;
  };
  let stopped = false;
  let jobsTimer = null;
  // updateJobs: fetch every page, then wait 5 s (time.After), again.
  const jobsLoop = async () => {
    if (stopped) return;
    for (let page = 1; page;) {
      const res = await get(`/pipelines/${pipelineId}/jobs?per_page=500&page=${page}`);
      page = Number(res.headers['x-next-page']) || 0;
    }
    if (!stopped) jobsTimer = setTimeout(jobsLoop, 5_000);
  };
  // runTrace: a 3 s ticker; each tick (GET the job, then) GET the whole trace.
  const traceTicker = setInterval(async () => {
    if (getJobEachTick) await get(`/jobs/${jobId}`);
    await get(`/jobs/${jobId}/trace`);
  }, 3_000);
  void jobsLoop();
  return () => {
    stopped = true;
    clearTimeout(jobsTimer);
    clearInterval(traceTicker);
  };
}

async function scenarioB(name) {
  const job = longRunningJob(name);
  const pipeline = world.pipelines.get(job.pipelineId);
  const proxies = { pipetop: await newProxy(), glab: await newProxy(), glabSource: await newProxy() };
  const agent = await newAgent({ finishedByExchange: true });
  const glabAgent = await newAgent();
  const glabSourceAgent = await newAgent();
  agents.splice(0, agents.length, agent, glabAgent, glabSourceAgent);
  const a = await openAt(proxies.pipetop, agent, pipeline.id);
  // Into the pipeline, onto the job's row.
  a.controller.run('nav.open');
  await run(1_000);
  const key = `pipelineJobs:${project.id}:${pipeline.id}`;
  const at = a.controller.rowsOf({ kind: 'pipelineJobs', projectId: project.id, pipelineId: pipeline.id }).findIndex((j) => j.id === job.id);
  if (at < 0) throw new Error(`job ${job.id} not in the pipeline pane`);
  a.store.setState((s) => ({ lists: { ...s.lists, [key]: { ...s.lists[key], selected: at } } }));

  const from = sim.requests.length;
  for (const p of Object.values(proxies)) p.bytes.up = p.bytes.down = 0;
  for (const x of agents) x.state.bodyBytes = 0;
  const logAtStart = job.startedAt !== null ? world.now - job.startedAt : 0;
  a.controller.run('nav.open');
  const ids = { projectId: project.id, pipelineId: pipeline.id, jobId: job.id };
  const stopGlab = await glabReplay(proxies.glab, glabAgent, { ...ids, getJobEachTick: false, userAgent: 'glab-replay/issue' });
  const stopGlabSource = await glabReplay(proxies.glabSource, glabSourceAgent, { ...ids, getJobEachTick: true, userAgent: 'glab-replay/source' });
  // How far behind the world the log on screen is: after each step, the time since the app last
  // held the whole log as the world had it.
  let caughtUpAt = 0;
  const behind = [];
  await run(WINDOW_MS, (t) => {
    const held = a.store.getState().logViews[job.id]?.bytes ?? 0;
    if (held >= app.traceBytes(world, world.jobs.get(job.id)).length) caughtUpAt = t;
    behind.push(t - caughtUpAt);
  });
  behind.sort((x, y) => x - y);
  stopGlab();
  stopGlabSource();
  const top = a.store.getState().stack.at(-1);
  if (top.kind !== 'job' || top.jobId !== job.id) throw new Error('not on the job pane');
  const stillRunning = world.jobs.get(job.id).status === 'running';
  const result = {
    job: job.id,
    jobName: job.name,
    pipeline: pipeline.id,
    runningForSAtStart: Math.round(logAtStart / 1000),
    stillRunningAtEnd: stillRunning,
    logBytesAtEnd: a.store.getState().logViews[job.id]?.bytes ?? 0,
    logBehindMs: { p50: behind[Math.floor(behind.length * 0.5)], p95: behind[Math.floor(behind.length * 0.95)], max: behind.at(-1) },
    pipetop: summarise(requestsSince(from, 'pipetop/bench'), proxies.pipetop, agent, WINDOW_MS),
    glab: summarise(requestsSince(from, 'glab-replay/issue'), proxies.glab, glabAgent, WINDOW_MS),
    glabSource: summarise(requestsSince(from, 'glab-replay/source'), proxies.glabSource, glabSourceAgent, WINDOW_MS),
  };
  a.stop();
  await settle(agents.map((x) => x.state));
  for (const p of Object.values(proxies)) await p.close();
  return result;
}

// ------------------------------------------------------------------------------------------------
// (d) `pipetop watch` on a running pipeline, and glab's `ci status --live` beside it.
// Run alone: CASE=watch node bench/cost.mjs (writes bench/results/cost-watch.json).
//
// glab (gitlab-org/cli, commands/ci/status/status.go): each round lists the pipeline's jobs
// (per_page=100, every page) and reads the ref's latest pipeline, and starts the next round as soon
// as the answers are in — no sleep. Its rate is therefore set by the round trip alone: the replay
// waits RTT_MS (default 250 ms) of virtual time after each request. The simulator has no
// /pipelines/latest, so the replay asks `pipelines?ref=…&per_page=1` (glab's own fallback, one
// request either way). pipetop's requests are given no latency at all, which can only raise its
// rate: its pace is its interval (--interval, default 3 s).

const RTT_MS = Number(process.env.RTT_MS ?? 250);

async function loadWatch() {
  const { build } = await import('esbuild');
  const { bundleOptions } = await import('../scripts/bundle-options.mjs');
  const { tmpdir } = await import('node:os');
  const { rmSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const outfile = `${tmpdir()}/pipetop-bench-watch-${process.pid}.mjs`;
  await build({ ...bundleOptions, stdin: { contents: "export { runWatch } from './src/commands/watch.ts';", resolveDir: root, loader: 'ts' }, outfile });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

async function glabStatusLive(proxy, agent, { projectId, pipelineId, ref, userAgent }) {
  const { request } = await import('undici');
  const headers = { 'private-token': app.DEMO_TOKENS.user, accept: 'application/json', 'accept-encoding': 'gzip', 'user-agent': userAgent };
  const api = `${proxy.url}/api/v4/projects/${projectId}`;
  const rtt = () => new Promise((resolve) => setTimeout(resolve, RTT_MS));
  const get = async (path) => {
    const res = await request(`${api}${path}`, { headers, dispatcher: agent.agent });
    const body = Buffer.from(await res.body.arrayBuffer());
    agent.state.body(body.byteLength);
    await rtt();
    return { headers: res.headers, json: () => JSON.parse(body.toString('utf8')) };
  };
  for (;;) {
    for (let page = 1; page;) {
      const res = await get(`/pipelines/${pipelineId}/jobs?per_page=100&page=${page}`);
      page = Number(res.headers['x-next-page']) || 0;
    }
    const [latest] = (await get(`/pipelines?ref=${encodeURIComponent(ref)}&per_page=1`)).json();
    if (!latest || !['pending', 'running'].includes(latest.status)) return;
  }
}

async function scenarioD() {
  const { runWatch } = await loadWatch();
  const created = await bobStartsPipeline();
  const proxies = { pipetop: await newProxy(), glab: await newProxy() };
  const agent = await newAgent();
  const glabAgent = await newAgent();
  agents.splice(0, agents.length, agent, glabAgent);
  const from = sim.requests.length;
  const started = sim.clock.now();
  const ended = {};
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const watching = runWatch(
    ['--host', proxies.pipetop.url, '--token', app.DEMO_TOKENS.user, '--project', PROJECT, String(created.id)],
    { stdout: { write: () => true, isTTY: false }, stderr: { write: (t) => process.stderr.write(t), isTTY: false }, env: {}, cwd: root, home: root },
    { now: () => sim.clock.now(), sleep, git: async () => null, client: { dispatcher: agent.agent, userAgent: 'pipetop/bench-watch', sleep } },
  ).then((code) => (ended.pipetop = { code, at: sim.clock.now() }));
  const glab = glabStatusLive(proxies.glab, glabAgent, {
    projectId: project.id,
    pipelineId: created.id,
    ref: 'main',
    userAgent: 'glab-replay/ci-status-live',
  }).then(() => (ended.glab = { at: sim.clock.now() }));
  for (let t = 0; !(ended.pipetop && ended.glab); t += STEP_MS) {
    if (t > 60 * 60_000) throw new Error('the pipeline did not end within an hour');
    await vt.advance(STEP_MS);
    await settle(agents.map((x) => x.state));
  }
  await Promise.all([watching, glab]);
  const pipeline = world.pipelines.get(created.id);
  const result = {
    pipeline: created.id,
    status: pipeline.status,
    jobs: world.pipelineJobs(pipeline).length,
    rttMs: RTT_MS,
    pipetopExit: ended.pipetop.code,
    pipetop: summarise(requestsSince(from, 'pipetop/bench-watch'), proxies.pipetop, agent, ended.pipetop.at - started),
    glab: summarise(requestsSince(from, 'glab-replay/ci-status-live'), proxies.glab, glabAgent, ended.glab.at - started),
  };
  for (const p of Object.values(proxies)) await p.close();
  return result;
}

/**
 * `pipetop watch` for `ms` (or until the pipeline ends) on `pipelineId`: its opening reads (up to
 * its first line) counted apart from the rounds that follow; requests a minute, 304s, REST job
 * lists, GraphQL queries, and the tree's changes (its ETag touched) in the same time.
 */
async function watchWindow(runWatch, pipelineId, ms) {
  const proxy = await newProxy();
  const agent = await newAgent();
  agents.splice(0, agents.length, agent);
  const userAgent = `pipetop/bench-watch-window-${pipelineId}-${sim.requests.length}`;
  const sleep = (t) => new Promise((resolve) => setTimeout(resolve, t));
  const stop = new AbortController();
  const started = sim.clock.now();
  let from = null;
  let err = '';
  let code = null;
  const touches = () => sim.etags.touches.get(`pipelines/id/${pipelineId}`) ?? 0;
  let touched = 0;
  const opened = sim.requests.length;
  const watching = runWatch(
    ['--host', proxy.url, '--token', app.DEMO_TOKENS.user, '--project', PROJECT, String(pipelineId)],
    {
      stdout: {
        write: () => {
          // The first line is written after the first round: the window starts there.
          if (from === null) {
            from = sim.requests.length;
            touched = touches();
          }
          return true;
        },
        isTTY: false,
      },
      stderr: { write: (t) => (err += t), isTTY: false },
      env: {},
      cwd: root,
      home: root,
    },
    { now: () => sim.clock.now(), sleep, signal: stop.signal, git: async () => null, client: { dispatcher: agent.agent, userAgent, sleep } },
  ).then((c) => (code = c));
  let t = 0;
  for (let guard = 0; code === null && (from === null || t < ms); guard += STEP_MS) {
    if (guard > 10 * 60_000) throw new Error('pipetop watch did not start');
    await vt.advance(STEP_MS);
    await settle([agent.state]);
    if (from !== null) t += STEP_MS;
  }
  const windowMs = Math.max(t, STEP_MS);
  stop.abort();
  await vt.advance(STEP_MS);
  await watching;
  const all = requestsSince(opened, userAgent);
  const requests = requestsSince(from ?? opened, userAgent);
  const minutes = windowMs / 60_000;
  const result = {
    pipeline: pipelineId,
    statusAtEnd: world.pipelines.get(pipelineId).status,
    exit: code,
    notice: err.trim(),
    opening: all.length - requests.length,
    windowS: windowMs / 1000,
    ...windowCounts(requests, minutes),
    total: all.length,
    totalS: (sim.clock.now() - started) / 1000,
    treeChangesPerMin: (touches() - touched) / minutes,
    byKind: summarise(requests, proxy, agent, windowMs).byKind,
    allByKind: summarise(all, proxy, agent, windowMs).byKind,
  };
  await proxy.close();
  return result;
}

/** What a window of requests asked of GitLab: how many a minute, job lists, tree queries, 304s, and answers that needed its database. */
function windowCounts(requests, minutes) {
  return {
    requests: requests.length,
    requestsPerMin: requests.length / minutes,
    jobLists: requests.filter((r) => kindOf(r.path) === 'pipeline jobs').length,
    graphql: requests.filter((r) => kindOf(r.path) === 'graphql').length,
    notModified: requests.filter((r) => r.status === 304).length,
    databasePerMin: requests.filter((r) => r.status !== 304).length / minutes,
  };
}

/** `pipetop watch` one minute on a running pipeline over GraphQL, one over REST (GraphQL off), and on a finished one (it ends at once). */
async function scenarioWatchWindows() {
  const { runWatch } = await loadWatch();
  const running = await bobStartsPipeline();
  await run(20_000);
  const graph = await watchWindow(runWatch, running.id, 60_000);
  sim.setGraphQL('off');
  const rest = await watchWindow(runWatch, running.id, 60_000);
  sim.setGraphQL('on');
  const finished = await watchWindow(runWatch, finishedPipeline().id, 60_000);
  return { running: graph, rest, finished };
}

// ------------------------------------------------------------------------------------------------
// (e) A running parent pipeline with one running child: acme/platform/deployer's newest
// pipeline, held by its `integration` child's long e2e job. The pane reads the parent's jobs and,
// beside them, its trigger jobs (features/pipelines/bridges.ts). Target: ≤ 30 requests a minute.
// Run alone: CASE=child node bench/cost.mjs (writes bench/results/cost-child.json).

const CHILD_TARGET_RPM = 30;

async function scenarioChild() {
  const deployer = world.projectsByPath.get('acme/platform/deployer');
  for (const id of [...(world.projectPipelines.get(deployer.id) ?? [])].reverse()) {
    const parent = world.pipelines.get(id);
    if (parent.status !== 'running') continue;
    const bridge = world.pipelineJobs(parent).find((j) => j.trigger && j.status === 'running' && j.downstreamPipelineId);
    if (!bridge) continue;
    const child = world.pipelines.get(bridge.downstreamPipelineId);
    // The child must outlast the window, or the parent would be watched finishing instead.
    const left = Math.min(
      ...world
        .pipelineJobs(child)
        .filter((j) => j.status === 'running')
        .map((j) => j.startedAt + j.plan.runMs - world.now),
    );
    if (!(left > WINDOW_MS)) throw new Error(`child #${child.id} ends ${Math.round(left / 1000)} s into the window`);
    return watchPipeline(
      parent.id,
      () => ({
        pipeline: parent.id,
        child: child.id,
        bridge: bridge.name,
        statusAtEnd: world.pipelines.get(parent.id).status,
        childAtEnd: world.pipelines.get(child.id).status,
      }),
      deployer,
    );
  }
  throw new Error('no running deployer pipeline with a running child');
}

if (process.env.CASE === 'child') {
  const { result: e, realS } = await alone(`(e) a running parent pipeline with one running child, ${MINUTES} simulated min`, scenarioChild);
  const ok = e.requestsPerMin <= CHILD_TARGET_RPM;
  await report({
    table: {
      'pipetop (e) running parent, one child': {
        'req/min': f1(e.requestsPerMin),
        'wire bytes/min': kb(e.bytesPerMin),
        target: `≤ ${CHILD_TARGET_RPM} req/min`,
        ok: ok ? 'yes' : 'NO',
      },
    },
    lines: [
      `(e) pipeline #${e.pipeline} (child #${e.child} via ${e.bridge}; ${e.statusAtEnd}/${e.childAtEnd} at the end): ${kinds(e)}`,
      `    ${MINUTES} simulated minutes, ${f0(realS)} s of real time`,
    ],
    file: 'cost-child.json',
    fields: { minutes: MINUTES, target: CHILD_TARGET_RPM, results: { e } },
    ok,
  });
}

// (g) What finding a cause costs (CASE=cause): `:failures` and `:compare` on a failed
// main pipeline of acme/api that has a green one before it, and `:browse` on acme/web's `build:app`
// artifacts — by Range (GitLab honours it), then again on a simulator that drops Range (the archive
// spooled whole). Each is opened over its pipeline's (or job's) pane, already loaded outside the
// count; counted: every request and wire byte until the pane has what it shows. Once, not per minute.
// Run alone: CASE=cause node bench/cost.mjs (writes bench/results/cost-cause.json).

/** Opens `pane` over `base` (loaded first, not counted) and counts until `ready(state)`. */
async function openCounted(base, pane, ready) {
  const proxy = await newProxy();
  const agent = await newAgent({ finishedByExchange: true });
  agents.splice(0, agents.length, agent);
  const a = await startApp(app, { now: () => sim.clock.now(), baseUrl: proxy.url, agent, stack: [{ kind: 'projects' }, base] });
  await run(1_000);
  const from = sim.requests.length;
  proxy.bytes.up = proxy.bytes.down = 0;
  agent.state.bodyBytes = 0;
  a.store.setState((s) => ({ stack: [...s.stack, pane] }));
  let ms = 0;
  while (!ready(a.store.getState()) && ms < 120_000) {
    await run(STEP_MS);
    ms += STEP_MS;
  }
  if (!ready(a.store.getState())) throw new Error(`${pane.kind} did not load in 120 simulated seconds`);
  const requests = requestsSince(from, 'pipetop/bench');
  const result = {
    requests: requests.length,
    bytesDown: proxy.bytes.down,
    bytesUp: proxy.bytes.up,
    bodyBytes: agent.state.bodyBytes,
    simulatedMs: ms,
    byKind: summarise(requests, proxy, agent, 60_000).byKind,
  };
  a.stop();
  await settle([agent.state]);
  await proxy.close();
  return { a, result };
}

async function scenarioCause() {
  const path = `${project.namespace}/${project.path}`;
  const ids = [...(world.projectPipelines.get(project.id) ?? [])].reverse();
  const mainIds = ids.filter((id) => world.pipelines.get(id).ref === 'main');
  const failed = mainIds
    .map((id) => world.pipelines.get(id))
    .find((p, i) => p.status === 'failed' && mainIds.slice(i + 1).some((id) => world.pipelines.get(id).status === 'success'));
  if (!failed) throw new Error('no failed main pipeline with a green one before it');
  const base = { kind: 'pipeline', projectId: project.id, path, pipelineId: failed.id, view: 'list' };
  const key = `${project.id}:${failed.id}`;
  const failures = await openCounted(
    base,
    { kind: 'failures', projectId: project.id, path, pipelineId: failed.id },
    (s) => s.failures[key]?.state === 'ready' && s.failures[key].items.every((i) => i.block || i.logNote),
  );
  const digest = failures.a.store.getState().failures[key];
  const compare = await openCounted(
    base,
    { kind: 'compare', projectId: project.id, path, pipelineId: failed.id },
    (s) => s.comparisons[key]?.state === 'ready',
  );
  const web = world.projectsByPath.get('acme/web');
  const job = [...world.jobs.values()].find((j) => j.projectId === web.id && j.name === 'build:app' && j.artifacts && j.erasedAt === null);
  const webPath = `${web.namespace}/${web.path}`;
  const browseAt = async () => {
    const jobPane = { kind: 'job', projectId: web.id, path: webPath, jobId: job.id };
    const listed = (s) => s.archives[`${web.id}:${job.id}`]?.state === 'ready';
    const { a, result } = await openCounted(jobPane, { kind: 'browse', projectId: web.id, path: webPath, jobId: job.id }, listed);
    const l = a.store.getState().archives[`${web.id}:${job.id}`];
    return { ...result, via: l.via, archiveBytes: l.total, entries: l.entries.length };
  };
  const browse = await browseAt();
  // Again where Range is dropped: the same world on a simulator that answers every Range whole.
  await restartSim({ artifactsNoRange: true });
  const browseWhole = await browseAt();
  return {
    failures: { pipeline: failed.id, failedJobs: digest.items.length, logs: digest.logs, logBytes: digest.bytes, ...failures.result },
    compare: { pipeline: failed.id, ...compare.result },
    browse: { job: job.id, ...browse },
    browseWhole: { job: job.id, ...browseWhole },
  };
}

if (process.env.CASE === 'cause') {
  const { result: g, realS } = await alone('(g) :failures, :compare and :browse opened once', scenarioCause);
  // Wire bytes, not body bytes: the archive's ranges are streamed, which the body counter does not see.
  const row = (r) => ({
    requests: r.requests,
    'wire bytes': kb(r.bytesDown + r.bytesUp),
    'simulated s': f1(r.simulatedMs / 1000),
  });
  await report({
    table: {
      [`:failures #${g.failures.pipeline}`]: row(g.failures),
      [`:compare #${g.compare.pipeline}`]: row(g.compare),
      [`:browse job #${g.browse.job} (Range)`]: row(g.browse),
      [`:browse job #${g.browseWhole.job} (Range dropped)`]: row(g.browseWhole),
    },
    lines: [
      `:failures: ${g.failures.failedJobs} failed jobs, ${g.failures.logs} logs read (${kb(g.failures.logBytes)}): ${kinds(g.failures)}`,
      `:compare: ${kinds(g.compare)}`,
      `:browse: a ${kb(g.browse.archiveBytes)} archive of ${g.browse.entries} entries, ${g.browse.via}: ${kinds(g.browse)}; Range dropped: ${g.browseWhole.via}, ${kinds(g.browseWhole)}`,
      `    ${f0(realS)} s of real time`,
    ],
    file: 'cost-cause.json',
    fields: { results: g },
  });
}

// (f) The pulse with 20 projects on screen (CASE=pulse): a world of 30 projects, the app started
// on the projects list (loaded, outside the window), then `:pulse` — from there every request the
// app makes counts. Budget (docs/performance.md): ≤ 1 request per visible project per 30 s, ≤ 40 req/min.

const PULSE_ROWS = 20;
const PULSE_TARGET_RPM = 40;

async function scenarioPulse() {
  await restartSim({ scale: { projects: 30 } });
  const proxy = await newProxy();
  const agent = await newAgent({ finishedByExchange: true });
  agents.splice(0, agents.length, agent);
  const a = await startApp(app, { now: () => sim.clock.now(), baseUrl: proxy.url, agent, stack: [{ kind: 'projects' }] });
  await run(1_000);
  // A terminal of 24 rows and more: the pulse's summary and column header, then 20 rows.
  a.controller.setViewport({ width: 120, height: PULSE_ROWS + 2 });
  const from = sim.requests.length;
  proxy.bytes.up = proxy.bytes.down = 0;
  agent.state.bodyBytes = 0;
  a.store.setState((s) => ({ stack: [...s.stack, { kind: 'pulse' }] }));
  // The first minute includes one-off first reads: the attention order moves rows on screen as
  // they load, and each newcomer is read once. After it, the steady rate.
  await run(60_000);
  const steadyFrom = sim.requests.length;
  await run(WINDOW_MS - 60_000);
  const requests = requestsSince(from, 'pipetop/bench');
  const steady = requestsSince(steadyFrom, 'pipetop/bench').length / ((WINDOW_MS - 60_000) / 60_000);
  const perProject = {};
  for (const r of requests) if (kindOf(r.path) === 'project pipelines') perProject[r.path.split('/')[2]] = (perProject[r.path.split('/')[2]] ?? 0) + 1;
  const result = {
    projects: listLength(a),
    rowsOnScreen: PULSE_ROWS,
    projectsAsked: Object.keys(perProject).length,
    mostPerProject: Math.max(0, ...Object.values(perProject)),
    steadyPerMin: steady,
    ...summarise(requests, proxy, agent, WINDOW_MS),
  };
  a.stop();
  await settle([agent.state]);
  await proxy.close();
  return result;
}

const listLength = (a) => (a.store.getState().lists.projects?.items ?? []).length;

if (process.env.CASE === 'pulse') {
  const { result: e, realS } = await alone(`(f) the pulse, ${PULSE_ROWS} projects on screen, ${MINUTES} simulated min`, scenarioPulse);
  const ok = e.steadyPerMin <= PULSE_TARGET_RPM && e.mostPerProject <= Math.ceil(WINDOW_MS / 30_000);
  await report({
    table: {
      [`pipetop (f) pulse, ${PULSE_ROWS} of ${e.projects} projects on screen`]: {
        'req/min': f1(e.requestsPerMin),
        'steady req/min (after minute 1)': f1(e.steadyPerMin),
        'wire bytes/min': kb(e.bytesPerMin),
        target: `≤ ${PULSE_TARGET_RPM} req/min steady`,
        ok: ok ? 'yes' : 'NO',
      },
    },
    lines: [`(f) ${kinds(e)}; ${e.projectsAsked} projects asked, at most ${e.mostPerProject} times each (${f0(realS)} s of real time)`],
    file: 'cost-pulse.json',
    fields: { minutes: MINUTES, target: PULSE_TARGET_RPM, results: { f: e } },
    ok,
  });
}

// (g) The pulse and `:jobs` on the same 20 projects (CASE=fleet): a world of 30 projects, the config
// file's `pulse:` naming 20 of them. Five minutes on the pulse (all 20 rows on screen), then
// `:jobs failed manual` over it for five more: the first minute of each counts apart (first reads,
// and the reads the user asked for by opening), then each one's steady rate. Only the pane in front
// is polled, so the two never run at once; their sum is what both would cost if they did (issue
// 26: ≤ 60 req/min together).

const FLEET_PROJECTS = 20;
const FLEET_TARGET_RPM = 60;

async function scenarioFleet() {
  await restartSim({ scale: { projects: 30 } });
  const paths = [...sim.world.projects.values()]
    .filter((p) => p.visibility !== 'private')
    .map((p) => `${p.namespace}/${p.path}`)
    .slice(0, FLEET_PROJECTS);
  const proxy = await newProxy();
  const agent = await newAgent({ finishedByExchange: true });
  agents.splice(0, agents.length, agent);
  const a = await startApp(app, { now: () => sim.clock.now(), baseUrl: proxy.url, agent, stack: [{ kind: 'projects' }] });
  a.store.setState((s) => ({ config: { ...s.config, pulse: paths } }));
  a.controller.setViewport({ width: 120, height: FLEET_PROJECTS + 2 });
  await run(1_000);
  const half = WINDOW_MS;
  // The first minute apart (half of a shorter window, as in the smoke run), then the steady rate.
  const first = Math.min(60_000, half / 2);
  const phase = async (open) => {
    const from = sim.requests.length;
    open();
    await run(first);
    const steadyFrom = sim.requests.length;
    await run(half - first);
    const steady = requestsSince(steadyFrom, 'pipetop/bench').length;
    const all = requestsSince(from, 'pipetop/bench');
    return { firstMinute: all.length - steady, steadyPerMin: steady / ((half - first) / 60_000), requests: all };
  };
  const pulse = await phase(() => a.store.setState((s) => ({ stack: [...s.stack, { kind: 'pulse' }] })));
  const jobs = await phase(() => {
    a.store.setState((s) => ({ allJobs: { ...s.allJobs, filter: { scopes: ['failed', 'manual'], name: null, ref: null, stage: null } } }));
    a.store.setState((s) => ({ stack: [...s.stack, { kind: 'allJobs' }] }));
  });
  const result = {
    projects: FLEET_PROJECTS,
    pulse: { firstMinute: pulse.firstMinute, steadyPerMin: pulse.steadyPerMin, byKind: summarise(pulse.requests, proxy, agent, half).byKind },
    jobs: {
      firstMinute: jobs.firstMinute,
      steadyPerMin: jobs.steadyPerMin,
      rows: (a.store.getState().lists.allJobs?.items ?? []).length,
      byKind: summarise(jobs.requests, proxy, agent, half).byKind,
    },
    togetherPerMin: pulse.steadyPerMin + jobs.steadyPerMin,
  };
  a.stop();
  await settle([agent.state]);
  await proxy.close();
  return result;
}

if (process.env.CASE === 'fleet') {
  const { result: g, realS } = await alone(`(g) the pulse, then :jobs, on ${FLEET_PROJECTS} projects, ${MINUTES} simulated min each`, scenarioFleet);
  const ok = g.togetherPerMin <= FLEET_TARGET_RPM;
  await report({
    table: {
      [`pipetop (g) pulse, ${FLEET_PROJECTS} projects`]: { 'first minute': g.pulse.firstMinute, 'steady req/min': f1(g.pulse.steadyPerMin) },
      [`pipetop (g) :jobs failed manual, ${FLEET_PROJECTS} projects`]: { 'first minute': g.jobs.firstMinute, 'steady req/min': f1(g.jobs.steadyPerMin) },
      'together (both at once, the worst case)': { 'steady req/min': f1(g.togetherPerMin), target: `≤ ${FLEET_TARGET_RPM}`, ok: ok ? 'yes' : 'NO' },
    },
    lines: [`(g) :jobs showed ${g.jobs.rows} jobs; ${kinds({ byKind: g.jobs.byKind })} (${f0(realS)} s of real time)`],
    file: 'cost-fleet.json',
    fields: { minutes: MINUTES, target: FLEET_TARGET_RPM, results: { g } },
    ok,
  });
}

// (h) The pipeline pane over GraphQL (CASE=graph): one query for the tree, with GitLab's ETag, so
// GitLab answers 304 from its cache while nothing changed. A running pipeline started by bob, one
// minute (and the same over REST, the simulator's GraphQL off); a finished pipeline, MINUTES minutes.
// Targets (issue: the live pipeline graph): running, ≤ 2 REST job lists a minute and answers that
// needed GitLab's database (everything but a 304) ≤ the tree's changes (its ETag touched) + 2 a
// minute; finished, ≤ 1 request a minute. The pane's opening reads (5 s) are counted apart.

async function graphWindow(pipelineId, ms, where = project) {
  const proxy = await newProxy();
  const agent = await newAgent({ finishedByExchange: true });
  agents.splice(0, agents.length, agent);
  const a = await openAt(proxy, agent, pipelineId, where);
  // Opening reads the pane's parts once (the pipeline, its jobs, bridges, variables, tests, the
  // tree): counted apart; the window is the polling that follows.
  const opened = sim.requests.length;
  a.controller.run('nav.open');
  await run(5_000);
  const opening = requestsSince(opened, 'pipetop/bench').length;
  const from = sim.requests.length;
  const touches = () => sim.etags.touches.get(`pipelines/id/${pipelineId}`) ?? 0;
  const touched = touches();
  await run(ms);
  const requests = requestsSince(from, 'pipetop/bench');
  const minutes = ms / 60_000;
  const result = {
    pipeline: pipelineId,
    status: world.pipelines.get(pipelineId).status,
    opening,
    ...windowCounts(requests, minutes),
    treeChangesPerMin: (touches() - touched) / minutes,
    byKind: summarise(requests, proxy, agent, ms).byKind,
  };
  a.stop();
  await settle([agent.state]);
  await proxy.close();
  return result;
}

async function scenarioGraph() {
  const running = await bobStartsPipeline();
  await run(20_000);
  const graph = await graphWindow(running.id, 60_000);
  sim.setGraphQL('off');
  const rest = await graphWindow(running.id, 60_000);
  sim.setGraphQL('on');
  const finished = await graphWindow(finishedPipeline().id, WINDOW_MS);
  return { running: graph, rest, finished };
}

if (process.env.CASE === 'graph') {
  const { result: h, realS } = await alone(`(h) a running pipeline 1 simulated min over GraphQL and over REST; a finished one ${MINUTES} min`, scenarioGraph);
  const okRunning = h.running.jobLists <= 2 && h.running.databasePerMin <= h.running.treeChangesPerMin + 2;
  const okFinished = h.finished.requestsPerMin <= 1;
  const row = (r, target, ok) => ({
    opening: r.opening,
    'req/min': f1(r.requestsPerMin),
    '304s': r.notModified,
    'REST job lists': r.jobLists,
    'non-304/min': f1(r.databasePerMin),
    'tree changes/min': f1(r.treeChangesPerMin),
    target,
    ok: ok === null ? '' : ok ? 'yes' : 'NO',
  });
  await report({
    table: {
      'running pipeline, GraphQL (1 min)': row(h.running, '≤ 2 job lists; non-304 ≤ changes + 2', okRunning),
      'running pipeline, REST only (1 min)': row(h.rest, '', null),
      [`finished pipeline, GraphQL (${MINUTES} min)`]: row(h.finished, '≤ 1 req/min', okFinished),
    },
    lines: [
      `(h) running #${h.running.pipeline}: ${kinds(h.running)}`,
      `    REST only: ${kinds(h.rest)}`,
      `    finished #${h.finished.pipeline}: ${kinds(h.finished)} (${f0(realS)} s of real time)`,
    ],
    file: 'cost-graph.json',
    fields: { minutes: MINUTES, results: { h } },
    ok: okRunning && okFinished,
  });
}

if (process.env.CASE === 'watch') {
  const { result: d, realS } = await alone(
    '(d) pipetop watch and glab ci status --live on a running pipeline, until it ends; then 1 min windows',
    async () => ({
      ...(await scenarioD()),
      windows: await scenarioWatchWindows(),
    }),
  );
  const w = d.windows;
  const ok = d.pipetop.requestsPerMin <= d.glab.requestsPerMin;
  const okWindow = w.running.jobLists <= 2 && w.running.databasePerMin <= w.running.treeChangesPerMin + 2;
  const wrow = (r) => ({
    opening: r.opening,
    'req/min': f1(r.requestsPerMin),
    '304s': r.notModified,
    'REST job lists': r.jobLists,
    'non-304/min': f1(r.databasePerMin),
    'tree changes/min': f1(r.treeChangesPerMin),
  });
  console.table({
    'pipetop watch, running, GraphQL (1 min)': wrow(w.running),
    'pipetop watch, running, REST only (1 min)': wrow(w.rest),
  });
  console.log(`(d) windows: running #${w.running.pipeline}: ${kinds(w.running)}`);
  console.log(`    REST only: ${kinds(w.rest)} — said: ${w.rest.notice || '(nothing)'}`);
  console.log(
    `    finished #${w.finished.pipeline} (${w.finished.statusAtEnd}): ${w.finished.total} requests in all, exit ${w.finished.exit}: ${kinds({ byKind: w.finished.allByKind })}`,
  );
  await report({
    table: {
      'pipetop watch (interval 3 s)': {
        'req/min': f1(d.pipetop.requestsPerMin),
        'wire bytes/min': kb(d.pipetop.bytesPerMin),
        target: '≤ glab req/min',
        ok: ok ? 'yes' : 'NO',
      },
      [`glab ci status --live (RTT ${RTT_MS} ms)`]: { 'req/min': f1(d.glab.requestsPerMin), 'wire bytes/min': kb(d.glab.bytesPerMin), target: '', ok: '' },
    },
    lines: [
      `(d) pipeline #${d.pipeline} (${d.jobs} jobs, ${d.status}; watch exit ${d.pipetopExit})`,
      `    pipetop: ${kinds(d.pipetop)}`,
      `    glab:    ${kinds(d.glab)}`,
      `    pipetop/glab: requests ${(d.pipetop.requestsPerMin / d.glab.requestsPerMin).toFixed(3)}×, wire bytes ${(d.pipetop.bytesPerMin / d.glab.bytesPerMin).toFixed(3)}× (${f0(realS)} s of real time)`,
    ],
    file: 'cost-watch.json',
    fields: { results: { d } },
    ok: ok && okWindow,
  });
}

// ------------------------------------------------------------------------------------------------

const t0 = performance.now();
process.stderr.write(`(a) finished pipeline, ${MINUTES} simulated min…\n`);
const a = await scenarioA();
// Two logs: test:unit's is big (~400 kB, a verbose test run), test:integration's small (~10 kB).
// A whole-log re-read costs glab more than its headers only on the big one.
const b = {};
for (const [label, name] of [
  ['big log', 'test:unit'],
  ['small log', 'test:integration'],
]) {
  process.stderr.write(`(b) ${name}: a running job with its log open, and glab, ${MINUTES} simulated min…\n`);
  b[label] = await scenarioB(name);
}
process.stderr.write(`(c) a running pipeline's pane, ${MINUTES} simulated min…\n`);
const c = await scenarioC();
const realS = (performance.now() - t0) / 1000;
await sim.close();
vt.uninstall();

const row = (s, target = '', ok = '') => ({
  'req/min': f1(s.requestsPerMin),
  'wire bytes/min': kb(s.bytesPerMin),
  'of which down': kb(s.bytesDownPerMin),
  'bodies/min': kb(s.bodyBytesPerMin),
  target,
  ok,
});
const rows = { 'pipetop (a) finished pipeline': row(a, `≤ ${TARGETS.a.rpm} req/min`, a.requestsPerMin <= TARGETS.a.rpm ? 'yes' : 'NO') };
const ratios = {};
for (const [label, r] of Object.entries(b)) {
  const ratio = r.pipetop.bytesPerMin / r.glab.bytesPerMin;
  ratios[label] = {
    wire: ratio,
    bodies: r.pipetop.bodyBytesPerMin / r.glab.bodyBytesPerMin,
    wireVsGlabSource: r.pipetop.bytesPerMin / r.glabSource.bytesPerMin,
  };
  const ok = r.pipetop.requestsPerMin <= TARGETS.b.rpm && ratio <= TARGETS.b.bytesVsGlab;
  rows[`pipetop (b) ${r.jobName}, ${label}`] = row(r.pipetop, `≤ ${TARGETS.b.rpm} req/min, ≤ 0.1× glab wire bytes: ${ratio.toFixed(3)}×`, ok ? 'yes' : 'NO');
  rows[`glab (b) ${label}: jobs/5 s + trace/3 s`] = row(r.glab);
  rows[`glab (b) ${label}, as its source (+ job/3 s)`] = row(r.glabSource);
}
rows['pipetop (c) running pipeline (no target)'] = row(c);
const lines = [`(a) pipeline #${a.pipeline} (${a.status}, ${a.jobs} jobs): ${kinds(a)}`];
for (const [label, r] of Object.entries(b)) {
  lines.push(
    `(b, ${label}) job #${r.job} ${r.jobName} (pipeline #${r.pipeline}), running ${r.runningForSAtStart} s when opened, still running at the end: ${r.stillRunningAtEnd}, log ${kb(r.logBytesAtEnd)} at the end`,
    `    pipetop: ${kinds(r.pipetop)}`,
    `    glab:    ${kinds(r.glab)}`,
    `    the log on screen behind the world's: p50 ${r.logBehindMs.p50} ms, p95 ${r.logBehindMs.p95} ms, max ${r.logBehindMs.max} ms`,
    `    pipetop/glab: wire bytes ${ratios[label].wire.toFixed(3)}× (${ratios[label].wireVsGlabSource.toFixed(3)}× glab as its source), response bodies ${ratios[label].bodies.toFixed(3)}×; requests ${(r.pipetop.requestsPerMin / TARGETS.b.rpm).toFixed(2)} of the ${TARGETS.b.rpm}/min budget`,
  );
}
lines.push(
  `(c) pipeline #${c.pipeline} (${c.jobs} jobs, ${c.statusAtEnd} at the end): ${kinds(c)}`,
  `(a) ${f1(a.requestsPerMin)} req/min = ${(a.requestsPerMin / TARGETS.a.rpm).toFixed(2)} of the ${TARGETS.a.rpm}/min budget`,
  `over ${PROTOCOL}${STRICT ? ', the log read whole as real GitLab sends it (no Range)' : ', the log read with Range'}; (${MINUTES} simulated minutes per scenario, ${f0(realS)} s of real time; ${vt.fired} virtual timers fired)`,
);
await report({
  table: rows,
  lines,
  file: `cost${H2 ? '-h2' : ''}${STRICT ? '-strict' : ''}.json`,
  fields: { gitlabStrict: STRICT, minutes: MINUTES, targets: TARGETS, results: { a, b, c, ratios }, table: rows },
});

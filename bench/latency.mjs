#!/usr/bin/env node
// Key-to-frame latency, in-process, on a big world: 2,000 projects, a
// 5,000-job pipeline and a 100,000-line log (the simulator's `scale` option). The real <App/>,
// store and controller run under Ink exactly as `pipetop` does (same bundle options, same render
// options), writing to an in-memory terminal of 120×40; keys go in through a fake TTY stdin.
//
// A sample is the time from writing a key to stdin until Ink writes the next frame to stdout —
// what a user sees after pressing it. Keys are paced (the next one goes when the frame is out
// and the app is quiet) so a sample measures the work one key costs, not Ink's 30 fps throttle
// (a held key repeating faster than 30/s coalesces frames by design). Where a key starts a load
// (opening a pane), "with data" also times the frame that shows the loaded data.
//
// Target (docs/performance.md): p95 ≤ 16 ms. Prints a table, writes bench/results/latency.json. Not a test.
// RUNS=n sets the samples per move/page row (default 60). ONLY=burst runs only the burst row (10 keys in
// one write, on the project list) and writes bench/results/latency-burst.json. ONLY=views runs only the
// `v` rows (the pipeline's stage graph, needs graph, timeline and list; VIEWS=n cycles, default 10)
// and writes bench/results/latency-views.json. PROFILE='log: next match' writes a CPU
// profile of that row's keys (main thread) to the temp directory, for Chrome DevTools. CPU=1 records
// the process's CPU time (user + system) from the key to its frame instead of the wall time: on a
// machine shared with other work it moves far less with the load, so two checkouts compare.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import xterm from '@xterm/headless';
import { loadApp } from './lib/harness.mjs';
import { resultsPath, size } from './lib/smoke.mjs';

const SCALE = size({ projects: 2000, pipelineJobs: 5000, logLines: 100_000 }, { projects: 60, pipelineJobs: 120, logLines: 2_000 });
// Quiet before each key: 60 ms, so a sample times one key's work; 20 ms in a smoke run (its figures
// mean nothing, and ~120 keys wait for it).
const QUIET_MS = size(60, 20);
const COLS = 120;
const ROWS = 40;
const KEY = { down: '\u001B[B', up: '\u001B[A', pageDown: '\u001B[6~', pageUp: '\u001B[5~', enter: '\r', escape: '\u001B', backspace: '\u007F' };

// The app's modules, bundled as pipetop ships them (bench/lib/harness.mjs); the file is kept until
// the simulator's worker has loaded it too.
const { app: m, file: bundle, remove: removeBundle } = await loadApp({ keep: true });

// ------------------------------------------------------------------------------------------------
// The world (in a worker thread: serving 5,000 jobs must not run on the app's event loop, or a
// sample would time the simulator too) and the app.

const START = Date.UTC(2026, 10, 20, 12);
const loadBefore = loadavg()[0];
let t = performance.now();
const worker = new Worker(
  `import { parentPort, workerData } from 'node:worker_threads';
   const { startSimulator } = await import(workerData.bundle);
   const sim = await startSimulator(workerData.options);
   parentPort.postMessage(sim.url);`,
  { eval: true, workerData: { bundle: pathToFileURL(bundle).href, options: { seed: 42, speed: 0, startTime: START, scale: SCALE } } },
);
const simUrl = await new Promise((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});
removeBundle();
const worldMs = performance.now() - t;
const sim = { url: simUrl, clock: { now: () => START } };
// The app's clock: the world's, moved on a second before each `v` (below), as a real clock has
// between two presses, so a running pipeline's timeline is laid out for a new `now` each time.
let appClock = START;
// The app as src/tui.tsx builds it (src/app/create.tsx).
const built = m.createApp({
  gitlab: { baseUrl: sim.url, token: m.DEMO_TOKENS.user, userAgent: 'pipetop-bench' },
  config: { host: 'bench', demo: true, readOnly: false },
  now: () => appClock,
  platform: { openUrl: async () => ({ opened: false, message: '' }), copy: () => undefined, downloadDir: tmpdir() },
});
const { store, controller } = built;

/**
 * The terminal: Ink writes each frame in one write; a headless xterm parses them so the scenarios
 * can wait on what the screen shows. The time of a frame is the time Ink wrote it.
 */
let frames = 0;
let lastFrameAt = 0;
const CPU = process.env.CPU === '1';
/** The process's CPU time in ms (CPU=1) when the last frame was written. */
let lastFrameCpu = 0;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// convertEol: a pty's line discipline turns Ink's \n into \r\n; this terminal has none.
const term = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, convertEol: true });
const waiters = new Set();
class Terminal extends Writable {
  columns = COLS;
  rows = ROWS;
  isTTY = true;
  _write(chunk, _enc, done) {
    frames++;
    lastFrameAt = performance.now();
    if (CPU) lastFrameCpu = cpuMs();
    for (const w of waiters) w();
    term.write(chunk, () => done());
  }
}
function screenText() {
  const buf = term.buffer.active;
  const lines = [];
  for (let y = 0; y < ROWS; y++) lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
  return lines.join('\n');
}
const stdout = new Terminal();
const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode() {}, ref() {}, unref() {} });
stdin.setEncoding('utf8');

void controller.start();
// As src/tui.tsx: the store's viewport follows the terminal's size.
built.watchTerminal(stdout);
const ink = m.render(built.view(m.createTheme({})), {
  stdin: Object.assign(new PassThrough(), { isTTY: true, setRawMode() {}, ref() {}, unref() {} }),
  stdout,
  stderr: new Terminal(),
  exitOnCtrlC: false,
  patchConsole: false,
  maxFps: 30,
});
// Keys as src/tui.tsx reads them: src/input's reader on stdin, each key to the controller.
const reader = m.attachKeyReader(stdin, (event) => controller.handleKey(event));

/** Resolves at the next frame written after now, or null after `ms`. */
function nextFrame(ms = 2000) {
  return new Promise((resolve) => {
    const at = frames;
    const timer = setTimeout(() => {
      waiters.delete(check);
      resolve(null);
    }, ms);
    const check = () => {
      if (frames === at) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(lastFrameAt);
    };
    waiters.add(check);
  });
}

/** Resolves when `test(screen)` holds (checked at every frame), bounded. */
async function until(test, what, ms = size(60_000, 20_000)) {
  const deadline = performance.now() + ms;
  while (!test(screenText())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screenText()}`);
    // xterm parses asynchronously: look again at the next frame, or shortly.
    await nextFrame(Math.min(100, Math.max(1, deadline - performance.now())));
  }
}

/** Waits until no frame has been written for `quietMs` (bounded): the app has settled. */
async function settle(quietMs = QUIET_MS, maxMs = 5000) {
  const deadline = performance.now() + maxMs;
  while (performance.now() < deadline) {
    if ((await nextFrame(quietMs)) === null) return;
  }
}

const samples = {};
/** PROFILE: the row whose keys are profiled (started at its first key, stopped at the next row). */
let profiling = null;
const profileParts = {};
async function profileRow(name) {
  if (!process.env.PROFILE) return;
  if (profiling && profiling.name !== name) {
    const { profile } = await profiling.session.post('Profiler.stop');
    // A row whose keys alternate with another's (`v`) is profiled in parts: one file per part.
    const part = (profileParts[profiling.name] = (profileParts[profiling.name] ?? 0) + 1);
    const file = join(tmpdir(), `pipetop-latency-${profiling.name.replace(/\W+/g, '-')}${part > 1 ? `-${part}` : ''}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.error(`profile of "${profiling.name}": ${file}`);
    profiling.session.disconnect();
    profiling = null;
  }
  if (!profiling && name === process.env.PROFILE) {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    profiling = { name, session };
  }
}
/** Presses `key`, records ms until the next frame under `name`; returns when the key was written. */
async function press(name, key) {
  await profileRow(name);
  await settle();
  const frame = nextFrame();
  const t0 = performance.now();
  const c0 = CPU ? cpuMs() : 0;
  stdin.write(key);
  const at = await frame;
  (samples[name] ??= []).push(at === null ? null : CPU ? lastFrameCpu - c0 : at - t0);
  return t0;
}

/** Presses `key` and also times until `ready(screen)` holds: a key that starts a load. */
async function pressAndLoad(name, key, ready, what) {
  const t0 = await press(name, key);
  await until(ready, what);
  (samples[`${name} (with data)`] ??= []).push(lastFrameAt - t0);
}

// ------------------------------------------------------------------------------------------------
// Scenarios.

t = performance.now();
await until((s) => /\d+\+? projects/.test(s), 'the project list', size(120_000, 20_000));
const projectsLoadMs = performance.now() - t;

const RUNS = Number(process.env.RUNS ?? size(60, 3));
// Fixed-count rows take a few samples in a smoke run: every row still gets a frame per key.
// A burst: 10 keys in one write (key repeat, a laggy link). All 10 must apply; the sample is the time
// to the first frame that shows the last of them (the keys apply at once, so that is one frame).
const listSelected = () => store.getState().lists.projects?.selected ?? 0;
for (let i = 0; i < size(10, 2); i++) {
  const down = i % 2 === 0;
  const before = listSelected();
  await press('projects: burst of 10 keys (one write)', (down ? 'j' : 'k').repeat(10));
  const moved = Math.abs(listSelected() - before);
  if (moved !== 10) throw new Error(`burst: ${moved} of 10 keys applied`);
}
if (process.env.ONLY === 'burst') {
  await finish();
}
const VIEWS_ONLY = process.env.ONLY === 'views';
if (!VIEWS_ONLY) for (let i = 0; i < RUNS; i++) await press('projects: move (j/k)', i % 4 === 3 ? 'k' : 'j');

for (let i = 0; i < (VIEWS_ONLY ? 0 : RUNS / 3); i++) await press('projects: page (PgDn/PgUp)', i % 3 === 2 ? KEY.pageUp : KEY.pageDown);
for (let i = 0; i < (VIEWS_ONLY ? 0 : size(10, 2)); i++) await press('projects: bottom / top (G/g)', i % 2 ? 'g' : 'G');
// Filter: each typed character narrows 2,000 rows; backspace widens again.
await press('projects: filter keystroke', '/');
for (const ch of 'monolith') await press('projects: filter keystroke', ch);
await press('projects: filter keystroke', KEY.enter);
await pressAndLoad('open project (⏎)', KEY.enter, (s) => /fleet\/monolith/.test(s) && /#\d+/.test(s), 'the monolith pipelines');

// The 5,000-job pipeline.
await pressAndLoad('open 5,000-job pipeline (⏎)', KEY.enter, (s) => new RegExp(`^${SCALE.pipelineJobs} jobs ·`, 'm').test(s), 'the pipeline with all its jobs');
for (let i = 0; i < (VIEWS_ONLY ? 0 : RUNS); i++) await press('pipeline: move (j/k)', i % 4 === 3 ? 'k' : 'j');
for (let i = 0; i < (VIEWS_ONLY ? 0 : RUNS / 3); i++) await press('pipeline: page (PgDn/PgUp)', i % 3 === 2 ? KEY.pageUp : KEY.pageDown);
for (let i = 0; i < (VIEWS_ONLY ? 0 : size(10, 2)); i++) await press('pipeline: bottom / top (G/g)', i % 2 ? 'g' : 'G');
// `v` cycles list → stage graph → needs graph → timeline → list: one row per view it opens, since
// each lays out something else (a running pipeline's timeline is laid out again for each new clock).
const VIEW_ROWS = { graph: 'pipeline: v → stage graph', needs: 'pipeline: v → needs graph', timeline: 'pipeline: v → timeline', list: 'pipeline: v → list' };
// Ten of each: a row of four had its one slow sample as its p95.
for (let i = 0; i < 4 * Number(process.env.VIEWS ?? size(10, 1)); i++) {
  const next = ['graph', 'needs', 'timeline', 'list'][i % 4];
  appClock += 1000;
  await press(VIEW_ROWS[next], 'v');
  const stack = store.getState().stack;
  const view = stack[stack.length - 1].view;
  if (view !== next) throw new Error(`v: expected the ${next} view, the pane shows ${view}`);
}
if (VIEWS_ONLY) await finish();
await press('pipeline: filter keystroke', '/');
for (const ch of 'verbose') await press('pipeline: filter keystroke', ch);
await press('pipeline: filter keystroke', KEY.enter);

// The 100,000-line log.
await pressAndLoad('open 100,000-line log (⏎)', KEY.enter, (s) => /Job succeeded/.test(s) || /100,?\d{3} lines/.test(s), 'the whole log');
await press('log: top / bottom (g/G)', 'g');
for (let i = 0; i < RUNS; i++) await press('log: scroll (j/k)', i % 4 === 3 ? 'k' : 'j');
for (let i = 0; i < RUNS / 3; i++) await press('log: page (PgDn/PgUp)', i % 3 === 2 ? KEY.pageUp : KEY.pageDown);
for (let i = 0; i < size(9, 2); i++) await press('log: top / bottom (g/G)', i % 2 ? 'g' : 'G');
for (let i = 0; i < size(10, 2); i++) await press('log: fold all (Z)', 'Z');
await press('log: search', '/');
for (const ch of 'took 42') await press('log: search', ch);
await press('log: search', KEY.enter);
for (let i = 0; i < size(20, 2); i++) await press('log: next match (n)', 'n');

await finish();

// ------------------------------------------------------------------------------------------------
// Report.

async function finish() {
  await profileRow('');
  reader.dispose();
  ink.unmount();
  controller.stop();
  await worker.terminate();

  const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const rows = {};
  const all = [];
  for (const [name, xs] of Object.entries(samples)) {
    const ok = xs.filter((x) => x !== null).sort((a, b) => a - b);
    const missed = xs.length - ok.length;
    if (!name.endsWith('(with data)')) all.push(...ok);
    rows[name] = {
      n: xs.length,
      'p50 ms': ok.length ? pct(ok, 50).toFixed(1) : '-',
      'p95 ms': ok.length ? pct(ok, 95).toFixed(1) : '-',
      'max ms': ok.length ? ok[ok.length - 1].toFixed(1) : '-',
      'no frame': missed,
      target: name.endsWith('(with data)') ? '' : pct(ok, 95) <= 16 ? '≤ 16 ✓' : '≤ 16 ✗',
    };
  }
  all.sort((a, b) => a - b);
  rows['all keys'] = {
    n: all.length,
    'p50 ms': pct(all, 50).toFixed(1),
    'p95 ms': pct(all, 95).toFixed(1),
    'max ms': all[all.length - 1].toFixed(1),
    'no frame': '',
    target: pct(all, 95) <= 16 ? '≤ 16 ✓' : '≤ 16 ✗',
  };
  console.table(rows);
  if (CPU) console.log('CPU=1: key rows are the CPU time of the process from key to frame; "(with data)" rows stay wall time');
  console.log(
    `world: ${SCALE.projects} projects, ${SCALE.pipelineJobs}-job pipeline, ${SCALE.logLines}-line log; built in ${worldMs.toFixed(0)} ms; project list loaded in ${projectsLoadMs.toFixed(0)} ms`,
  );
  console.log(
    `(load average before/after: ${loadBefore.toFixed(2)} / ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB)`,
  );
  writeFileSync(
    resultsPath(`${process.env.ONLY ? `latency-${process.env.ONLY}` : 'latency'}.json`),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAverage1m: [loadBefore, loadavg()[0]],
        scale: SCALE,
        terminal: `${COLS}x${ROWS}`,
        measure: CPU ? 'cpu' : 'wall',
        worldMs,
        projectsLoadMs,
        rows,
        samples,
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

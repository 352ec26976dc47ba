// Benchmark of the job-log engine (src/log): memory and speed on a 200 MB log, scrolling, folding,
// search, live ingest while rendering frames, and bytes fetched by the tail with and without Range.
// Not a test: it prints a table and writes bench/results/log.json. Run: node bench/log.mjs
//
// The engine is TypeScript; esbuild (a dev dependency) bundles it to a temporary .mjs first. Each
// measured phase runs in a child process of its own, so one phase's garbage (or the bundler's)
// cannot inflate another phase's peak RSS. The log the phases feed is generated once, by the parent,
// into a temporary file the children read: generating it took ~50 MB of the child's peak RSS (garbage
// of the simulator's log generator), which is no part of what holding a log costs pipetop.
import { fork } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireExports, resultsPath, size } from './lib/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MB = 1 << 20;
const INGEST_BYTES = size(200 * MB, 1 * MB);
const TAIL_BYTES = size(50 * MB, 2 * MB);
const TAIL_STEP = size(1 * MB, 256 * 1024);
const LIVE_MS = size(5000, 300);
// What the phases use, and where the app keeps it: the log engine's entry point, the log feature's
// live tail, the simulator's log generator and the API client's entry point.
const ENTRY = {
  './src/log/index.ts': ['LogModel'],
  './src/features/log/tail.ts': ['startTail'],
  './src/sim/log-gen.ts': ['generateJobLog'],
  './src/api/index.ts': ['createGitLab'],
};

// ------------------------------------------------------------------------------------------------
// Parent: bundle, run the phases, print, save.

async function main() {
  const { build } = await import('esbuild');
  const bundle = join(tmpdir(), `pipetop-bench-log-${process.pid}.mjs`);
  const poolFile = join(tmpdir(), `pipetop-bench-log-pool-${process.pid}.json`);
  await build({
    stdin: {
      contents: Object.entries(ENTRY)
        .map(([from, names]) => `export { ${names.join(', ')} } from '${from}';`)
        .join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const results = {};
  // Other work on the machine skews timings (not memory or bytes): record how busy it was.
  const loadBefore = loadavg()[0];
  try {
    writePool(await import(pathToFileURL(bundle).href), poolFile);
    for (const name of ['ingest', 'live', 'tailRange', 'tailStrict']) {
      process.stderr.write(`running ${name}…\n`);
      Object.assign(results, await runChild(name, bundle, poolFile));
    }
  } finally {
    rmSync(bundle, { force: true });
    rmSync(poolFile, { force: true });
  }
  const rows = table(results);
  printTable(rows);
  console.log(`(load average before/after: ${loadBefore.toFixed(2)} / ${loadavg()[0].toFixed(2)} on ${cpus().length} CPUs)`);
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    loadAverage1m: { before: loadBefore, after: loadavg()[0] },
    results,
    table: rows.map(([metric, value, target, ok]) => ({ metric, value, target, ok })),
  };
  const file = resultsPath('log.json');
  writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  process.stderr.write(`wrote ${file}\n`);
}

function runChild(name, bundle, poolFile) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [name, bundle, poolFile], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result;
    child.on('message', (m) => (result = m));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`phase ${name} exited with ${code}`))));
  });
}

const fmt = (n, digits = 1) => (n === undefined ? '—' : Number(n).toFixed(digits));

function table(r) {
  return [
    [`(1) ingest ${INGEST_BYTES / MB} MB: peak RSS (VmHWM)`, `${fmt(r.ingestPeakRssMB)} MB`, '≤ 250 MB', r.ingestPeakRssMB <= 250],
    ['(1) ingest throughput', `${fmt(r.ingestMBps)} MB/s`, '—', null],
    ['(1) lines / sections ingested', `${r.lines} / ${r.sections}`, '—', null],
    ['(1) spool size on disk (lines + raw)', `${fmt(r.spoolMB)} MB + ${fmt(r.rawMB)} MB`, '—', null],
    [
      '(2) screen of 40 lines at random rows (cold): p50 / p95 / max',
      `${fmt(r.scroll.p50, 3)} / ${fmt(r.scroll.p95, 3)} / ${fmt(r.scroll.max, 3)} ms`,
      'p95 ≤ 16 ms',
      r.scroll.p95 <= 16,
    ],
    [
      '(2) toggle a fold + visible rows + 40-line screen: p50 / p95 / max',
      `${fmt(r.fold.p50, 3)} / ${fmt(r.fold.p95, 3)} / ${fmt(r.fold.max, 3)} ms`,
      'p95 ≤ 16 ms',
      r.fold.p95 <= 16,
    ],
    ['(3) full search, substring (no match: whole scan)', `${fmt(r.searchMissS, 2)} s`, '≤ 2 s', r.searchMissS <= 2],
    ['(3) full search, substring "AssertionError"', `${fmt(r.searchHitS, 2)} s (${r.searchHits} lines)`, '≤ 2 s', r.searchHitS <= 2],
    ['(3) full search, regex /exit code [1-9]/', `${fmt(r.searchRegexS, 2)} s (${r.searchRegexHits} lines)`, '≤ 2 s', r.searchRegexS <= 2],
    ['(3) peak RSS after searching', `${fmt(r.peakAfterSearchMB)} MB`, '≤ 250 MB', r.peakAfterSearchMB <= 250],
    [
      `(4) live 10k lines/s for ${LIVE_MS / 1000} s: frame (40 lines at the end) p50 / p95 / max`,
      `${fmt(r.live.frame.p50, 3)} / ${fmt(r.live.frame.p95, 3)} / ${fmt(r.live.frame.max, 3)} ms`,
      'p95 ≤ 16 ms',
      r.live.frame.p95 <= 16,
    ],
    ['(4) live: frame start delay behind schedule p95 / max', `${fmt(r.live.lag.p95, 2)} / ${fmt(r.live.lag.max, 2)} ms`, '—', null],
    ['(4) live: lines ingested (input rate)', `${r.live.lines} (${fmt(r.live.rate, 0)}/s)`, '10 000/s', null],
    [
      `(5) tail to ${TAIL_BYTES / MB} MB, Range: bytes fetched / final size`,
      `${fmt(r.tailRange.fetchedMB)} MB / ${fmt(r.tailRange.finalMB)} MB = ${fmt(r.tailRange.ratio, 3)}×`,
      '≤ 1.1×',
      r.tailRange.ratio <= 1.1,
    ],
    [
      `(5) tail to ${TAIL_BYTES / MB} MB, --gitlab-strict: bytes fetched / final size`,
      `${fmt(r.tailStrict.fetchedMB)} MB / ${fmt(r.tailStrict.finalMB)} MB = ${fmt(r.tailStrict.ratio, 1)}×`,
      'report',
      null,
    ],
    ['(5) polls (Range / strict)', `${r.tailRange.polls} / ${r.tailStrict.polls}`, '—', null],
  ];
}

function printTable(rows) {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => String(row[i]).length), ['Metric', 'Value', 'Target'][i].length));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i] ?? 4)).join(' │ ');
  console.log(line(['Metric', 'Value', 'Target', 'OK']));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─') + '─┼────');
  for (const [m, v, t, ok] of rows) console.log(line([m, v, t, ok === null ? '' : ok ? 'yes' : 'NO']));
}

// ------------------------------------------------------------------------------------------------
// Phases (children).

function peakRssMB() {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / MB;
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}

/**
 * A synthetic runner log of any size: a pool of real-shaped logs from the simulator's generator
 * (every job kind, success and failure, sections, colours, `\r` progress bars, non-ASCII), repeated.
 * Only the pool (~6 MB) is held; the big log is streamed in 64 KB chunks. The parent writes it to
 * `file` (the logs' lengths as JSON on the first line, then their bytes); each phase reads it back.
 */
function writePool(lib, file) {
  const pool = generatePool(lib);
  writeFileSync(file, Buffer.concat([Buffer.from(JSON.stringify(pool.map((b) => b.length)) + '\n'), ...pool]));
}

function logPool() {
  const data = readFileSync(process.argv[4]);
  const header = data.indexOf(0x0a);
  let at = header + 1;
  return JSON.parse(data.subarray(0, header).toString('utf8')).map((n) => data.subarray(at, (at += n)));
}

function generatePool(lib) {
  const kinds = [
    ['test:unit', 'test'],
    ['build', 'build'],
    ['lint', 'test'],
    ['test:e2e', 'test'],
    ['deploy:production', 'deploy'],
    ['docker:build', 'build'],
    ['dependency_audit', 'test'],
    ['pages', 'deploy'],
  ];
  const pool = [];
  for (let i = 0; i < size(16, 3); i++) {
    const [jobName, stage] = kinds[i % kinds.length];
    const log = lib.generateJobLog({
      seed: 11 + i,
      jobId: 1000 + i,
      jobName,
      stage,
      outcome: i % 3 === 0 ? 'failed' : 'success',
      startedAt: Date.UTC(2024, 10, 12),
      durationMs: 3_600_000,
      size: size('huge', 'normal'),
    });
    pool.push(Buffer.from(log.text, 'utf8'));
  }
  return pool;
}

function* chunksOf(pool, total, chunkSize = 64 * 1024) {
  let produced = 0;
  let i = 0;
  let at = 0;
  while (produced < total) {
    const src = pool[i % pool.length];
    const n = Math.min(chunkSize, src.length - at, total - produced);
    yield src.subarray(at, at + n);
    produced += n;
    at += n;
    if (at >= src.length) {
      at = 0;
      i++;
    }
  }
}

const PHASES = {
  async ingest(lib) {
    const model = await lib.LogModel.create();
    const pool = logPool();
    const t0 = performance.now();
    for (const chunk of chunksOf(pool, INGEST_BYTES)) model.append(chunk);
    model.end();
    const ingestS = (performance.now() - t0) / 1000;
    const ingestPeakRssMB = peakRssMB();
    const lines = model.lineCount;
    const sections = model.sections().length;
    const spoolMB = model.tempFiles[0].size / MB;

    // (2) scrolling: a screen of 40 lines at random rows (cold: the LRU rarely helps at random).
    let seed = 42;
    const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    model.setAllFolded(false);
    const scroll = [];
    for (let i = 0; i < 2000; i++) {
      const row = rnd(model.visibleCount - 40);
      const t = performance.now();
      const first = model.visibleLine(row);
      const screen = model.lines(first, 40);
      scroll.push(performance.now() - t);
      if (screen.length !== 40) throw new Error('short screen');
    }
    // Folding: toggle a random section, recompute rows, read the screen around it.
    model.setAllFolded(true);
    const fold = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      model.toggleFold(rnd(sections));
      const visible = model.visibleCount;
      const row = rnd(Math.max(1, visible - 40));
      const rowsShown = [];
      for (let r = row; r < row + 40 && r < visible; r++) rowsShown.push(model.visibleLine(r));
      model.lines(rowsShown[0], 1);
      for (const l of rowsShown) model.line(l);
      fold.push(performance.now() - t);
    }

    // (3) search over everything.
    let t = performance.now();
    const miss = await model.search('this string is nowhere in the log');
    const searchMissS = (performance.now() - t) / 1000;
    t = performance.now();
    const hit = await model.search('AssertionError');
    const searchHitS = (performance.now() - t) / 1000;
    t = performance.now();
    const regex = await model.search('/exit code [1-9]/');
    const searchRegexS = (performance.now() - t) / 1000;
    if (miss.lines.length !== 0) throw new Error('unexpected match');
    const rawMB = model.byteSize / MB;
    await model.dispose();
    return {
      ingestBytes: INGEST_BYTES,
      ingestS,
      ingestMBps: INGEST_BYTES / MB / ingestS,
      ingestPeakRssMB,
      lines,
      sections,
      spoolMB,
      rawMB,
      scroll: stats(scroll),
      fold: stats(fold),
      searchMissS,
      searchHitS,
      searchHits: hit.lines.length,
      searchRegexS,
      searchRegexHits: regex.lines.length,
      peakAfterSearchMB: peakRssMB(),
    };
  },

  async live(lib) {
    // 10 000 lines/s for 5 s, written every 10 ms (100 lines a tick, cut anywhere), while a "frame"
    // every 16 ms reads the 40 lines at the end, as a following pane does.
    const model = await lib.LogModel.create();
    const pool = logPool();
    const text = Buffer.concat(pool).toString('utf8');
    const lines = text.split('\n');
    let next = 0;
    let written = 0;
    const frames = [];
    const lag = [];
    const durationMs = LIVE_MS;
    const start = performance.now();
    await new Promise((resolve) => {
      const writer = setInterval(() => {
        const due = Math.floor(((performance.now() - start) / 1000) * 10_000);
        const batch = [];
        while (written < due) {
          batch.push(lines[next++ % lines.length]);
          written++;
        }
        if (batch.length) model.append(Buffer.from(batch.join('\n') + '\n'));
      }, 10);
      let frameNo = 0;
      const frame = () => {
        const scheduled = start + frameNo * 16;
        const t = performance.now();
        lag.push(Math.max(0, t - scheduled));
        const count = model.lineCount;
        model.lines(Math.max(0, count - 40), 40);
        void model.visibleCount;
        frames.push(performance.now() - t);
        frameNo++;
        if (t - start >= durationMs) {
          clearInterval(writer);
          resolve();
          return;
        }
        setTimeout(frame, Math.max(0, start + frameNo * 16 - performance.now()));
      };
      setTimeout(frame, 16);
    });
    const elapsed = (performance.now() - start) / 1000;
    const result = { live: { frame: stats(frames), lag: stats(lag), lines: model.lineCount, rate: written / elapsed } };
    await model.dispose();
    return result;
  },

  tailRange: (lib) => tailPhase(lib, false),
  tailStrict: (lib) => tailPhase(lib, true),
};

/**
 * A stand-in GitLab serving one job log that grows by 1 MB between polls up to 50 MB: with Range
 * support (206/416) or as real GitLab does (--gitlab-strict: Range ignored, 200 with the whole log).
 */
async function tailPhase(lib, strict) {
  const pool = logPool();
  const full = Buffer.concat([...chunksOf(pool, TAIL_BYTES, 4 * MB)]);
  const STEP = TAIL_STEP;
  let size = 0;
  let polls = 0;
  const server = createServer((req, res) => {
    if (!req.url.endsWith('/trace')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404 Not found"}');
      return;
    }
    polls++;
    size = Math.min(full.length, size + STEP); // the job wrote another MB since the last poll
    const log = full.subarray(0, size);
    const m = strict ? null : /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (m) {
      const from = Number(m[1]);
      if (from >= log.length) {
        res.writeHead(416, { 'content-range': `bytes */${log.length}` }).end();
        return;
      }
      const part = log.subarray(from);
      res.writeHead(206, { 'content-type': 'text/plain', 'content-range': `bytes ${from}-${log.length - 1}/${log.length}`, 'content-length': part.length });
      res.end(part);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': log.length });
    res.end(log);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gl = lib.createGitLab({ baseUrl: `http://127.0.0.1:${server.address().port}`, token: 'bench', timeoutMs: 60_000 });
  const model = await lib.LogModel.create();
  const tail = lib.startTail({ gl, projectId: 1, jobId: 1, model, isRunning: () => size < full.length, intervalMs: 5 });
  const t0 = performance.now();
  while (tail.state !== 'finished') await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - t0) / 1000;
  if (model.byteSize !== full.length) throw new Error(`tail ended at ${model.byteSize} of ${full.length} bytes`);
  const result = { fetchedMB: tail.fetchedBytes / MB, finalMB: full.length / MB, ratio: tail.fetchedBytes / full.length, polls, seconds };
  tail.stop();
  await model.dispose();
  server.close();
  return { [strict ? 'tailStrict' : 'tailRange']: result };
}

// ------------------------------------------------------------------------------------------------

const phase = process.argv[2];
if (phase) {
  // Child: run one phase and report back.
  const lib = await import(pathToFileURL(process.argv[3]).href);
  for (const [from, names] of Object.entries(ENTRY)) requireExports(lib, names, `bench/log.mjs: ${from}`);
  process.send(await PHASES[phase](lib));
  process.exit(0);
} else {
  await main();
}

// Every run `npm run bench` makes, and the file each writes: bench/run.mjs runs them in order, and
// test/bench-smoke.test.ts runs each in its smoke mode (bench/lib/smoke.mjs), so a bench or a case
// added here is both measured and kept working.

/**
 * @typedef {{ bench: string, env: Record<string, string>, writes: string, check: (result: any) => string[] }} BenchRun
 * `check` names what a result lacks (empty when it is well formed).
 */

const finite = (x) => typeof x === 'number' && Number.isFinite(x);
const need = (cond, what) => (cond ? [] : [what]);
const hasCost = (key) => (r) => need(r.results && typeof r.results[key] === 'object', `results.${key}`);

/** @type {BenchRun[]} */
export const BENCH_RUNS = [
  {
    bench: 'cost.mjs',
    env: {},
    writes: 'cost.json',
    check: (r) => ['a', 'b', 'c'].flatMap((k) => hasCost(k)(r)).concat(need(Object.keys(r.table ?? {}).length > 0, 'table')),
  },
  // Like real GitLab, ignoring Range on the job log.
  { bench: 'cost.mjs', env: { STRICT: '1' }, writes: 'cost-strict.json', check: (r) => ['a', 'b', 'c'].flatMap((k) => hasCost(k)(r)) },
  { bench: 'cost.mjs', env: { CASE: 'child' }, writes: 'cost-child.json', check: hasCost('e') },
  { bench: 'cost.mjs', env: { CASE: 'pulse' }, writes: 'cost-pulse.json', check: hasCost('f') },
  { bench: 'cost.mjs', env: { CASE: 'fleet' }, writes: 'cost-fleet.json', check: hasCost('g') },
  // Finding a cause: :failures, :compare and :browse, each opened once.
  {
    bench: 'cost.mjs',
    env: { CASE: 'cause' },
    writes: 'cost-cause.json',
    check: (r) =>
      ['failures', 'compare', 'browse', 'browseWhole'].flatMap((k) => hasCost(k)(r).concat(need(finite(r.results?.[k]?.requests), `results.${k}.requests`))),
  },
  {
    bench: 'cost.mjs',
    env: { CASE: 'watch' },
    writes: 'cost-watch.json',
    check: (r) => hasCost('d')(r).concat(need(finite(r.results?.d?.pipetopExit), 'results.d.pipetopExit')),
  },
  {
    bench: 'latency.mjs',
    env: {},
    writes: 'latency.json',
    check: (r) => {
      const rows = Object.entries(r.rows ?? {});
      return need(rows.length > 10, 'rows').concat(
        rows.filter(([name, row]) => name !== 'all keys' && row['no frame'] !== 0).map(([name]) => `a frame for every key of "${name}"`),
      );
    },
  },
  { bench: 'leak.mjs', env: {}, writes: 'leak.json', check: (r) => need(Object.keys(r.variants ?? {}).length > 0, 'variants') },
  {
    bench: 'log.mjs',
    env: {},
    writes: 'log.json',
    check: (r) =>
      ['ingestPeakRssMB', 'searchHitS', 'lines']
        .flatMap((k) => need(finite(r.results?.[k]), `results.${k}`))
        .concat(need(r.results?.tailRange?.ratio > 0 && r.results?.tailStrict?.ratio > 0, 'results.tailRange/tailStrict')),
  },
  { bench: 'simulator.mjs', env: {}, writes: 'simulator.json', check: (r) => need(Array.isArray(r.table) && r.table.length > 0, 'table') },
  {
    bench: 'startup.mjs',
    env: {},
    writes: 'startup.json',
    check: (r) => ['firstFrameMs', 'firstDataFrameMs', 'demoFirstDataFrameMs'].flatMap((k) => need(finite(r.results?.[k]), `results.${k}`)),
  },
];

/** "cost.mjs STRICT=1" */
export const label = (run) => [run.bench, ...Object.entries(run.env).map(([k, v]) => `${k}=${v}`)].join(' ');

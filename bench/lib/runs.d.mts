// Types for bench/lib/runs.mjs, read by test/bench-smoke.test.ts.
export interface BenchRun {
  bench: string;
  env: Record<string, string>;
  writes: string;
  /** What a result lacks; empty when it is well formed. */
  check: (result: unknown) => string[];
}
export declare const BENCH_RUNS: BenchRun[];
export declare function label(run: BenchRun): string;

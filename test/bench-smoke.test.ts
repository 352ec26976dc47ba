// Every benchmark runs on main, always: each run `npm run bench` makes (bench/lib/runs.mjs) runs
// here in its smoke mode (BENCH_SMOKE=1: tiny sizes, a few seconds) and must end with exit 0 and a
// well-formed result. A moved export, a renamed command or a changed screen then breaks this test,
// not the next measurement. Smoke results go to a temporary directory, never over bench/results/.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_RUNS, label } from '../bench/lib/runs.mjs';
import { ensureBundle } from './helpers/pty.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = join(root, 'bench');
const resultsDir = join(benchDir, 'results');
// A smoke run takes seconds alone; two test files share the two cores, and the watch case follows a
// pipeline to its end.
const RUN_BOUND_MS = 150_000;

/** bench/results/ as names → size and mtime, to prove a smoke run wrote nothing there. */
const snapshot = () =>
  Object.fromEntries(readdirSync(resultsDir).map((f) => [f, `${statSync(join(resultsDir, f)).size}@${statSync(join(resultsDir, f)).mtimeMs}`]));

function runBench(bench: string, env: Record<string, string>, out: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, BENCH_SMOKE: '1', BENCH_OUT: out };
    // Ink prints only its last frame when CI is set; the latency bench waits on frames.
    delete childEnv.CI;
    const child = spawn(process.execPath, ['--expose-gc', join(benchDir, bench)], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_BOUND_MS - 5_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('every bench in its smoke mode', () => {
  let before: Record<string, string>;
  beforeAll(() => {
    ensureBundle();
    before = snapshot();
  });
  afterAll(() => {
    expect(snapshot(), 'a smoke run wrote into bench/results/').toEqual(before);
  });

  it('lists every bench file', () => {
    const files = readdirSync(benchDir).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs');
    expect(files.length).toBeGreaterThan(5);
    expect([...new Set(BENCH_RUNS.map((r) => r.bench))].sort()).toEqual(files.sort());
  });

  for (const run of BENCH_RUNS) {
    it(
      label(run),
      async () => {
        const out = mkdtempSync(join(tmpdir(), 'pipetop-bench-smoke-'));
        try {
          const { code, output } = await runBench(run.bench, run.env, out);
          expect(code, `${label(run)} exited with ${code}:\n${output.slice(-3000)}`).toBe(0);
          expect(readdirSync(out)).toContain(run.writes);
          const result = JSON.parse(readFileSync(join(out, run.writes), 'utf8'));
          expect(run.check(result), `${run.writes} lacks`).toEqual([]);
        } finally {
          rmSync(out, { recursive: true, force: true });
        }
      },
      RUN_BOUND_MS,
    );
  }
});

describe('a smoke run without BENCH_OUT', () => {
  it('is refused rather than written over bench/results/', async () => {
    const before = snapshot();
    const child = spawn(process.execPath, [join(benchDir, 'log.mjs')], { cwd: root, env: { ...process.env, BENCH_SMOKE: '1', BENCH_OUT: '' }, stdio: 'pipe' });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('BENCH_SMOKE=1 needs BENCH_OUT');
    expect(snapshot()).toEqual(before);
  }, 60_000);
});

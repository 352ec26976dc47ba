// The smoke mode every bench has (BENCH_SMOKE=1): tiny sizes, a few seconds, the same code paths and
// the same driving keys as the full run. test/bench-smoke.test.ts runs each bench this way, so a
// moved export, a renamed command or a changed screen breaks `npm test` rather than the next
// measurement. A smoke run checks that the bench runs to the end with a well-formed result; its
// figures mean nothing, so it never writes over bench/results/ and never fails on a target.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SMOKE = process.env.BENCH_SMOKE === '1';
// Refused at the start, not after minutes of work: a smoke run's figures must not replace the
// recorded ones.
if (SMOKE && !process.env.BENCH_OUT) throw new Error('BENCH_SMOKE=1 needs BENCH_OUT (a directory for the throw-away results)');

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `full` in a real run, `tiny` in a smoke run. */
export const size = (full, tiny) => (SMOKE ? tiny : full);

/**
 * Where a bench writes `file`: bench/results/ in a real run; in a smoke run BENCH_OUT (the smoke
 * test's temporary directory).
 */
export function resultsPath(file) {
  let dir = join(root, 'bench/results');
  if (SMOKE) dir = process.env.BENCH_OUT;
  mkdirSync(dir, { recursive: true });
  return join(dir, file);
}

/** The exit status for a run whose targets were (not) met: a smoke run checks running, not figures. */
export const exitStatus = (targetsMet) => (SMOKE || targetsMet ? 0 : 1);

/**
 * Fails at once, naming the entry point and the missing names, when what a bench measures is no
 * longer exported where it looks (a moved or renamed export would otherwise surface as
 * "x is not a function" deep inside a phase).
 */
export function requireExports(lib, names, from) {
  const missing = names.filter((n) => lib[n] === undefined);
  if (missing.length) throw new Error(`${from} no longer exports ${missing.join(', ')} (moved or renamed?)`);
  return lib;
}

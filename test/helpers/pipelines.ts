// Hand-built pipelines for unit tests of durations and estimates: times in seconds after T0, so the
// expected figures can be worked out on paper.
import type { PipelineBasic } from '../../src/api/index.js';

/** The same instant as START in helpers/sim.ts, without loading the simulator into unit tests. */
export const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

/** The ISO time `s` seconds after T0. */
export const iso = (s: number): string => new Date(T0 + s * 1000).toISOString();

/** A pipeline created and last updated `created` and `updated` seconds after T0. */
export const pipeline = (id: number, ref: string, status: string, created: number, updated: number): PipelineBasic => ({
  id,
  ref,
  status,
  sha: 'x',
  created_at: iso(created),
  updated_at: iso(updated),
});

// Durations over time, from lists the panes already fetch: per-ref series for the pipelines list
// (and the pulse), and a job's duration against its usual one. Pure: no requests here.
import type { PipelineBasic } from '../api/index.js';
import { duration } from '../ui/format.js';
import { estimatedSeconds } from './estimate.js';

export interface RefSeries {
  ref: string;
  /** Oldest → newest, one entry per pipeline of the ref on the page (null: no duration yet). */
  seconds: (number | null)[];
  /** Id of the ref's newest pipeline on the page. */
  newestId: number;
}

/**
 * A page of the pipelines list (newest first, as GitLab sends it) grouped by ref into duration
 * series, oldest → newest, ready for `sparkline()`. Refs come in the order of their newest
 * pipeline, so the series line up with the rows of the list.
 */
export function durationsByRef(pipelines: readonly PipelineBasic[]): Map<string, RefSeries> {
  const byRef = new Map<string, RefSeries>();
  for (const p of pipelines) {
    let series = byRef.get(p.ref);
    if (!series) byRef.set(p.ref, (series = { ref: p.ref, seconds: [], newestId: p.id }));
    series.seconds.push(estimatedSeconds(p));
  }
  for (const series of byRef.values()) series.seconds.reverse();
  return byRef;
}

/** Median of the finite, non-negative values; null when there are none. */
export function median(values: readonly (number | null | undefined)[]): number | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 === 1 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
}

export interface PastRun {
  id: number;
  name: string;
  ref: string;
  status: string;
  duration?: number | null;
}

/**
 * Durations of the last `limit` successful runs of job `name` on `ref`, newest first, from a jobs
 * list (GET /projects/:id/jobs?scope[]=success, newest first). The job itself (`excludeId`) does
 * not count towards its own "usual".
 */
export function pastDurations(runs: readonly PastRun[], name: string, ref: string, excludeId?: number, limit = 20): number[] {
  const out: number[] = [];
  for (const run of runs) {
    if (out.length >= limit) break;
    if (run.id === excludeId || run.name !== name || run.ref !== ref || run.status !== 'success') continue;
    if (typeof run.duration === 'number' && Number.isFinite(run.duration) && run.duration >= 0) out.push(run.duration);
  }
  return out;
}

export interface UsualDuration {
  seconds: number | null;
  usual: number | null;
  /** How many past runs the median is over. */
  runs: number;
  /** seconds / usual, when both are known and usual > 0. */
  ratio: number | null;
  /** "3m 12s, usual 1m 40s"; "3m 12s" without history; "usual 1m 40s" before it ran; "—" with neither. */
  text: string;
}

/** Fewer past runs than this and a median says little: show the duration alone. */
export const MIN_RUNS_FOR_USUAL = 3;

export function usualDuration(seconds: number | null | undefined, past: readonly number[]): UsualDuration {
  const own = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : null;
  const runs = past.filter((v) => Number.isFinite(v) && v >= 0).length;
  const usual = runs >= MIN_RUNS_FOR_USUAL ? median(past) : null;
  const ratio = own !== null && usual !== null && usual > 0 ? own / usual : null;
  const text = usual === null ? duration(own) : own === null ? `usual ${duration(usual)}` : `${duration(own)}, usual ${duration(usual)}`;
  return { seconds: own, usual, runs, ratio, text };
}

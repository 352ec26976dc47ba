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

// The median and a job's past runs live with the overdue rule, which the job lists share.
export { median, pastDurations, type PastRun } from '../time/overdue.js';
import { median } from '../time/overdue.js';

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
export { MIN_RUNS_FOR_USUAL } from '../time/overdue.js';
import { MIN_RUNS_FOR_USUAL } from '../time/overdue.js';

export function usualDuration(seconds: number | null | undefined, past: readonly number[]): UsualDuration {
  const own = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : null;
  const runs = past.filter((v) => Number.isFinite(v) && v >= 0).length;
  const usual = runs >= MIN_RUNS_FOR_USUAL ? median(past) : null;
  const ratio = own !== null && usual !== null && usual > 0 ? own / usual : null;
  const text = usual === null ? duration(own) : own === null ? `usual ${duration(usual)}` : `${duration(own)}, usual ${duration(usual)}`;
  return { seconds: own, usual, runs, ratio, text };
}

// Work that runs longer than it can or should: a job "running" past its project's timeout, past
// the longest any GitLab job may run, or far past its usual duration. The panes mark it (job rows,
// `:jobs`, the pulse's running count) and say why in its details. Pure, so the rules are tested
// without a clock.
//
// From GitLab's source (docs/gitlab-api.md "Overdue jobs"): a project's `build_timeout` is 1 hour
// by default, at least 10 minutes and under a month (app/models/project.rb); a job may set its own
// `timeout:`, longer than the project's but not than its runner's. GitLab drops a running job its
// runner stopped updating for an hour (Ci::StuckBuilds::DropRunningService), so a job "running"
// past all of these is a record GitLab has lost track of, not work in progress.
import { duration } from './duration.js';

/** GitLab's bound on a project's build_timeout (app/models/project.rb MAX_BUILD_TIMEOUT). */
export const MAX_JOB_SECONDS = 30 * 86_400;
/** "Far past its usual": this many times its usual duration… */
export const OVERDUE_RATIO = 3;
/** …and at least this much longer (a 20 s job taking a minute is no emergency). */
export const OVERDUE_MARGIN_S = 10 * 60;
/** Fewer past runs than this and a median says little. */
export const MIN_RUNS_FOR_USUAL = 3;

/** What is known of the work: its status, when it started, its duration so far. */
export interface Running {
  status: string;
  started_at?: string | null | undefined;
  duration?: number | null | undefined;
}

export interface OverdueLimits {
  /** The project's build_timeout (seconds), when GitLab sent it (Maintainers and up). */
  timeout?: number | null | undefined;
  /** Its usual duration (seconds): the median of its past successful runs. */
  usual?: number | null | undefined;
}

/** Seconds it has run: GitLab's `duration`, or since it started (whichever is more). */
export function runningSeconds(work: Running, now: number): number | null {
  const started = work.started_at ? Date.parse(work.started_at) : NaN;
  const since = Number.isFinite(started) ? (now - started) / 1000 : null;
  const own = typeof work.duration === 'number' && Number.isFinite(work.duration) ? work.duration : null;
  if (since === null) return own;
  return Math.max(own ?? 0, since);
}

/**
 * Why running `work` is overdue, in words ("running 17909h 12m: longer than any GitLab job may run
 * (a month)"), or null when it is not (or is not running).
 */
export function overdue(work: Running, now: number, limits: OverdueLimits = {}): string | null {
  if (work.status !== 'running') return null;
  const s = runningSeconds(work, now);
  if (s === null) return null;
  const ran = `running ${duration(s)}`;
  if (s > MAX_JOB_SECONDS) return `${ran}: longer than any GitLab job may run (a month); GitLab has likely lost track of it`;
  const { timeout, usual } = limits;
  if (typeof timeout === 'number' && timeout > 0 && s > timeout) return `${ran}, past the project's ${duration(timeout)} timeout`;
  if (typeof usual === 'number' && usual > 0 && s > usual * OVERDUE_RATIO && s - usual > OVERDUE_MARGIN_S) {
    return `${ran}, ${Math.floor(s / usual)}× its usual ${duration(usual)}`;
  }
  return null;
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

/** The usual duration of a job from past runs: their median, over MIN_RUNS_FOR_USUAL runs or more. */
export function usualOf(past: readonly number[]): number | null {
  return past.filter((v) => Number.isFinite(v) && v >= 0).length >= MIN_RUNS_FOR_USUAL ? median(past) : null;
}

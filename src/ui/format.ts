// Human-readable times, durations and sizes for the panes.
import { duration } from '../time/duration.js';
import { relativeTime } from '../time/relative-time.js';

export { duration, relativeTime };

/**
 * Seconds a job has run: GitLab's `duration`, or for a running job the time since it started —
 * the job is re-read only now and then while its log is open (a request budget), and its duration must
 * still tick.
 */
export function jobSeconds(job: { status: string; duration?: number | null; started_at?: string | null }, now: number): number | null | undefined {
  const started = job.started_at ? Date.parse(job.started_at) : NaN;
  if (job.status === 'running' && Number.isFinite(started)) return Math.max(job.duration ?? 0, (now - started) / 1000);
  return job.duration;
}

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  // Powers of 1024, so named as such (IEC): "kB" is 1,000 bytes.
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024 ** 3).toFixed(2)} GiB`;
}

/** "2026-11-20 12:00:05 UTC" — absolute times in detail panes. */
export function absoluteTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '—' : `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

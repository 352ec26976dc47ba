// "Is it the runner?": failed jobs grouped by the runner and machine that ran them and by GitLab's
// failure reason, and a runner flagged when its failures are far more often the machine's
// (runner_system_failure) or the queue's (stuck_or_timeout_failure and its newer names) than the
// others'. Pure: `:runners`, the runner pane and `:failures` show what it returns.
import type { Job } from '../../api/index.js';

/** Failure reasons that blame the runner or the queue, not the job's script (docs/gitlab-api.md "Runners"). */
export const RUNNER_REASONS: ReadonlySet<string> = new Set([
  'runner_system_failure',
  'stuck_or_timeout_failure',
  'stuck_pending_no_matching_runners',
  'stuck_pending_with_matching_runners',
  'runner_unsupported',
  'scheduler_failure',
]);

export interface FailureGroup {
  /** Runner id, or null for jobs no runner took (dropped while pending). */
  runnerId: number | null;
  runner: string;
  /** The machine (system_id), when the job says it. */
  machine: string | null;
  reasons: Record<string, number>;
  total: number;
  /** Of `total`, failures that blame the runner or the queue. */
  blamed: number;
}

type Failed = Pick<Job, 'failure_reason' | 'runner' | 'runner_manager'>;

/** Groups by runner and machine, most failures first. */
export function groupFailures(jobs: readonly Failed[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const job of jobs) {
    const runnerId = job.runner?.id ?? null;
    const machine = job.runner_manager?.system_id ?? null;
    const key = `${runnerId}:${machine}`;
    let g = groups.get(key);
    if (!g) {
      g = { runnerId, runner: runnerId === null ? 'no runner took it' : job.runner?.description || `#${runnerId}`, machine, reasons: {}, total: 0, blamed: 0 };
      groups.set(key, g);
    }
    const reason = job.failure_reason ?? 'unknown_failure';
    g.reasons[reason] = (g.reasons[reason] ?? 0) + 1;
    g.total++;
    if (RUNNER_REASONS.has(reason)) g.blamed++;
  }
  return [...groups.values()].sort((a, b) => b.blamed - a.blamed || b.total - a.total);
}

/**
 * The runners (and machines) whose failures blame the runner far more than the others': at least
 * three such failures, most of its failures, and over twice as many as any other runner's machine.
 * Jobs no runner took (dropped while pending) blame the queue, not another runner: they are not compared.
 */
export function flagged(groups: readonly FailureGroup[]): FailureGroup[] {
  return groups.filter((g) => {
    if (g.runnerId === null || g.blamed < 3 || g.blamed * 2 < g.total) return false;
    const most = Math.max(0, ...groups.filter((o) => o !== g && o.runnerId !== null).map((o) => o.blamed));
    return g.blamed > 2 * most;
  });
}

/** "22× runner system failure, 3× script failure". */
export function reasonWords(reasons: Readonly<Record<string, number>>): string {
  return Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n}× ${reason.replace(/_/g, ' ')}`)
    .join(', ');
}

/**
 * `:failures`' line on the runners: the failures that blame a runner's machine or the queue, by
 * runner and machine ("⚠ ml-trainer-pool (r_MlPool0node2): 2× runner system failure"), or null when
 * none does — the code, not the runner.
 */
export function runnerBlame(
  items: readonly { failureReason: string | null; runner?: { id: number; description: string | null } | null; machine?: string | null }[],
): { text: string; flagged: boolean } | null {
  const groups = groupFailures(
    items.map((i) => ({
      failure_reason: i.failureReason ?? undefined,
      runner: i.runner ? { id: i.runner.id, description: i.runner.description } : null,
      runner_manager: i.machine ? { id: 0, system_id: i.machine } : null,
    })),
  ).filter((g) => g.blamed > 0);
  if (groups.length === 0) return null;
  const marked = new Set(flagged(groups));
  const words = groups.map((g) => {
    const blamed = Object.fromEntries(Object.entries(g.reasons).filter(([r]) => RUNNER_REASONS.has(r)));
    return `${marked.has(g) ? '⚠ ' : ''}${g.runner}${g.machine ? ` (${g.machine})` : ''}: ${reasonWords(blamed)}`;
  });
  return { text: `Is it the runner? ${words.join(' · ')}`, flagged: marked.size > 0 };
}

// A pipeline's jobs as GitLab's pipeline page shows them: one row per job, its latest attempt, in
// the place the job had in its stage. The jobs API lists a pipeline's jobs by id, and a retry is a
// new job with a new id, so a retried job came last, below later stages (`○ created pages` above
// `● running test:e2e`). The list is read with include_retried: every attempt of a job is there, the
// first one fixes the job's (and its stage's) place, the newest one is what the row shows, and the
// number of attempts is shown next to its name.
import type { Job } from '../../api/index.js';

/** A row of a pipeline's jobs: the latest attempt, with how many there were when more than one. */
export type JobRow = Job & { attempts?: number };

/** Latest attempts in stage order (a stage's place: its first job's id; a job's: its first attempt's id). */
export function latestAttempts(jobs: readonly Job[]): JobRow[] {
  const groups = new Map<string, { first: number; latest: Job; count: number }>();
  const stageFirst = new Map<string, number>();
  for (const job of jobs) {
    stageFirst.set(job.stage, Math.min(stageFirst.get(job.stage) ?? Infinity, job.id));
    const key = `${job.stage}\u0000${job.name}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { first: job.id, latest: job, count: 1 });
    else {
      group.count++;
      group.first = Math.min(group.first, job.id);
      if (job.id > group.latest.id) group.latest = job;
    }
  }
  return [...groups.values()]
    .sort((a, b) => stageFirst.get(a.latest.stage)! - stageFirst.get(b.latest.stage)! || a.first - b.first)
    .map((g) => (g.count > 1 ? { ...g.latest, attempts: g.count } : g.latest));
}

const arranged = new WeakMap<readonly unknown[], unknown[]>();

/** latestAttempts, once per list of rows (the store replaces the array when rows change). */
export function arrangeAttempts(items: readonly unknown[]): unknown[] {
  let rows = arranged.get(items);
  if (!rows) arranged.set(items, (rows = latestAttempts(items as Job[])));
  return rows;
}

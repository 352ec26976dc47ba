// What `pipetop watch` knows about the pipeline it watches, and what it derives: the outcome and exit
// status, the stages, and the changes between two reads (one plain line or JSON object each). Pure:
// no I/O, no clock of its own.
import type { Job, Pipeline } from '../api/index.js';
import { SETTLED } from '../lib/status.js';

/** A downstream (child or multi-project) pipeline, seen through the bridge job that triggered it. */
export interface Downstream {
  bridgeId: number;
  bridgeName: string;
  stage: string;
  /** The bridge's status. With `strategy: depend` GitLab mirrors the downstream pipeline's status here. */
  status: string;
  allowFailure: boolean;
  pipelineId: number | null;
  /** The downstream pipeline's project (PipelineBasic's `project_id`): another one for a multi-project pipeline. */
  projectId?: number | null;
  pipelineStatus: string | null;
  webUrl: string | null;
}

export interface Snapshot {
  pipeline: Pipeline;
  jobs: Job[];
  downstream: Downstream[];
}

/** How a watch ends: the pipeline's final status, or `manual` (blocked on a manual job: it waits on a person). */
export type Outcome = 'success' | 'failed' | 'canceled' | 'skipped' | 'manual';

/**
 * null while the pipeline runs. GitLab already folds a `strategy: depend` child into its bridge's
 * status and so into the parent's; the downstream list is checked as well, so a parent read as
 * success while a bridge that may not fail has failed (a GitLab that has not caught up yet) is failed.
 */
export function outcomeOf(pipeline: Pipeline, downstream: readonly Downstream[]): Outcome | null {
  const status = pipeline.status;
  if (!SETTLED.has(status)) return null;
  if (status === 'success' && downstream.some((d) => !d.allowFailure && (d.status === 'failed' || d.status === 'canceled'))) return 'failed';
  return status as Outcome;
}

/** 0 for success; 1 for failed, canceled, skipped or blocked on a manual job. */
export function exitCodeOf(outcome: Outcome): number {
  return outcome === 'success' ? 0 : 1;
}

export interface Stage {
  name: string;
  status: string;
  jobs: number;
}

/** Stages in pipeline order (GitLab creates a stage's jobs before the next stage's: by lowest job id). */
export function stagesOf(jobs: readonly Job[]): Stage[] {
  const byName = new Map<string, { first: number; list: Job[] }>();
  for (const job of jobs) {
    const entry = byName.get(job.stage) ?? { first: job.id, list: [] };
    entry.first = Math.min(entry.first, job.id);
    entry.list.push(job);
    byName.set(job.stage, entry);
  }
  return [...byName.entries()].sort((a, b) => a[1].first - b[1].first).map(([name, { list }]) => ({ name, status: stageStatus(list), jobs: list.length }));
}

function stageStatus(jobs: readonly Job[]): string {
  const has = (s: string) => jobs.some((j) => j.status === s);
  if (has('running')) return 'running';
  if (jobs.some((j) => j.status === 'failed' && !j.allow_failure)) return 'failed';
  if (has('pending') || has('preparing') || has('waiting_for_resource')) return 'pending';
  if (has('canceled') || has('canceling')) return 'canceled';
  if (has('manual')) return 'manual';
  if (has('created') || has('scheduled')) return 'created';
  if (jobs.every((j) => j.status === 'skipped')) return 'skipped';
  return 'success';
}

export function failedJobs(jobs: readonly Job[]): Job[] {
  return jobs.filter((j) => j.status === 'failed').sort((a, b) => a.id - b.id);
}

export function runningJobs(jobs: readonly Job[]): Job[] {
  return jobs.filter((j) => j.status === 'running').sort((a, b) => a.id - b.id);
}

export type WatchEvent =
  | { type: 'pipeline'; pipeline: Pipeline; previous: string }
  | { type: 'job'; job: Job; previous: string | null }
  | { type: 'downstream'; downstream: Downstream; previous: string | null };

/**
 * The changes from `before` to `after`, in the order they make sense to read: jobs by id, then
 * downstream pipelines, then the pipeline itself (its end comes last). A job seen for the first
 * time (a retry, a job created late) is a change from nothing. Jobs that vanish (retried: GitLab
 * lists only the newest attempt) are not reported.
 */
export function changes(before: Snapshot, after: Snapshot): WatchEvent[] {
  const events: WatchEvent[] = [];
  const old = new Map(before.jobs.map((j) => [j.id, j.status]));
  for (const job of [...after.jobs].sort((a, b) => a.id - b.id)) {
    const previous = old.get(job.id);
    if (previous === undefined) events.push({ type: 'job', job, previous: null });
    else if (previous !== job.status) events.push({ type: 'job', job, previous });
  }
  const oldDown = new Map(before.downstream.map((d) => [d.bridgeId, d.pipelineStatus ?? d.status]));
  for (const d of after.downstream) {
    const now = d.pipelineStatus ?? d.status;
    const previous = oldDown.get(d.bridgeId);
    if (previous !== now) events.push({ type: 'downstream', downstream: d, previous: previous ?? null });
  }
  if (before.pipeline.status !== after.pipeline.status) events.push({ type: 'pipeline', pipeline: after.pipeline, previous: before.pipeline.status });
  return events;
}

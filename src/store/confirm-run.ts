// The one `[y/N]` for anything that runs a commit: a retry (of a pipeline, of its failed jobs, of a
// deploy job), a play, a deploy, a roll back. Every such path builds its question here, so every
// one names what will run alike — the pipeline, ref, short sha, commit title and age — and, where
// running an older commit matters, looks for something newer (GitLab's own "prevent outdated
// deployment jobs" idea): a newer pipeline on the same ref, or an environment whose current
// deployment is of a newer commit. The question shows at once; the check (two bounded reads, in
// parallel) fills in its line, and a `y` typed before it ends waits for it — and is dropped if a
// line came (controller.ts, type-ahead.ts): consent is given to what was shown.
//
// It lives in the core, below the features, so that each feature that runs something (pipelines,
// jobs, failures, environments) imports it without importing another feature.
//
// Fields (docs/gitlab-api.md "Confirms"): a job's `pipeline` {id, ref, sha} and `commit` {short_id,
// title, created_at} (GitLab's JobBasic entity); a pipeline's id, ref, sha, created_at; the newest
// pipeline of a ref (GET …/pipelines?ref=&per_page=1, newest first by default); an environment's
// latest successful deployment (GET …/deployments?environment=&status=success&order_by=id&sort=desc
// &per_page=1) and its `sha` and `deployable.commit`.
import { patchConfirm, setConfirm } from './writers.js';
import type { Commit, Job, PipelineBasic } from '../api/index.js';
import type { ConfirmAction } from './continuations.js';
import type { Ctx } from './ctx.js';
import { describeError } from './errors.js';
import { firstPage } from './sources.js';
import type { AppState, ConfirmState } from './types.js';
import { safeText } from '../text/safe.js';
import { relativeTime } from '../time/relative-time.js';

/** How long the check may take before the question says it could not tell. */
const CHECK_TIMEOUT_MS = 5000;
/** The warning mark (src/ui/glyphs.ts MARKS.allowedFailure: "or a warning"). */
const WARN = '⚠';

/** What will run, as the confirm's "about" line names it. */
export interface RunTarget {
  projectId: number;
  pipelineId: number;
  ref: string;
  sha: string;
  /** The commit, when known (a job carries it; a pipeline's is read from one of its jobs). */
  commit?: Pick<Commit, 'short_id' | 'title' | 'created_at'> | undefined;
  /** When the pipeline (or the job) was created: the age said. */
  createdAt?: string | undefined;
  /** A deploy's environment: its current deployment is checked too. */
  environment?: string | null | undefined;
}

/**
 * Whether, and how, the question looks for something newer than what will run.
 * - `older`: what running `target` does when something newer exists, ending the line that names it
 *   ("this re-runs an older commit", "this deploys an older commit").
 * - `intended`: running an older commit is the action's point (a roll back): what is newer is said
 *   as the fact it is, without the warning mark ("production runs 1a2b3c4d, a newer commit
 *   (deployed 2h ago): this rolls production back"). A `y` typed before it showed is still dropped.
 */
export interface NewerCheck {
  older: string;
  intended?: boolean;
}

/** A retry (of a pipeline or its failed jobs) when something newer exists. */
export const RERUNS_OLDER: NewerCheck = { older: 'this re-runs an older commit' };
/** A deploy job played or retried when something newer exists. */
export const DEPLOYS_OLDER: NewerCheck = { older: 'this deploys an older commit' };

/** A question that runs a commit: the words and the command are the caller's, the rest is built here. */
export interface RunQuestion {
  /** The question itself, naming the action: "Retry pipeline #5768: 2 failed jobs?", "Roll production back to #12?" */
  message: string;
  /** Its consequence, on a line of its own. */
  detail?: string;
  /** More lines after it (a roll back's deployments and the commits it takes off). */
  lines?: readonly string[];
  /** What `y` runs (a command of the asking feature, commands.ts). */
  yes: ConfirmAction;
  /** What will run; null when it is not known (then no about line and no check). */
  target: RunTarget | null;
  /** Look for something newer (null: do not — a cancel runs nothing new). */
  newer: NewerCheck | null;
}

/** "pipeline #5766 · main · 0f3d7be4 “Fix the login redirect” · created 2h ago" */
export function aboutLine(t: RunTarget, now: number): string {
  const sha = t.commit?.short_id ?? t.sha.slice(0, 8);
  const title = t.commit?.title ? ` “${safeText(t.commit.title, 60)}”` : '';
  const age = t.createdAt ? ` · created ${relativeTime(t.createdAt, now)}` : '';
  return `pipeline #${t.pipelineId} · ${safeText(t.ref, 40)} · ${safeText(sha, 12)}${title}${age}`;
}

/** The run a job belongs to: its pipeline and commit as GitLab sent them with the job. */
export function jobRun(job: Job, projectId: number, environment: string | null): RunTarget | null {
  if (!job.pipeline) return null;
  return {
    projectId,
    pipelineId: job.pipeline.id,
    ref: job.pipeline.ref ?? job.ref,
    sha: job.pipeline.sha ?? job.commit?.id ?? '',
    commit: job.commit,
    createdAt: job.created_at,
    environment,
  };
}

/** A pipeline's run: the commit from one of its jobs already read, if any (else read when asked). */
export function pipelineRun(state: Pick<AppState, 'jobs'>, pipeline: PipelineBasic, projectId: number): RunTarget {
  const job = Object.values(state.jobs).find((j) => j.pipeline?.id === pipeline.id && j.commit);
  return { projectId, pipelineId: pipeline.id, ref: pipeline.ref, sha: pipeline.sha, commit: job?.commit, createdAt: pipeline.created_at };
}

/**
 * Opens the `[y/N]` of `q`, naming what runs, then checks for something newer (when `q.newer`):
 * the question is updated in place while it is still the one open.
 */
export function confirmRun(ctx: Ctx, q: RunQuestion): void {
  const { target, newer } = q;
  const about = target ? aboutLine(target, ctx.now()) : undefined;
  const confirm: ConfirmState = {
    message: q.message,
    ...(q.detail ? { detail: q.detail } : {}),
    ...(q.lines?.length ? { lines: q.lines } : {}),
    yes: q.yes,
    ...(about ? { about } : {}),
    ...(newer && target ? { checking: true, warning: 'checking for newer pipelines…' } : {}),
  };
  setConfirm(ctx.store, confirm);
  if (!target || !newer) return;
  void Promise.all([
    findNewer(ctx, target, newer),
    // A pipeline's commit title, when no job of it was read: one of its jobs names it.
    target.commit ? target.commit : commitOf(ctx, target).catch(() => undefined),
  ]).then(([warning, commit]) => {
    const about2 = commit && commit !== target.commit ? aboutLine({ ...target, commit }, ctx.now()) : about;
    patchConfirm(ctx.store, (now) => {
      if (now.yes !== q.yes) return now;
      const { checking: _, warning: __, ...rest } = now;
      return { ...rest, ...(about2 ? { about: about2 } : {}), ...(warning ? { warning } : {}) };
    });
  });
}

/** Reads one job of the pipeline for its commit (GitLab's pipeline entities carry no title). */
async function commitOf(ctx: Ctx, t: RunTarget): Promise<RunTarget['commit']> {
  const page = await firstPage(ctx.gl.jobs.listForPipeline(t.projectId, t.pipelineId, { perPage: 1, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).pages());
  return page.items[0]?.commit;
}

/**
 * Something newer than `t`, said as a line ("⚠ #5768 on main is newer (success): this deploys an
 * older commit"), or null. `check.older` ends the line: what running `t` would do.
 */
export async function findNewer(ctx: Ctx, t: RunTarget, { older, intended }: NewerCheck): Promise<string | null> {
  const mark = intended ? '' : `${WARN} `;
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    const [pipelines, deployments] = await Promise.all([
      firstPage(ctx.gl.pipelines.list(t.projectId, { ref: t.ref, perPage: 1, signal }).pages()),
      t.environment
        ? firstPage(
            ctx.gl.deployments.list(t.projectId, { environment: t.environment, status: 'success', order_by: 'id', sort: 'desc', perPage: 1, signal }).pages(),
          )
        : null,
    ]);
    const newest = pipelines.items[0];
    if (newest && newest.id > t.pipelineId && newest.sha !== t.sha) {
      return `${mark}#${newest.id} on ${safeText(t.ref, 40)} is newer (${safeText(newest.status, 20)}): ${older}`;
    }
    const current = deployments?.items[0];
    if (current && current.sha !== t.sha && isNewer(current.deployable?.commit?.created_at, t.commit?.created_at)) {
      const when = relativeTime(current.created_at, ctx.now());
      return `${mark}${safeText(t.environment!, 30)} runs ${safeText(current.sha.slice(0, 8), 8)}, a newer commit (deployed ${when}): ${older}`;
    }
    return null;
  } catch (error) {
    return `could not check for newer pipelines (${describeError(error)})`;
  }
}

/** `a` is a later commit time than `b` (both known). */
function isNewer(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isFinite(ta) && Number.isFinite(tb) && ta > tb;
}

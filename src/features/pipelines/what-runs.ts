// Confirms that name what will run. Playing or retrying a deploy job, and retrying or canceling a
// pipeline, ask `[y/N]` with the pipeline, ref, short sha, commit title and age of what will run —
// and, before a deploy or a retry, look for something newer (GitLab's own "prevent outdated
// deployment jobs" idea): a newer pipeline on the same ref, or an environment whose current
// deployment is of a newer commit. The question shows at once; the check (two bounded reads, in
// parallel) fills in its warning line, and a `y` typed before it ends waits for it — and is dropped
// if a warning came (store/controller.ts, store/type-ahead.ts): consent is given to what was shown.
//
// Fields (docs/gitlab-api.md "Confirms"): a job's `pipeline` {id, ref, sha} and `commit` {short_id,
// title, created_at} (GitLab's JobBasic entity); a pipeline's id, ref, sha, created_at; the newest
// pipeline of a ref (GET …/pipelines?ref=&per_page=1, newest first by default); an environment's
// latest successful deployment (GET …/deployments?environment=&status=success&order_by=id&sort=desc
// &per_page=1) and its `sha` and `deployable.commit`.
import { patchConfirm, setConfirm } from '../../store/writers.js';
import type { Commit, Job, PipelineBasic } from '../../api/index.js';
import type { ConfirmAction } from '../../store/commands.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { firstPage } from '../../store/sources.js';
import type { ConfirmState } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { relativeTime } from '../../ui/format.js';
import { MARKS } from '../../ui/glyphs.js';

/** How long the check may take before the question says it could not tell. */
const CHECK_TIMEOUT_MS = 5000;

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
  /** A deploy job's environment: its current deployment is checked too. */
  environment?: string | null | undefined;
}

/** "pipeline #5766 · main · 0f3d7be4 “Fix the login redirect” · created 2h ago" */
export function aboutLine(t: RunTarget, now: number): string {
  const sha = t.commit?.short_id ?? t.sha.slice(0, 8);
  const title = t.commit?.title ? ` “${safeText(t.commit.title, 60)}”` : '';
  const age = t.createdAt ? ` · created ${relativeTime(t.createdAt, now)}` : '';
  return `pipeline #${t.pipelineId} · ${safeText(t.ref, 40)} · ${safeText(sha, 12)}${title}${age}`;
}

/** The run a job belongs to: its pipeline and commit as GitLab sent them with the job. */
export function jobTarget(job: Job, projectId: number, environment: string | null): RunTarget | null {
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

/** A pipeline's run: the commit from one of its jobs already read, if any. */
export function pipelineTarget(ctx: Ctx, pipeline: PipelineBasic, projectId: number): RunTarget {
  const job = Object.values(ctx.store.getState().jobs).find((j) => j.pipeline?.id === pipeline.id && j.commit);
  return { projectId, pipelineId: pipeline.id, ref: pipeline.ref, sha: pipeline.sha, commit: job?.commit, createdAt: pipeline.created_at };
}

/**
 * Opens the `[y/N]` for `yes`, naming what runs, then checks for something newer (when `check`):
 * the question is updated in place while it is still the one open.
 */
export function confirmRun(
  ctx: Ctx,
  question: { message: string; detail?: string; yes: ConfirmAction },
  target: RunTarget | null,
  check: { older: string } | null,
): void {
  const about = target ? aboutLine(target, ctx.now()) : undefined;
  const confirm: ConfirmState = {
    ...question,
    ...(about ? { about } : {}),
    ...(check && target ? { checking: true, warning: 'checking for newer pipelines…' } : {}),
  };
  setConfirm(ctx.store, confirm);
  if (!check || !target) return;
  void findNewer(ctx, target, check.older).then(async (warning) => {
    let about2 = about;
    // A pipeline's commit title, when no job of it was read: one of its jobs names it.
    if (!target.commit) {
      const commit = await commitOf(ctx, target).catch(() => undefined);
      if (commit) about2 = aboutLine({ ...target, commit }, ctx.now());
    }
    patchConfirm(ctx.store, (now) => {
      if (now.yes !== question.yes) return now;
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
 * Something newer than `t`, said as a warning ("#5768 on main is newer: this deploys an older
 * commit"), or null. `older` ends the sentence: what running `t` would do.
 */
export async function findNewer(ctx: Ctx, t: RunTarget, older: string): Promise<string | null> {
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
      return `${MARKS.allowedFailure.glyph} #${newest.id} on ${safeText(t.ref, 40)} is newer (${safeText(newest.status, 20)}): ${older}`;
    }
    const current = deployments?.items[0];
    if (current && current.sha !== t.sha && isNewer(current.deployable?.commit?.created_at, t.commit?.created_at)) {
      const when = relativeTime(current.created_at, ctx.now());
      return `${MARKS.allowedFailure.glyph} ${safeText(t.environment!, 30)} runs ${safeText(current.sha.slice(0, 8), 8)}, a newer commit (deployed ${when}): ${older}`;
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

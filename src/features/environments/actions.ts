// Roll back, approve or reject, and stop: each reads what it acts on afresh (an on-call engineer
// acts on what GitLab says now, not on what the screen read a minute ago), refuses with the reason
// when there is nothing it may act on, and otherwise asks `[y/N]` naming it. A roll back's question
// comes from the one builder of run confirms (store/confirm-run.ts); `y` re-runs the target's deploy
// job, as GitLab's "Re-deploy" does, and the environment pane follows the new deployment.
import type { Deployment, Job } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { confirmRun, jobRun } from '../../store/confirm-run.js';
import { describeError } from '../../store/errors.js';
import { refreshList } from '../../store/lists.js';
import * as nav from '../../store/nav.js';
import { toast, topPane } from '../../store/store.js';
import { setConfirm, setInflight } from '../../store/writers.js';
import { safeText } from '../../text/safe.js';
import { relativeTime } from '../../time/relative-time.js';
import { envListKeys } from './keys.js';
import { commitLines, deploymentLine, findDeployment, label, planApproval, planRollback } from './plan.js';
import { envKey, writeEnvironments, type Rollback } from './slice.js';

/** Which environment of which project. */
export interface EnvAt {
  projectId: number;
  path: string;
  name: string;
}

/** The reads before a question: bounded, so a slow GitLab leaves the question with what it has. */
const READ_TIMEOUT_MS = 5000;
/** Commits a roll back's question lists before "and N more". */
const COMMIT_LINES = 3;

const inflightKey = (verb: string, at: EnvAt) => `env-${verb}:${envKey(at.projectId, at.name)}`;

/** Runs `work` unless the same action on the same environment is under way (the key cannot fire it twice). */
async function once(ctx: Ctx, verb: string, at: EnvAt, label: string, work: () => Promise<void>): Promise<void> {
  const key = inflightKey(verb, at);
  if (ctx.store.getState().inflight[key]) return void toast(ctx.store, 'info', `${label}: already under way`);
  setInflight(ctx.store, key, label);
  try {
    await work();
  } catch (error) {
    toast(ctx.store, 'error', `${label}: ${describeError(error)}`);
  } finally {
    setInflight(ctx.store, key, null);
  }
}

/** Pages of 50 looked through for a deployment typed by number. */
const MAX_PAGES = 4;

/**
 * The environment's newest deployments, newest first, as GitLab says now: one page, or more until
 * the deployment typed (`wanted`, by the number the lists show or its id) is among them.
 */
async function deploymentsOf(ctx: Ctx, at: EnvAt, wanted?: number): Promise<Deployment[]> {
  const signal = AbortSignal.timeout(READ_TIMEOUT_MS);
  const rows: Deployment[] = [];
  const pages = ctx.gl.deployments.list(at.projectId, { environment: at.name, order_by: 'id', sort: 'desc', perPage: 50, signal }).pages();
  let read = 0;
  for await (const page of pages) {
    rows.push(...page.items);
    if (wanted === undefined || findDeployment(rows, wanted) || ++read >= MAX_PAGES) break;
  }
  return rows;
}

const age = (ctx: Ctx) => (iso: string | undefined) => relativeTime(iso, ctx.now());

/** `:rollback [deployment]` and its key: the question, or the reason there is none. */
export function askRollback(ctx: Ctx, at: EnvAt, wanted?: number): Promise<void> {
  const env = safeText(at.name, 40);
  return once(ctx, 'rollback', at, `Roll back ${env}`, async () => {
    const plan = planRollback(at.name, await deploymentsOf(ctx, at, wanted), wanted);
    if (!plan.ok) return void toast(ctx.store, 'error', plan.reason);
    const { live, target } = plan.value;
    const jobId = target.deployable!.id;
    const signal = AbortSignal.timeout(READ_TIMEOUT_MS);
    // What rolls back (compare target..live) and the job with its pipeline (the question's about line).
    const [diff, job] = await Promise.all([
      ctx.gl.repository.compare(at.projectId, target.sha, live.sha, { signal }).then(
        (c) => ({ ok: true as const, commits: c.commits }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      ctx.gl.jobs.get(at.projectId, jobId, { signal }).catch(() => null as Job | null),
    ]);
    const commits = !diff.ok
      ? [`could not read the commits that roll back (${describeError(diff.error)})`]
      : diff.commits.length
        ? [`${diff.commits.length} commit${diff.commits.length === 1 ? '' : 's'} roll back:`, ...commitLines(diff.commits, COMMIT_LINES)]
        : ['no commit rolls back (the target is not behind what runs)'];
    const rollback: Rollback = {
      jobId,
      target: { iid: target.iid, sha: target.sha, title: target.deployable?.commit?.title },
      from: { iid: live.iid, sha: live.sha },
    };
    confirmRun(ctx, {
      message: `Roll ${env} back to ${label(target)}?`,
      detail: `Re-runs job #${jobId} ${safeText(target.deployable!.name, 30)} (GitLab's Re-deploy) and follows it`,
      lines: [`now      ${deploymentLine(live, age(ctx))}`, `back to  ${deploymentLine(target, age(ctx))}`, ...commits],
      yes: { owner: 'environments', command: 'env.rollback', args: { ...at, rollback } },
      target: job ? jobRun(job, at.projectId, at.name) : null,
      newer: { older: `this rolls ${env} back`, intended: true },
    });
  });
}

/** `y` on a roll back: re-run the job, then follow what it deploys in the environment's pane. */
export function runRollback(ctx: Ctx, at: EnvAt, rollback: Rollback): Promise<void> {
  const env = safeText(at.name, 40);
  return once(ctx, 'rollback', at, `Roll back ${env}`, async () => {
    const fresh = await ctx.gl.jobs.retry(at.projectId, rollback.jobId);
    writeEnvironments(ctx.store, (s) => ({ rollbacks: { ...s.rollbacks, [envKey(at.projectId, at.name)]: { ...rollback, jobId: fresh.id } } }));
    toast(ctx.store, 'success', `Rolling ${env} back to ${safeText(rollback.target.sha.slice(0, 8), 8)}: job #${fresh.id} ${safeText(fresh.status, 20)}`);
    openEnvironment(ctx, at);
    await refreshList(ctx, envListKeys.deployments(at.projectId, at.name));
    // The poller reschedules at the running cadence: an idle pane would not follow the job for its idle interval.
    ctx.acted?.();
  });
}

/** `:approve` / `:reject` and their keys: the question, or why nothing waits. */
export function askApproval(ctx: Ctx, at: EnvAt, status: 'approved' | 'rejected', comment: string | undefined, wanted?: number): Promise<void> {
  const env = safeText(at.name, 40);
  const verb = status === 'approved' ? 'Approve' : 'Reject';
  return once(ctx, 'approval', at, `${verb} a deployment of ${env}`, async () => {
    const plan = planApproval(at.name, await deploymentsOf(ctx, at, wanted), wanted);
    if (!plan.ok) return void toast(ctx.store, 'error', plan.reason);
    const d = plan.value;
    setConfirm(ctx.store, {
      message: `${verb} deployment ${label(d)} to ${env}?`,
      detail:
        status === 'approved'
          ? 'Approved, its deploy job then waits to be run by someone allowed to.'
          : 'Rejected, its deploy job fails and nothing is deployed.',
      lines: [`${deploymentLine(d, age(ctx))}`, ...(comment ? [`comment: “${safeText(comment, 200)}”`] : [])],
      yes: {
        owner: 'environments',
        command: 'env.approval',
        args: { ...at, deploymentId: d.id, iid: d.iid ?? d.id, jobId: d.deployable?.id ?? null, status, ...(comment ? { comment } : {}) },
      },
    });
  });
}

export function runApproval(
  ctx: Ctx,
  at: EnvAt,
  a: { deploymentId: number; iid: number; jobId: number | null; status: 'approved' | 'rejected'; comment?: string },
): Promise<void> {
  const done = a.status === 'approved' ? 'Approved' : 'Rejected';
  return once(ctx, 'approval', at, `${a.status === 'approved' ? 'Approve' : 'Reject'} #${a.iid}`, async () => {
    await ctx.gl.deployments.approve(at.projectId, a.deploymentId, { status: a.status, ...(a.comment ? { comment: a.comment } : {}) });
    const after = await ctx.gl.deployments.get(at.projectId, a.deploymentId).catch(() => null);
    const waiting = after?.status === 'blocked' ? ` · ${after.pending_approval_count ?? '?'} more approval(s) needed` : '';
    const next = a.status === 'approved' && after?.status !== 'blocked' && a.jobId !== null ? `: its job #${a.jobId} waits to be run (⏎ twice, then p)` : '';
    toast(ctx.store, 'success', `${done} #${a.iid}${waiting}${next}`);
    await refreshList(ctx, envListKeys.deployments(at.projectId, at.name));
  });
}

/** `:stop` and its key: the question naming what stops (what runs there, where), read afresh. */
export function askStop(ctx: Ctx, at: EnvAt): Promise<void> {
  const env = safeText(at.name, 40);
  return once(ctx, 'stop', at, `Stop ${env}`, async () => {
    const signal = AbortSignal.timeout(READ_TIMEOUT_MS);
    const [found] = await ctx.gl.environments.list(at.projectId, { name: at.name, signal }).all(1);
    if (!found) return void toast(ctx.store, 'error', `${safeText(at.path, 60)} has no environment named ${env}`);
    if (found.state !== 'available') return void toast(ctx.store, 'info', `${env} is ${safeText(found.state ?? 'not available', 20)} already`);
    const live = (await ctx.gl.environments.get(at.projectId, found.id, { signal }).catch(() => null))?.last_deployment;
    setConfirm(ctx.store, {
      message: `Stop environment ${env}?`,
      detail: 'Its stop job runs, if it has one; it serves nothing until deployed again.',
      lines: [
        ...(live ? [`runs ${deploymentLine(live as Deployment, age(ctx))}`] : []),
        ...(found.external_url ? [`at ${safeText(found.external_url, 100)}`] : []),
      ],
      yes: { owner: 'environments', command: 'env.stop', args: { ...at, environmentId: found.id } },
    });
  });
}

export function runStop(ctx: Ctx, at: EnvAt, environmentId: number | null): Promise<void> {
  const env = safeText(at.name, 40);
  return once(ctx, 'stop', at, `Stop ${env}`, async () => {
    const id = environmentId ?? (await ctx.gl.environments.list(at.projectId, { name: at.name }).all(1))[0]?.id;
    if (id === undefined) return void toast(ctx.store, 'error', `${env}: no such environment`);
    const after = await ctx.gl.environments.stop(at.projectId, id);
    toast(ctx.store, 'success', `${env} is ${safeText(after.state ?? 'stopped', 20)}`);
    await refreshList(ctx, envListKeys.environments(at.projectId));
  });
}

/** The environment's pane, unless it is in front already. */
export function openEnvironment(ctx: Ctx, at: EnvAt): void {
  const top = topPane(ctx.store.getState());
  if (top.kind === 'environment' && top.projectId === at.projectId && top.name === at.name) return;
  nav.push(ctx.store, { kind: 'environment', ...at });
}

/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface EnvironmentConfirms {
  'env.rollback': EnvAt & { rollback: Rollback };
  'env.approval': EnvAt & { deploymentId: number; iid: number; jobId: number | null; status: 'approved' | 'rejected'; comment?: string };
  'env.stop': EnvAt & { environmentId: number | null };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    environments: import('../../store/continuations.js').Continuations<EnvironmentConfirms>;
  }
}

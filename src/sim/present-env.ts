// Presenters of environments, deployments, their approvals and repository compare: GitLab's
// lib/api/entities/environment.rb (on environment_basic.rb), deployment.rb (with EE's
// DeploymentExtended on a single deployment: approvals, pending_approval_count),
// ee/lib/api/entities/deployments/approval.rb and compare.rb (docs/gitlab-api.md "Environments").
import type { SimApproval, SimCommit, SimDeployment, SimEnvironment, SimProject } from './model.js';
import { commitEntity, iso, job, project as projectEntity, projectWebUrl, userBasic, type PresentContext } from './present.js';

type Json = Record<string, unknown>;

/** Environment#slug: the name made URL-safe, and a review app's with a suffix of its id. */
function slugOf(env: SimEnvironment): string {
  const base = env.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 17);
  return env.name.includes('/') ? `${base}-${(env.id * 7919).toString(36).slice(-6)}` : base;
}

export function environmentBasic(env: SimEnvironment): Json {
  return { id: env.id, name: env.name, slug: slugOf(env), external_url: env.externalUrl, created_at: iso(env.createdAt), updated_at: iso(env.updatedAt) };
}

/**
 * The Environment entity: a list item carries the project; the single GET drops the project and adds
 * `last_deployment` (the newest successful one) without its environment, as lib/api/environments.rb asks.
 */
export function environment(ctx: PresentContext, project: SimProject, env: SimEnvironment, single: boolean): Json {
  const out: Json = { ...environmentBasic(env), tier: env.tier };
  if (!single) out.project = projectEntity(ctx, project, true);
  if (single) {
    const last = lastDeployment(ctx, project, env.name);
    out.last_deployment = last && deployment(ctx, last, { environment: false });
  }
  out.state = env.state;
  out.auto_stop_at = iso(env.autoStopAt);
  out.description = null;
  out.auto_stop_setting = 'always';
  return out;
}

/** Environment#last_deployment: its newest successful deployment. */
export function lastDeployment(ctx: PresentContext, project: SimProject, name: string): SimDeployment | null {
  const ids = ctx.world.projectDeployments.get(project.id) ?? [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const d = ctx.world.deployments.get(ids[i]!)!;
    if (d.environment === name && d.status === 'success') return d;
  }
  return null;
}

/** Approvals still needed: none unless the deployment is blocked. */
export function pendingApprovalCount(ctx: PresentContext, d: SimDeployment): number {
  if (d.status !== 'blocked') return 0;
  const rule = ctx.world.projects.get(d.projectId)!.environments.get(d.environment)?.approval;
  const approved = (d.approvals ?? []).filter((a) => a.status === 'approved').length;
  return Math.max(0, (rule?.required ?? 0) - approved);
}

export function approval(ctx: PresentContext, a: SimApproval): Json {
  return { user: userBasic(ctx, ctx.world.user(a.userId)), status: a.status, created_at: iso(a.createdAt), comment: a.comment };
}

/** Entities::Deployment; `extended` is the single GET's DeploymentExtended (EE: approvals, pending count). */
export function deployment(ctx: PresentContext, d: SimDeployment, options: { extended?: boolean; environment?: boolean } = {}): Json {
  const { world } = ctx;
  const project = world.projects.get(d.projectId)!;
  const env = project.environments.get(d.environment);
  const deployable = d.jobId === null ? null : (world.jobs.get(d.jobId) ?? null);
  const out: Json = {
    id: d.id,
    iid: d.iid,
    ref: d.ref,
    sha: d.sha,
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
    status: d.status,
    user: userBasic(ctx, world.user(d.userId)),
  };
  if (options.environment !== false) out.environment = env ? environmentBasic(env) : { id: 0, name: d.environment };
  out.deployable = deployable && job(ctx, deployable, 'deployable');
  if (options.extended) {
    out.pending_approval_count = pendingApprovalCount(ctx, d);
    out.approvals = (d.approvals ?? []).map((a) => approval(ctx, a));
  }
  return out;
}

/** Entities::Compare: `commit` is the newest of `commits` (oldest first); pipetop reads no diffs. */
export function compare(ctx: PresentContext, project: SimProject, from: string, to: string, commits: SimCommit[]): Json {
  const present = (c: SimCommit) => ({ ...commitEntity(ctx, project, c), parent_ids: c.parentSha ? [c.parentSha] : [] });
  return {
    commit: commits.length ? present(commits[commits.length - 1]!) : null,
    commits: commits.map(present),
    diffs: [],
    compare_timeout: false,
    compare_same_ref: from === to,
    web_url: `${projectWebUrl(ctx, project)}/-/compare/${from}...${to}`,
  };
}

// A deploy job's deployment, kept in step with the job (created when it is queued, then running,
// then its outcome), as GitLab's Deployment follows its deployable, and the environment it lands in
// (created on the first deployment, started again by a successful one, stopped at its auto_stop_at). Apart from world.ts, which calls it at every job status change, so the world's
// class stays a readable size.
import type { SimDeployment, SimEnvironment, SimJob, SimProject } from '../model.js';

/** What the deployment book needs of the world. */
export interface DeploymentBook {
  readonly projects: Map<number, SimProject>;
  readonly deployments: Map<number, SimDeployment>;
  readonly projectDeployments: Map<number, number[]>;
  readonly counters: { deployment: number; environment: number };
  at(time: number, run: (at: number) => void): void;
}

/** GitLab's CI_COMMIT_REF_SLUG: lower case, anything but a-z and 0-9 a dash, 63 characters at most. */
export const refSlug = (ref: string): string =>
  ref
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');

/** Environment#guess_tier (app/models/environment.rb): the tier GitLab gives a name when none is set. */
export function guessTier(name: string): SimEnvironment['tier'] {
  if (/(^|\/)(prod|production|live)$/i.test(name)) return 'production';
  if (/(^|\/)(stag|staging|model|pre|demo)/i.test(name)) return 'staging';
  if (/(^|\/)(test|tst|int|ac(ce|)pt|qa|qc|control|quality)/i.test(name)) return 'testing';
  if (/(^|\/)(dev|review|trunk)/i.test(name)) return 'development';
  return 'other';
}

export function newEnvironment(id: number, name: string, externalUrl: string, at: number): SimEnvironment {
  return { id, name, externalUrl, tier: guessTier(name), state: 'available', createdAt: at, updatedAt: at, autoStopAt: null };
}

/** The project's environment of that name, created as GitLab does on its first deployment. */
export function environmentFor(world: DeploymentBook, project: SimProject, name: string, at: number): SimEnvironment {
  let env = project.environments.get(name);
  if (!env) {
    const slug = refSlug(name.replace(/^review\//, ''));
    env = newEnvironment(++world.counters.environment, name, `https://${slug}.review.${project.path}.acme.example`, at);
    project.environments.set(name, env);
  }
  return env;
}

/** The deployment whose deployable is `job`, newest first (a retried job's deployment stays the old job's). */
export function deploymentOfJob(world: DeploymentBook, job: SimJob): SimDeployment | undefined {
  const ids = world.projectDeployments.get(job.projectId) ?? [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const d = world.deployments.get(ids[i]!)!;
    if (d.jobId === job.id) return d;
  }
  return undefined;
}

function createDeployment(world: DeploymentBook, job: SimJob, status: SimDeployment['status'], at: number): SimDeployment {
  const project = world.projects.get(job.projectId)!;
  environmentFor(world, project, job.environment!, at);
  const deployment: SimDeployment = {
    id: project.ids ? ++project.ids.deployment : ++world.counters.deployment,
    iid: project.nextDeploymentIid++,
    projectId: job.projectId,
    ref: job.ref,
    sha: job.sha,
    createdAt: at,
    updatedAt: at,
    status,
    userId: job.userId,
    environment: job.environment!,
    jobId: job.id,
  };
  world.deployments.set(deployment.id, deployment);
  listOf(world.projectDeployments, job.projectId).push(deployment.id);
  return deployment;
}

/**
 * A deployment recorded through `POST /projects/:id/deployments` by a deploy tool outside CI: no
 * deployable job (so nothing to re-run), the caller as its user.
 */
export function apiDeployment(
  world: DeploymentBook,
  project: SimProject,
  env: SimEnvironment,
  input: { ref: string; sha: string; userId: number; at: number },
): SimDeployment {
  const deployment: SimDeployment = {
    id: project.ids ? ++project.ids.deployment : ++world.counters.deployment,
    iid: project.nextDeploymentIid++,
    projectId: project.id,
    ref: input.ref,
    sha: input.sha,
    createdAt: input.at,
    updatedAt: input.at,
    status: 'success',
    userId: input.userId,
    environment: env.name,
    jobId: null,
  };
  world.deployments.set(deployment.id, deployment);
  listOf(world.projectDeployments, project.id).push(deployment.id);
  env.state = 'available';
  env.updatedAt = input.at;
  return deployment;
}

/**
 * A manual deploy job to an environment that needs approvals waits with a `blocked` deployment
 * (Deployment#block, ee/app/services/deployments/approval_service.rb unblocks or drops it).
 */
export function blockDeployment(world: DeploymentBook, job: SimJob, at: number): void {
  const project = world.projects.get(job.projectId)!;
  const approval = job.environment ? project.environments.get(job.environment)?.approval : undefined;
  if (!approval || at < approval.since || deploymentOfJob(world, job)) return;
  createDeployment(world, job, 'blocked', at).approvals = [];
}

export function touchDeployment(world: DeploymentBook, job: SimJob, status: SimDeployment['status'], at: number): void {
  if (!job.environment) return;
  const deployment = deploymentOfJob(world, job);
  if (!deployment) {
    if (status === 'created') createDeployment(world, job, 'created', at);
    return;
  }
  deployment.status = status;
  deployment.updatedAt = at;
  if (status !== 'success') return;
  const env = environmentFor(world, world.projects.get(job.projectId)!, job.environment, at);
  // A deployment starts a stopped environment again.
  env.state = 'available';
  env.updatedAt = at;
}

/** Sets when the environment stops by itself (`environment:auto_stop_in`), and stops it then. */
export function autoStop(world: DeploymentBook, env: SimEnvironment, stopAt: number): void {
  env.autoStopAt = stopAt;
  world.at(stopAt, (t) => {
    if (env.autoStopAt !== stopAt || env.state !== 'available') return;
    env.state = 'stopped';
    env.updatedAt = t;
  });
}

/** Whether the job's deployment waits for an approval (GitLab's play_job policy refuses to play it). */
export function waitsForApproval(world: DeploymentBook, job: SimJob): boolean {
  return deploymentOfJob(world, job)?.status === 'blocked';
}

export function listOf<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

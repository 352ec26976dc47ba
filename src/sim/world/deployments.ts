// A deploy job's deployment, kept in step with the job (created when it is queued, then running,
// then its outcome), as GitLab's Deployment follows its deployable. Apart from world.ts, which calls
// it at every job status change, so the world's class stays a readable size.
import type { SimDeployment, SimJob, SimProject } from '../model.js';

/** What the deployment book needs of the world. */
export interface DeploymentBook {
  readonly projects: Map<number, SimProject>;
  readonly deployments: Map<number, SimDeployment>;
  readonly projectDeployments: Map<number, number[]>;
  readonly counters: { deployment: number };
}

export function touchDeployment(world: DeploymentBook, job: SimJob, status: SimDeployment['status'], at: number): void {
  if (!job.environment) return;
  let deployment = [...(world.projectDeployments.get(job.projectId) ?? [])]
    .reverse()
    .map((id) => world.deployments.get(id)!)
    .find((d) => d.jobId === job.id);
  if (!deployment) {
    if (status !== 'created') return;
    const project = world.projects.get(job.projectId)!;
    deployment = {
      id: project.ids ? ++project.ids.deployment : ++world.counters.deployment,
      iid: project.nextDeploymentIid++,
      projectId: job.projectId,
      ref: job.ref,
      sha: job.sha,
      createdAt: at,
      updatedAt: at,
      status: 'created',
      userId: job.userId,
      environment: job.environment,
      jobId: job.id,
    };
    world.deployments.set(deployment.id, deployment);
    listOf(world.projectDeployments, job.projectId).push(deployment.id);
    return;
  }
  deployment.status = status;
  deployment.updatedAt = at;
}

export function listOf<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

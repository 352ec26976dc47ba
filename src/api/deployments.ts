// Deployments (spec 4.4): read-only.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type { Deployment, ProjectId } from './types.js';

export function createDeploymentsApi(client: GitLabClient) {
  return {
    list(projectId: ProjectId, opts?: ListOptions): Paged<Deployment> {
      const { list } = splitList<object>(opts);
      return paginate<Deployment>(client, `${projectPath(projectId)}/deployments`, {}, list);
    },
    get: async (projectId: ProjectId, deploymentId: number, opts?: GetOptions): Promise<Deployment> =>
      client.get<Deployment>(`${projectPath(projectId)}/deployments/${idSegment(deploymentId, 'deployment id')}`, callOptions(opts)),
  };
}

export type DeploymentsApi = ReturnType<typeof createDeploymentsApi>;

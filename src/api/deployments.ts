// Deployments (docs/gitlab-api.md §4.4): read-only.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type { Deployment, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked } from './validate.js';

export function createDeploymentsApi(client: GitLabClient) {
  return {
    list(projectId: ProjectId, opts?: ListOptions): Paged<Deployment> {
      const { list } = splitList<object>(opts);
      const path = `${projectPath(projectId)}/deployments`;
      return paginate<Deployment>(client, path, {}, list, checkItems(client, path, D.deployment));
    },
    get: async (projectId: ProjectId, deploymentId: number, opts?: GetOptions): Promise<Deployment> => {
      const path = `${projectPath(projectId)}/deployments/${idSegment(deploymentId, 'deployment id')}`;
      return checked<Deployment>(client, 'GET', path, D.deployment, client.get(path, callOptions(opts)));
    },
  };
}

export type DeploymentsApi = ReturnType<typeof createDeploymentsApi>;

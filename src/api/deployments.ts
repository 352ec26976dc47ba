// Deployments (docs/gitlab-api.md §4.4): read, and approve or reject a blocked one.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type { Deployment, DeploymentApproval, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked } from './validate.js';

/** GET /projects/:id/deployments filters (doc/api/deployments.md): GitLab orders by id, ascending, unless told. */
export interface DeploymentListFilters {
  environment?: string;
  status?: 'created' | 'running' | 'success' | 'failed' | 'canceled' | 'blocked';
  order_by?: 'id' | 'iid' | 'created_at' | 'updated_at' | 'finished_at' | 'ref';
  sort?: 'asc' | 'desc';
}

export function createDeploymentsApi(client: GitLabClient) {
  return {
    list(projectId: ProjectId, opts?: DeploymentListFilters & ListOptions): Paged<Deployment> {
      const { filters, list } = splitList<DeploymentListFilters>(opts);
      const path = `${projectPath(projectId)}/deployments`;
      return paginate<Deployment>(client, path, { ...filters }, list, checkItems(client, path, D.deployment));
    },
    get: async (projectId: ProjectId, deploymentId: number, opts?: GetOptions): Promise<Deployment> => {
      const path = `${projectPath(projectId)}/deployments/${idSegment(deploymentId, 'deployment id')}`;
      return checked<Deployment>(client, 'GET', path, D.deployment, client.get(path, callOptions(opts)));
    },
    /** POST …/deployments/:id/approval (Premium): GitLab refuses with a 400 whose message says why. */
    approve: async (
      projectId: ProjectId,
      deploymentId: number,
      input: { status: 'approved' | 'rejected'; comment?: string; representedAs?: string },
      opts?: CallOptions,
    ): Promise<DeploymentApproval> => {
      const path = `${projectPath(projectId)}/deployments/${idSegment(deploymentId, 'deployment id')}/approval`;
      const json = {
        status: input.status,
        ...(input.comment ? { comment: input.comment } : {}),
        ...(input.representedAs ? { represented_as: input.representedAs } : {}),
      };
      return checked<DeploymentApproval>(client, 'POST', path, D.deploymentApproval, client.post(path, { ...callOptions(opts), json }));
    },
  };
}

export type DeploymentsApi = ReturnType<typeof createDeploymentsApi>;

// Environments (docs/gitlab-api.md "Environments"): list, get (with its last deployment), stop.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type { EnvironmentDetail, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked } from './validate.js';

/** GET /projects/:id/environments filters (lib/api/environments.rb): `name` and `search` exclude each other. */
export interface EnvironmentListFilters {
  name?: string;
  /** A prefix of the name, 3 characters or more. */
  search?: string;
  states?: 'available' | 'stopping' | 'stopped';
}

export function createEnvironmentsApi(client: GitLabClient) {
  const one = (projectId: ProjectId, environmentId: number) => `${projectPath(projectId)}/environments/${idSegment(environmentId, 'environment id')}`;
  return {
    list(projectId: ProjectId, opts?: EnvironmentListFilters & ListOptions): Paged<EnvironmentDetail> {
      const { filters, list } = splitList<EnvironmentListFilters>(opts);
      const path = `${projectPath(projectId)}/environments`;
      return paginate<EnvironmentDetail>(client, path, { ...filters }, list, checkItems(client, path, D.environmentDetail));
    },
    get: async (projectId: ProjectId, environmentId: number, opts?: GetOptions): Promise<EnvironmentDetail> => {
      const path = one(projectId, environmentId);
      return checked<EnvironmentDetail>(client, 'GET', path, D.environmentDetail, client.get(path, callOptions(opts)));
    },
    /** Stops it (GitLab runs its stop job first, if it has one: the answer is then `stopping`). */
    stop: async (projectId: ProjectId, environmentId: number, opts?: CallOptions): Promise<EnvironmentDetail> => {
      const path = `${one(projectId, environmentId)}/stop`;
      return checked<EnvironmentDetail>(client, 'POST', path, D.environmentDetail, client.post(path, callOptions(opts)));
    },
  };
}

export type EnvironmentsApi = ReturnType<typeof createEnvironmentsApi>;

// Projects: the caller's list (membership, search) and one project by id or path.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { projectPath } from './paths.js';
import type { Commit, Project, ProjectId, SortOrder } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked } from './validate.js';

export interface ProjectListFilters {
  membership?: boolean;
  search?: string;
  order_by?: 'id' | 'name' | 'path' | 'created_at' | 'updated_at' | 'last_activity_at' | (string & {});
  sort?: SortOrder;
  simple?: boolean;
}

export function createProjectsApi(client: GitLabClient) {
  return {
    list(opts?: ProjectListFilters & ListOptions): Paged<Project> {
      const { filters, list } = splitList<ProjectListFilters>(opts);
      return paginate<Project>(client, '/projects', { ...filters }, list, checkItems(client, '/projects', D.project));
    },
    get: async (id: ProjectId, opts?: GetOptions): Promise<Project> =>
      checked<Project>(client, 'GET', projectPath(id), D.project, client.get(projectPath(id), callOptions(opts))),
    /** GET /projects/:id/repository/commits/:sha (lib/api/commits.rb): the commit's title, message, author. */
    commit: async (id: ProjectId, sha: string, opts?: GetOptions): Promise<Commit> => {
      const path = `${projectPath(id)}/repository/commits/${encodeURIComponent(sha)}`;
      return checked<Commit>(client, 'GET', path, D.commit, client.get(path, callOptions(opts)));
    },
  };
}

export type ProjectsApi = ReturnType<typeof createProjectsApi>;

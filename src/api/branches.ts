// A project's branches (docs/gitlab-api.md "Repository branches"): what the `:` palette completes a
// ref from. GitLab sorts them by name; `search` narrows them on the server (`^term` for a prefix).
import type { GitLabClient } from './client.js';
import { splitList, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { projectPath } from './paths.js';
import type { Branch, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checkItems } from './validate.js';

export interface BranchListFilters {
  search?: string;
}

export function createBranchesApi(client: GitLabClient) {
  return {
    list(projectId: ProjectId, opts?: BranchListFilters & ListOptions): Paged<Branch> {
      const { filters, list } = splitList<BranchListFilters>(opts);
      const path = `${projectPath(projectId)}/repository/branches`;
      return paginate<Branch>(client, path, { ...filters }, list, checkItems(client, path, D.branch));
    },
  };
}

export type BranchesApi = ReturnType<typeof createBranchesApi>;

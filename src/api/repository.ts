// A project's repository beyond its branches (docs/gitlab-api.md "Environments"): compare.
import type { GitLabClient } from './client.js';
import { callOptions, type GetOptions } from './options.js';
import { projectPath } from './paths.js';
import type { Compare, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checked } from './validate.js';

export function createRepositoryApi(client: GitLabClient) {
  return {
    /** What `to` has beyond its merge base with `from` (branch, tag or sha), oldest first. */
    compare: async (projectId: ProjectId, from: string, to: string, opts?: GetOptions): Promise<Compare> => {
      const path = `${projectPath(projectId)}/repository/compare`;
      return checked<Compare>(client, 'GET', path, D.compare, client.get(path, { ...callOptions(opts), query: { from, to } }));
    },
  };
}

export type RepositoryApi = ReturnType<typeof createRepositoryApi>;

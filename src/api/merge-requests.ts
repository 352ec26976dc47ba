// Merge requests, as far as CI needs them: one merge request (to show `!N` with its title),
// its pipelines, and a new pipeline for it.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import * as D from './decoders.js';
import type { MergeRequest, Pipeline, PipelineBasic, ProjectId } from './types.js';
import { checkItems, checked } from './validate.js';

export interface MergeRequestListFilters {
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  state?: 'opened' | 'closed' | 'locked' | 'merged' | 'all';
  reviewer_username?: string;
  author_username?: string;
}

export function createMergeRequestsApi(client: GitLabClient) {
  const mrPath = (projectId: ProjectId, iid: number): string => `${projectPath(projectId)}/merge_requests/${idSegment(iid, 'merge request iid')}`;

  return {
    /**
     * GET /merge_requests: the caller's merge requests across projects (`scope` created_by_me by
     * GitLab's default, assigned_to_me or all; `reviewer_username`), newest first. The list's
     * entity (MergeRequestBasic) has no head pipeline: `get` has it.
     */
    list(opts?: MergeRequestListFilters & ListOptions): Paged<MergeRequest> {
      const { filters, list } = splitList<MergeRequestListFilters>(opts);
      return paginate<MergeRequest>(client, '/merge_requests', { ...filters }, list, checkItems(client, '/merge_requests', D.mergeRequest));
    },
    get: async (projectId: ProjectId, iid: number, opts?: GetOptions): Promise<MergeRequest> =>
      checked(client, 'GET', mrPath(projectId, iid), D.mergeRequest, client.get(mrPath(projectId, iid), callOptions(opts))),
    /** Its pipelines (detached and merged results), newest first. */
    pipelines(projectId: ProjectId, iid: number, opts?: ListOptions): Paged<PipelineBasic> {
      const { list } = splitList<object>(opts);
      const path = `${mrPath(projectId, iid)}/pipelines`;
      return paginate<PipelineBasic>(client, path, {}, list, checkItems(client, path, D.pipelineBasic));
    },
    /** A new merge-request pipeline (201 with the pipeline). */
    createPipeline: async (projectId: ProjectId, iid: number, opts?: CallOptions): Promise<Pipeline> =>
      checked(client, 'POST', `${mrPath(projectId, iid)}/pipelines`, D.pipeline, client.post(`${mrPath(projectId, iid)}/pipelines`, callOptions(opts))),
  };
}

export type MergeRequestsApi = ReturnType<typeof createMergeRequestsApi>;

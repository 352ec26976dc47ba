// Presenters of merge requests (GET /merge_requests, /projects/:id/merge_requests[/:iid]): the
// shapes of GitLab's lib/api/entities/merge_request_basic.rb and merge_request.rb, beside the other
// presenters of src/sim/present.ts.
import type { SimMergeRequest, SimPipeline } from './model.js';
import { iso, pipeline, projectWebUrl, userBasic, type PresentContext } from './present.js';

type Json = Record<string, unknown>;

export function mergeRequest(ctx: PresentContext, mr: SimMergeRequest): Json {
  const { world } = ctx;
  const project = world.projects.get(mr.projectId)!;
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.projectId,
    title: mr.title,
    description: '',
    state: mr.state,
    created_at: iso(mr.createdAt),
    updated_at: iso(mr.updatedAt),
    merged_at: iso(mr.mergedAt),
    target_branch: mr.targetBranch,
    source_branch: mr.sourceBranch,
    author: userBasic(ctx, world.user(mr.authorId)),
    assignees: (mr.assigneeIds ?? []).map((id) => userBasic(ctx, world.user(id))),
    assignee: mr.assigneeIds?.length ? userBasic(ctx, world.user(mr.assigneeIds[0]!)) : null,
    reviewers: (mr.reviewerIds ?? []).map((id) => userBasic(ctx, world.user(id))),
    draft: mr.title.startsWith('Draft:'),
    sha: project.heads.get(mr.sourceBranch)?.sha ?? null,
    references: { short: `!${mr.iid}`, relative: `!${mr.iid}`, full: `${project.namespace}/${project.path}!${mr.iid}` },
    web_url: `${projectWebUrl(ctx, project)}/-/merge_requests/${mr.iid}`,
  };
}

/**
 * The single merge request (GET /projects/:id/merge_requests/:iid): the list's fields and its
 * `head_pipeline`, the newest of its pipelines on the source branch's head commit (GitLab's
 * diff_head_pipeline; lib/api/entities/merge_request.rb exposes it only here, not in the lists).
 */
export function mergeRequestDetail(ctx: PresentContext, mr: SimMergeRequest, head: SimPipeline | null): Json {
  return { ...mergeRequest(ctx, mr), head_pipeline: head ? pipeline(ctx, head) : null };
}

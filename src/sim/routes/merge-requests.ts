// Merge requests as far as CI needs them: one merge request, its pipelines, a new pipeline for it.
// Merge-request pipelines run on `refs/merge-requests/:iid/head` (detached) or `…/merge` (merged
// results, what a project with merged results pipelines runs); their source is merge_request_event.
import { type RequestContext, DEVELOPER, HttpError, errors, intParam, listReply, one, oneOf, projectFor } from '../http.js';
import type { SimMergeRequest, SimPipeline } from '../model.js';
import * as present from '../present.js';
import * as presentMr from '../present-mr.js';
import { Rng, hashSeed } from '../rng.js';
import { mergeRequestPipeline } from '../world/extras.js';
import type { Route } from './route.js';

function mergeRequestOf(ctx: RequestContext, minLevel = 0): SimMergeRequest {
  const project = projectFor(ctx, minLevel);
  const iid = intParam(ctx.params.merge_request_iid, 'merge_request_iid');
  const mr = project.mergeRequests?.get(iid);
  if (!mr) throw errors.notFound();
  return mr;
}

/**
 * A merge request's pipelines, newest first, as GitLab's MergeRequest#all_pipelines: its own
 * (detached, merged results) and those of pushes to its source branch (the branch's commits stand
 * for the merge request's).
 */
function pipelinesOf(ctx: RequestContext, mr: SimMergeRequest): SimPipeline[] {
  const { world } = ctx;
  const ids = world.projectPipelines.get(mr.projectId) ?? [];
  const list: SimPipeline[] = [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const p = world.pipelines.get(ids[i]!)!;
    const own = p.mergeRequestIid === mr.iid && p.source === 'merge_request_event';
    const branch = p.ref === mr.sourceBranch && !p.tag && p.source !== 'merge_request_event' && p.source !== 'parent_pipeline';
    if (own || branch) list.push(p);
  }
  return list;
}

/** GitLab's head_pipeline: the newest pipeline on the source branch's head commit (or of the merge request itself). */
function headPipeline(ctx: RequestContext, mr: SimMergeRequest): SimPipeline | null {
  const head = ctx.world.projects.get(mr.projectId)?.heads.get(mr.sourceBranch)?.sha;
  return pipelinesOf(ctx, mr).find((p) => p.mergeRequestIid === mr.iid || p.sha === head) ?? null;
}

const MR_SCOPES = ['created_by_me', 'assigned_to_me', 'all'] as const;
const MR_STATES = ['opened', 'closed', 'locked', 'merged', 'all'] as const;

export const mergeRequestRoutes: Route[] = [
  {
    // GitLab's "List merge requests" (doc/api/merge_requests.md): the caller's own by default
    // (scope=created_by_me), every state unless `state` says; newest first.
    method: 'GET',
    path: '/merge_requests',
    handler(ctx) {
      const scope = oneOf(one(ctx, 'scope'), MR_SCOPES, 'scope') ?? 'created_by_me';
      const state = oneOf(one(ctx, 'state'), MR_STATES, 'state') ?? 'all';
      const reviewer = one(ctx, 'reviewer_username');
      const author = one(ctx, 'author_username');
      const { world, user } = ctx;
      const list: SimMergeRequest[] = [];
      for (const project of world.projects.values()) {
        if (!(user.isAdmin || project.members.has(user.id) || project.visibility !== 'private')) continue;
        for (const mr of project.mergeRequests?.values() ?? []) {
          if (scope === 'created_by_me' && mr.authorId !== user.id) continue;
          if (scope === 'assigned_to_me' && !mr.assigneeIds?.includes(user.id)) continue;
          if (state !== 'all' && mr.state !== state) continue;
          if (reviewer !== undefined && !mr.reviewerIds?.some((id) => world.user(id).username === reviewer)) continue;
          if (author !== undefined && world.user(mr.authorId).username !== author) continue;
          list.push(mr);
        }
      }
      list.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
      return listReply(ctx, list, (mr) => presentMr.mergeRequest(ctx.present, mr), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/merge_requests/:merge_request_iid',
    handler(ctx) {
      const mr = mergeRequestOf(ctx);
      return { status: 200, body: presentMr.mergeRequestDetail(ctx.present, mr, headPipeline(ctx, mr)), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/merge_requests/:merge_request_iid/pipelines',
    handler(ctx) {
      const mr = mergeRequestOf(ctx);
      return listReply(ctx, pipelinesOf(ctx, mr), (p) => present.pipelineBasic(ctx.present, p), { totals: true });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/merge_requests/:merge_request_iid/pipelines',
    handler(ctx) {
      const mr = mergeRequestOf(ctx, DEVELOPER);
      // GitLab refuses a pipeline for a merge request that is no longer open.
      if (mr.state !== 'opened') throw new HttpError(400, { message: 'Cannot create a pipeline for this merge request.' });
      const { world } = ctx;
      const project = world.projects.get(mr.projectId)!;
      const rng = new Rng(hashSeed(world.seed, mr.id, world.now));
      const pipeline = mergeRequestPipeline(world, rng, project, mr, world.now, true, ctx.user.id);
      mr.updatedAt = world.now;
      return { status: 201, body: present.pipeline(ctx.present, pipeline) };
    },
  },
];

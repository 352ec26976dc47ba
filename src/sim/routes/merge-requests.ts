// Merge requests as far as CI needs them: one merge request, its pipelines, a new pipeline for it.
// Merge-request pipelines run on `refs/merge-requests/:iid/head` (detached) or `…/merge` (merged
// results, what a project with merged results pipelines runs); their source is merge_request_event.
import { type RequestContext, DEVELOPER, HttpError, errors, intParam, listReply, projectFor } from '../http.js';
import type { SimMergeRequest } from '../model.js';
import * as present from '../present.js';
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

export const mergeRequestRoutes: Route[] = [
  {
    method: 'GET',
    path: '/projects/:id/merge_requests/:merge_request_iid',
    handler(ctx) {
      return { status: 200, body: present.mergeRequest(ctx.present, mergeRequestOf(ctx)), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/merge_requests/:merge_request_iid/pipelines',
    handler(ctx) {
      const mr = mergeRequestOf(ctx);
      const { world } = ctx;
      const ids = world.projectPipelines.get(mr.projectId) ?? [];
      const list = [];
      for (let i = ids.length - 1; i >= 0; i--) {
        const p = world.pipelines.get(ids[i]!)!;
        if (p.mergeRequestIid === mr.iid && p.source === 'merge_request_event') list.push(p);
      }
      return listReply(ctx, list, (p) => present.pipelineBasic(ctx.present, p), { totals: true });
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

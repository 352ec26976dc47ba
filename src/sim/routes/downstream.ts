// A pipeline's trigger jobs (bridges), its variables and its test reports.
import { GITLAB_STATUSES } from '../gitlab-values.js';
import { type RequestContext, errors, intParam, listReply, many, projectFor } from '../http.js';
import type { SimPipeline } from '../model.js';
import * as present from '../present.js';
import { testReport, testReportSummary } from '../test-report.js';
import type { Route } from './route.js';

function pipelineOf(ctx: RequestContext): SimPipeline {
  const project = projectFor(ctx);
  const pipeline = ctx.world.pipelines.get(intParam(ctx.params.pipeline_id, 'pipeline_id'));
  if (!pipeline || pipeline.projectId !== project.id) throw errors.notFound();
  return pipeline;
}

function bridgesReply(ctx: RequestContext) {
  const pipeline = pipelineOf(ctx);
  const scopes = many(ctx, 'scope');
  for (const s of scopes ?? []) {
    if (!(GITLAB_STATUSES as readonly string[]).includes(s)) throw errors.param('scope does not have a valid value');
  }
  const set = scopes?.length ? new Set(scopes) : null;
  const bridges = ctx.world.pipelineJobs(pipeline).filter((j) => j.trigger && (!set || set.has(j.status)));
  return listReply(ctx, bridges, (j) => present.bridge(ctx.present, j), { totals: true });
}

export const downstreamRoutes: Route[] = [
  { method: 'GET', path: '/projects/:id/pipelines/:pipeline_id/bridges', handler: bridgesReply },
  // The same list under the name GitLab 19.2 gives it (the bridges route is deprecated there).
  { method: 'GET', path: '/projects/:id/pipelines/:pipeline_id/trigger_jobs', handler: bridgesReply },
  {
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id/variables',
    handler(ctx) {
      const pipeline = pipelineOf(ctx);
      return { status: 200, body: pipeline.variables.map(present.variable), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id/test_report_summary',
    handler(ctx) {
      return { status: 200, body: testReportSummary(ctx.world, pipelineOf(ctx)), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id/test_report',
    handler(ctx) {
      return { status: 200, body: testReport(ctx.world, pipelineOf(ctx)), etag: true };
    },
  },
];

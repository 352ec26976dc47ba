// Pipelines (docs/gitlab-api.md §4.2): list with every filter, single, create, retry, cancel.
import { GITLAB_PIPELINE_ORDER_BY, GITLAB_PIPELINE_SCOPES, GITLAB_PIPELINE_SOURCES, GITLAB_STATUSES } from '../gitlab-values.js';
import { type RequestContext, DEVELOPER, boolParam, errors, intParam, listReply, one, oneOf, projectFor } from '../http.js';
import type { SimPipeline, SimProject, SimVariable } from '../model.js';
import * as present from '../present.js';
import { cancelPipeline } from '../world/build.js';
import { ZERO_SHA } from '../world/commits.js';
import type { Route } from './route.js';

function pipelineOf(ctx: RequestContext): SimPipeline {
  const project = projectFor(ctx);
  const pipeline = ctx.world.pipelines.get(intParam(ctx.params.pipeline_id, 'pipeline_id'));
  if (!pipeline || pipeline.projectId !== project.id) throw errors.notFound();
  return pipeline;
}

const FINISHED = new Set(['success', 'failed', 'canceled', 'skipped']);

const VARIABLE_KEY = /^[A-Za-z0-9_]+$/;

/**
 * `variables`: an array of hashes {key, value, variable_type}; variable_type defaults to env_var.
 * A missing key or value is Grape's parameter error; a key GitLab's model refuses, its validation error.
 */
function pipelineVariables(ctx: RequestContext): SimVariable[] {
  const raw = ctx.body.variables;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw errors.param('variables is invalid');
  return raw.map((v: unknown, i) => {
    const item = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
    for (const field of ['key', 'value']) {
      if (item[field] === undefined || item[field] === null) throw errors.param(`variables[${i}][${field}] is missing`);
    }
    const type = item.variable_type === undefined ? 'env_var' : String(item.variable_type);
    if (type !== 'env_var' && type !== 'file') throw errors.param(`variables[${i}][variable_type] does not have a valid value`);
    const key = String(item.key);
    if (!VARIABLE_KEY.test(key) || key.length > 255) {
      throw errors.fields({ base: ["Variables key can contain only letters, digits and '_'."] });
    }
    return { key, value: String(item.value), variable_type: type };
  });
}

/**
 * `inputs`: a hash checked against the project's `spec:inputs` with GitLab's messages (unknown
 * names, wrong types, a required one missing), all in one 400; the defaults fill what is left out.
 */
export function pipelineInputs(project: SimProject, raw: unknown): Record<string, unknown> {
  const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) throw errors.param('inputs is invalid');
  const specs = project.inputs ?? {};
  const problems: string[] = [];
  const unknown = Object.keys(given).filter((k) => !(k in specs));
  if (unknown.length) problems.push(`unknown input arguments: ${unknown.join(', ')}`);
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = name in given ? given[name] : spec.default;
    if (value === undefined) {
      problems.push(`\`${name}\` input: required value has not been provided`);
      continue;
    }
    const ok =
      spec.type === 'string'
        ? typeof value === 'string'
        : spec.type === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : spec.type === 'boolean'
            ? typeof value === 'boolean'
            : Array.isArray(value);
    if (!ok) problems.push(`\`${name}\` input: provided value is not a ${spec.type}`);
    out[name] = value;
  }
  if (problems.length) throw errors.fields({ base: [problems.join(', ')] });
  return out;
}

/** A Grape DateTime parameter: an ISO 8601 date-time (epoch ms), else GitLab's 400 "<name> is invalid". */
function dateTimeParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const at = /^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?)?$/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(at)) throw errors.param(`${name} is invalid`);
  return at;
}

export const pipelineRoutes: Route[] = [
  {
    method: 'GET',
    path: '/projects/:id/pipelines',
    handler(ctx) {
      const project = projectFor(ctx);
      const scope = oneOf(one(ctx, 'scope'), GITLAB_PIPELINE_SCOPES, 'scope');
      const status = oneOf(one(ctx, 'status'), GITLAB_STATUSES, 'status');
      const orderBy = oneOf(one(ctx, 'order_by'), GITLAB_PIPELINE_ORDER_BY, 'order_by') ?? 'id';
      const sha = one(ctx, 'sha');
      const updatedAfter = dateTimeParam(one(ctx, 'updated_after'), 'updated_after');
      const updatedBefore = dateTimeParam(one(ctx, 'updated_before'), 'updated_before');
      const sort = oneOf(one(ctx, 'sort'), ['asc', 'desc'] as const, 'sort') ?? 'desc';
      const yamlErrors = boolParam(one(ctx, 'yaml_errors'), 'yaml_errors');
      const ref = one(ctx, 'ref');
      const name = one(ctx, 'name');
      const username = one(ctx, 'username');
      const source = oneOf(one(ctx, 'source'), GITLAB_PIPELINE_SOURCES, 'source');
      const { world } = ctx;
      let list = (world.projectPipelines.get(project.id) ?? []).map((id) => world.pipelines.get(id)!);
      list = list.filter((p) => {
        // Child pipelines only when asked for (GitLab 17.0+), any other source as filtered.
        if (source ? p.source !== source : p.source === 'parent_pipeline') return false;
        if (status && p.status !== status) return false;
        if (ref !== undefined && p.ref !== ref) return false;
        if (sha !== undefined && p.sha !== sha) return false;
        // Inclusive both ways, as GitLab's UpdatedAtFilterable (gteq / lteq): docs/gitlab-api.md "Jobs across projects".
        if (updatedAfter !== undefined && !(p.updatedAt >= updatedAfter)) return false;
        if (updatedBefore !== undefined && !(p.updatedAt <= updatedBefore)) return false;
        if (yamlErrors === true && !p.yamlErrors) return false;
        if (yamlErrors === false && p.yamlErrors) return false;
        const user = world.user(p.userId);
        // GitLab 15.11+: the pipeline's own name (workflow:name), not its user's.
        if (name !== undefined && p.name !== name) return false;
        if (username !== undefined && user.username !== username) return false;
        switch (scope) {
          case 'running':
            return p.status === 'running';
          case 'pending':
            return p.status === 'pending';
          case 'finished':
            return FINISHED.has(p.status);
          case 'branches':
            return !p.tag;
          case 'tags':
            return p.tag;
          default:
            return true;
        }
      });
      const key = (p: SimPipeline): string | number =>
        orderBy === 'status' ? p.status : orderBy === 'ref' ? p.ref : orderBy === 'user_id' ? p.userId : orderBy === 'updated_at' ? p.updatedAt : p.id;
      list.sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const c = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
        return sort === 'asc' ? c : -c;
      });
      return listReply(ctx, list, (p) => present.pipelineBasic(ctx.present, p), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id',
    handler(ctx) {
      return { status: 200, body: present.pipeline(ctx.present, pipelineOf(ctx)), etag: true };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipeline',
    handler(ctx) {
      const project = projectFor(ctx, DEVELOPER);
      const ref = one(ctx, 'ref');
      if (ref === undefined || ref === '') throw errors.param('ref is missing');
      const commit = project.heads.get(ref);
      if (!commit) throw errors.fields({ base: ['Reference not found'] });
      const variables = pipelineVariables(ctx);
      const inputs = pipelineInputs(project, ctx.body.inputs);
      const pipeline = ctx.world.createPipeline({
        variables,
        inputs,
        project,
        ref,
        tag: project.tags.includes(ref),
        commit,
        beforeSha: ZERO_SHA,
        source: 'api',
        userId: ctx.user.id,
        at: ctx.world.now,
      });
      return { status: 201, body: present.pipeline(ctx.present, pipeline) };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipelines/:pipeline_id/retry',
    handler(ctx) {
      projectFor(ctx, DEVELOPER);
      const pipeline = pipelineOf(ctx);
      ctx.world.retryPipeline(pipeline, ctx.user.id, ctx.world.now);
      return { status: 201, body: present.pipeline(ctx.present, pipeline) };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipelines/:pipeline_id/cancel',
    handler(ctx) {
      projectFor(ctx, DEVELOPER);
      const pipeline = pipelineOf(ctx);
      // 200 even when nothing could be canceled (GitLab).
      cancelPipeline(ctx.world, pipeline.id, ctx.world.now);
      return { status: 200, body: present.pipeline(ctx.present, pipeline) };
    },
  },
];

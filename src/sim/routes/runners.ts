// Runners (lib/api/ci/runners.rb; docs/gitlab-api.md "Runners"): the user's, all (administrators), a
// project's and a group's, one runner, its managers and jobs, and pausing it.
import { GITLAB_STATUSES } from '../gitlab-values.js';
import { type RequestContext, boolParam, errors, intParam, listReply, MAINTAINER, one, oneOf, projectFor } from '../http.js';
import type { SimJob } from '../model.js';
import * as present from '../present.js';
import { runner as presentRunner, runnerDetails, runnerManager } from '../present-runner.js';
import { groupLevel } from '../world/runner-seeds.js';
import { ancestorPaths, hasStatus, offerWaiting, usableBy, type SimGroup, type SimRunner } from '../world/runners.js';
import type { Route } from './route.js';

/** Ci::Runner::AVAILABLE_TYPES, AVAILABLE_STATUSES_INCL_DEPRECATED and AVAILABLE_SCOPES. */
const TYPES = ['instance_type', 'group_type', 'project_type'] as const;
const STATUSES = ['active', 'paused', 'online', 'offline', 'never_contacted', 'stale'] as const;
const SCOPES = ['specific', 'shared', ...TYPES, ...STATUSES] as const;
const REPORTER = 20;

/** apply_filter of lib/api/ci/runners.rb: type, status, paused, version_prefix, tag_list (all of them). */
function filtered(ctx: RequestContext, runners: SimRunner[], withScope: boolean): SimRunner[] {
  const now = ctx.world.now;
  const scope = withScope ? oneOf(one(ctx, 'scope'), SCOPES, 'scope') : undefined;
  const type = oneOf(one(ctx, 'type'), TYPES, 'type');
  const status = oneOf(one(ctx, 'status'), STATUSES, 'status');
  const paused = boolParam(one(ctx, 'paused'), 'paused');
  const version = one(ctx, 'version_prefix');
  if (version !== undefined && !/^[\d+.]+/.test(version)) throw errors.param('version_prefix is invalid');
  const tags = one(ctx, 'tag_list')
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return runners.filter(
    (r) =>
      (!scope ||
        (scope === 'shared'
          ? r.type === 'instance_type'
          : scope === 'specific'
            ? r.type !== 'instance_type'
            : (TYPES as readonly string[]).includes(scope)
              ? r.type === scope
              : hasStatus(r, scope, now))) &&
      (!type || r.type === type) &&
      (!status || hasStatus(r, status, now)) &&
      (paused === undefined || r.paused === paused) &&
      (!version || r.managers.some((m) => m.version.startsWith(version))) &&
      (!tags || tags.every((t) => r.tags.includes(t))),
  );
}

function list(ctx: RequestContext, runners: SimRunner[], withScope = true) {
  const sorted = filtered(ctx, runners, withScope).sort((a, b) => a.id - b.id);
  return listReply(ctx, sorted, (r) => presentRunner(ctx.present, r), { totals: true });
}

function groupFor(ctx: RequestContext): SimGroup {
  const raw = ctx.params.id!;
  const group = /^\d+$/.test(raw) ? [...ctx.world.groups.values()].find((g) => g.id === Number(raw)) : ctx.world.groups.get(raw);
  if (!group) throw errors.notFound('Group');
  if (!ctx.user.isAdmin && groupLevel(ctx.world, group, ctx.user.id) === 0) throw errors.notFound('Group');
  return group;
}

/**
 * Maintainer or more of one of the runner's projects or of its group: GitLab's :update_runner (and
 * :read_runner); administrators may do anything, unless `asMember` asks for membership alone.
 */
function owns(ctx: RequestContext, r: SimRunner, asMember = false): boolean {
  if (ctx.user.isAdmin && !asMember) return true;
  if (r.type === 'project_type') return r.projectIds.some((id) => (ctx.world.projects.get(id)?.members.get(ctx.user.id) ?? 0) >= MAINTAINER);
  if (r.type === 'group_type') {
    const group = ctx.world.groups.get(r.groupPath!);
    return group !== undefined && groupLevel(ctx.world, group, ctx.user.id) >= MAINTAINER;
  }
  return false;
}

function runnerOf(ctx: RequestContext): SimRunner {
  const runner = ctx.world.runners.get(intParam(ctx.params.runner_id, 'id'));
  if (!runner) throw errors.notFound('Runner');
  return runner;
}

/** authenticate_show_runner!: instance runners are anyone's to read. */
function readable(ctx: RequestContext): SimRunner {
  const runner = runnerOf(ctx);
  if (runner.type !== 'instance_type' && !owns(ctx, runner)) throw errors.forbidden('No access granted');
  return runner;
}

/** Entities::Ci::JobBasicWithProject (GET /runners/:id/jobs): JobBasic and the project's identity. */
function jobBasicWithProject(ctx: RequestContext, j: SimJob): Record<string, unknown> {
  const full = present.job(ctx.present, j, 'full');
  const out: Record<string, unknown> = {};
  for (const key of present.JOB_BASIC_FIELDS) if (key in full) out[key] = full[key];
  const p = ctx.world.projects.get(j.projectId)!;
  const simple = present.project(ctx.present, p, true);
  out.project = {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: simple.name_with_namespace,
    path: p.path,
    path_with_namespace: simple.path_with_namespace,
    created_at: simple.created_at,
  };
  return out;
}

export const runnerRoutes: Route[] = [
  {
    method: 'GET',
    path: '/runners',
    handler(ctx) {
      // User#ci_owned_runners: runners of the projects and groups the user maintains (no instance runners).
      return list(
        ctx,
        [...ctx.world.runners.values()].filter((r) => r.type !== 'instance_type' && owns(ctx, r, true)),
      );
    },
  },
  {
    method: 'GET',
    path: '/runners/all',
    handler(ctx) {
      if (!ctx.user.isAdmin) throw errors.forbidden();
      return list(ctx, [...ctx.world.runners.values()]);
    },
  },
  {
    method: 'GET',
    path: '/runners/:runner_id',
    handler(ctx) {
      const runner = readable(ctx);
      return { status: 200, body: runnerDetails(ctx.present, runner, owns(ctx, runner)), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/runners/:runner_id/managers',
    handler(ctx) {
      const runner = readable(ctx);
      return { status: 200, body: runner.managers.map((m) => runnerManager(ctx.present, m, runner)), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/runners/:runner_id/jobs',
    handler(ctx) {
      const runner = runnerOf(ctx);
      // authenticate_list_runners_jobs!: :read_builds on the runner — its owners, or an administrator.
      if (!owns(ctx, runner)) throw errors.forbidden('No access granted');
      const status = oneOf(one(ctx, 'status'), GITLAB_STATUSES, 'status');
      const orderBy = oneOf(one(ctx, 'order_by'), ['id'] as const, 'order_by');
      const sort = oneOf(one(ctx, 'sort'), ['asc', 'desc'] as const, 'sort') ?? 'desc';
      const systemId = one(ctx, 'system_id');
      const manager = systemId === undefined ? undefined : runner.managers.find((m) => m.systemId === systemId);
      const jobs: SimJob[] = [];
      for (const job of ctx.world.jobs.values()) {
        if (job.runnerId !== runner.id || (status && job.status !== status)) continue;
        if (systemId !== undefined && job.runnerManagerId !== (manager?.id ?? -1)) continue;
        // Ci::RunnerJobsFinder#by_permission: projects where the user is Reporter or more.
        if (!ctx.user.isAdmin && (ctx.world.projects.get(job.projectId)?.members.get(ctx.user.id) ?? 0) < REPORTER) continue;
        jobs.push(job);
      }
      // Without order_by the database's order (creation, here); order_by=id sorts, descending by default.
      jobs.sort((a, b) => (orderBy && sort === 'desc' ? b.id - a.id : a.id - b.id));
      return listReply(ctx, jobs, (j) => jobBasicWithProject(ctx, j), { totals: systemId === undefined });
    },
  },
  {
    method: 'PUT',
    path: '/runners/:runner_id',
    handler(ctx) {
      const runner = runnerOf(ctx);
      const paused = boolParam(one(ctx, 'paused'), 'paused');
      const active = boolParam(one(ctx, 'active'), 'active');
      const description = one(ctx, 'description');
      if (paused !== undefined && active !== undefined) throw errors.param('active, paused are mutually exclusive');
      if (paused === undefined && active === undefined && description === undefined) {
        throw errors.param(
          'description, active, paused, tag_list, run_untagged, locked, access_level, maximum_timeout, maintenance_note are missing, at least one parameter must be provided',
        );
      }
      // authenticate_update_runner!: administrators, or :update_runner (its projects' or group's maintainers).
      if (!owns(ctx, runner)) throw errors.forbidden('No access granted');
      if (description !== undefined) runner.description = description;
      const nextPaused = paused ?? (active === undefined ? runner.paused : !active);
      const resumed = runner.paused && !nextPaused;
      runner.paused = nextPaused;
      // A resumed runner asks for jobs on its next poll: what waited for it starts now.
      if (resumed) offerWaiting(ctx.world, ctx.world.now);
      return { status: 200, body: runnerDetails(ctx.present, runner, true) };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/runners',
    handler(ctx) {
      const project = projectFor(ctx);
      // authorize! :read_project_runners — Maintainer and up.
      if (!ctx.user.isAdmin && (project.members.get(ctx.user.id) ?? 0) < MAINTAINER) throw errors.forbidden();
      return list(
        ctx,
        [...ctx.world.runners.values()].filter((r) => usableBy(r, project)),
      );
    },
  },
  {
    method: 'GET',
    path: '/groups/:id/runners',
    handler(ctx) {
      const group = groupFor(ctx);
      // authorize! :read_group_runners — Maintainer and up; Ci::Runner.group_or_instance_wide.
      if (!ctx.user.isAdmin && groupLevel(ctx.world, group, ctx.user.id) < MAINTAINER) throw errors.forbidden();
      const paths = ancestorPaths(group.path);
      return list(
        ctx,
        [...ctx.world.runners.values()].filter((r) => r.type === 'instance_type' || (r.type === 'group_type' && paths.includes(r.groupPath!))),
        false,
      );
    },
  },
];

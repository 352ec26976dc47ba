// Pipeline schedules (docs/gitlab-api.md §4.3). Fields arrive as form fields (or JSON, or query: Grape merges them).
// Validation answers as GitLab does: 400 with `{"error": "... is missing"}` for absent parameters and
// 400 with a field map for model errors (`{"message":{"cron":["syntax is invalid"]}}`).
import { cronProblem, zoneOf } from '../world/cron.js';
import { type RequestContext, DEVELOPER, MAINTAINER, boolParam, errors, intParam, listReply, one, oneOf, projectFor } from '../http.js';
import type { SimSchedule } from '../model.js';
import * as present from '../present.js';
import { armSchedule } from '../world/schedules.js';
import { listOf } from '../world/world.js';
import type { Route } from './route.js';

export function scheduleOf(ctx: RequestContext, minLevel = 0): SimSchedule {
  const project = projectFor(ctx, minLevel);
  const schedule = ctx.world.schedules.get(intParam(ctx.params.schedule_id, 'pipeline_schedule_id'));
  if (!schedule || schedule.projectId !== project.id) throw errors.notFound('Pipeline Schedule');
  return schedule;
}

/** The caller's role in the schedule's project (0: none). */
export function levelIn(ctx: RequestContext, schedule: SimSchedule): number {
  return ctx.world.projects.get(schedule.projectId)!.members.get(ctx.user.id) ?? 0;
}

/**
 * Ci::PipelineSchedulePolicy's `read_pipeline_schedule_variables` (and `admin_pipeline_schedule`):
 * a maintainer, or the owner while a developer; admins too.
 */
export function mayAdminSchedule(ctx: RequestContext, schedule: SimSchedule): boolean {
  const level = levelIn(ctx, schedule);
  return ctx.user.isAdmin || level >= MAINTAINER || (schedule.ownerId === ctx.user.id && level >= DEVELOPER);
}

/** PipelineScheduleDetails as this caller sees it: the variables only where the policy lets them be read. */
export function detailOf(ctx: RequestContext, schedule: SimSchedule): unknown {
  return present.schedule(ctx.present, schedule, true, mayAdminSchedule(ctx, schedule));
}

interface ScheduleInput {
  description?: string;
  ref?: string;
  cron?: string;
  cron_timezone?: string;
  active?: boolean;
}

function readInput(ctx: RequestContext): ScheduleInput {
  return {
    description: one(ctx, 'description'),
    ref: one(ctx, 'ref'),
    cron: one(ctx, 'cron'),
    cron_timezone: one(ctx, 'cron_timezone'),
    active: boolParam(one(ctx, 'active'), 'active'),
  };
}

/** The model's validations, all at once, as Rails reports them. */
function validate(input: ScheduleInput): void {
  const fields: Record<string, string[]> = {};
  if (input.description !== undefined && input.description.trim() === '') fields.description = ["can't be blank"];
  if (input.ref !== undefined && input.ref.trim() === '') fields.ref = ["can't be blank"];
  if (input.cron !== undefined && cronProblem(input.cron) !== null) fields.cron = ['syntax is invalid'];
  if (input.cron_timezone !== undefined && zoneOf(input.cron_timezone) === null) fields.cron_timezone = ['syntax is invalid'];
  if (Object.keys(fields).length) throw errors.fields(fields);
}

export const scheduleRoutes: Route[] = [
  {
    method: 'GET',
    path: '/projects/:id/pipeline_schedules',
    handler(ctx) {
      const project = projectFor(ctx);
      const scope = oneOf(one(ctx, 'scope'), ['active', 'inactive'] as const, 'scope');
      const list = (ctx.world.projectSchedules.get(project.id) ?? [])
        .map((id) => ctx.world.schedules.get(id)!)
        .filter((s) => (scope === 'active' ? s.active : scope === 'inactive' ? !s.active : true));
      return listReply(ctx, list, (s) => present.schedule(ctx.present, s, false), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipeline_schedules/:schedule_id',
    handler(ctx) {
      return { status: 200, body: detailOf(ctx, scheduleOf(ctx)), etag: true };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipeline_schedules',
    handler(ctx) {
      const project = projectFor(ctx, DEVELOPER);
      const input = readInput(ctx);
      const missing = (['description', 'ref', 'cron'] as const).filter((k) => input[k] === undefined);
      if (missing.length) throw errors.param(missing.map((k) => `${k} is missing`).join(', '));
      validate({ ...input, cron_timezone: input.cron_timezone ?? 'UTC' });
      const now = ctx.world.now;
      const schedule: SimSchedule = {
        id: ++ctx.world.counters.schedule,
        projectId: project.id,
        description: input.description!,
        ref: input.ref!,
        cron: input.cron!,
        cronTimezone: input.cron_timezone ?? 'UTC',
        nextRunAt: 0,
        active: input.active ?? true,
        createdAt: now,
        updatedAt: now,
        ownerId: ctx.user.id,
        lastPipelineId: null,
        variables: [],
        version: 0,
      };
      ctx.world.schedules.set(schedule.id, schedule);
      listOf(ctx.world.projectSchedules, project.id).push(schedule.id);
      armSchedule(ctx.world, schedule, now);
      return { status: 201, body: detailOf(ctx, schedule) };
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/pipeline_schedules/:schedule_id',
    handler(ctx) {
      const schedule = scheduleOf(ctx, DEVELOPER);
      // Only the owner may change a schedule; others take ownership first (GitLab's policy).
      if (schedule.ownerId !== ctx.user.id && !ctx.user.isAdmin) throw errors.forbidden();
      const input = readInput(ctx);
      validate(input);
      if (input.description !== undefined) schedule.description = input.description;
      if (input.ref !== undefined) schedule.ref = input.ref;
      if (input.cron !== undefined) schedule.cron = input.cron;
      if (input.cron_timezone !== undefined) schedule.cronTimezone = input.cron_timezone;
      if (input.active !== undefined) schedule.active = input.active;
      schedule.updatedAt = ctx.world.now;
      // "An update reschedules the schedule automatically."
      armSchedule(ctx.world, schedule, ctx.world.now);
      return { status: 200, body: detailOf(ctx, schedule) };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipeline_schedules/:schedule_id/take_ownership',
    handler(ctx) {
      const schedule = scheduleOf(ctx, MAINTAINER);
      if (schedule.ownerId === ctx.user.id) return { status: 200, body: detailOf(ctx, schedule) };
      schedule.ownerId = ctx.user.id;
      schedule.updatedAt = ctx.world.now;
      return { status: 201, body: detailOf(ctx, schedule) };
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/pipeline_schedules/:schedule_id',
    handler(ctx) {
      const schedule = scheduleOf(ctx, DEVELOPER);
      if (!mayAdminSchedule(ctx, schedule)) throw errors.forbidden();
      ctx.world.schedules.delete(schedule.id);
      const ids = ctx.world.projectSchedules.get(schedule.projectId)!;
      ids.splice(ids.indexOf(schedule.id), 1);
      schedule.version++;
      // Real GitLab answers 204 with no body (docs/gitlab-api.md "Action outcomes").
      return { status: 204 };
    },
  },
];

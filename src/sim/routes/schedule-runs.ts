// A schedule run now, its pipelines, and its variables (docs/gitlab-api.md
// "Schedule play and variables"), as GitLab's lib/api/ci/pipeline_schedules.rb answers them:
// - play: 201 `{"message":"201 Created"}`; the pipeline is made a moment later by a worker
//   (RunPipelineScheduleWorker), with source `schedule`, as the caller — not the schedule's owner —
//   whether the schedule is active or not, and without moving its next run. The REST endpoint has
//   no rate limit of its own (the web page's once-a-minute `play_pipeline_schedule` limit is the
//   controller's), so none here.
// - variables: Grape's 400s for missing or invalid parameters, then the policy's 403, then the
//   model's field map (Ci::HasVariable: key blank, too long, not letters/digits/_; unique per schedule).
import { type RequestContext, DEVELOPER, errors, listReply, one, oneOf } from '../http.js';
import type { SimSchedule } from '../model.js';
import * as present from '../present.js';
import { hashFloat } from '../rng.js';
import { levelIn, mayAdminSchedule, scheduleOf } from './schedules.js';
import type { Route } from './route.js';

const VARIABLE_TYPES = ['env_var', 'file'] as const;
type Variable = SimSchedule['variables'][number];

/** Ci::PipelineSchedulePolicy's `update_pipeline_schedule`: its owner (a developer at least), or an admin. */
function mayUpdate(ctx: RequestContext, schedule: SimSchedule): boolean {
  return ctx.user.isAdmin || (schedule.ownerId === ctx.user.id && levelIn(ctx, schedule) >= DEVELOPER);
}

function variableOf(ctx: RequestContext, schedule: SimSchedule): Variable {
  const variable = schedule.variables.find((v) => v.key === ctx.params.key);
  if (!variable) throw errors.notFound('Pipeline Schedule Variable');
  return variable;
}

/** Ci::HasVariable's key validations and the schedule's uniqueness, all at once as Rails reports them. */
function keyProblems(key: string, schedule: SimSchedule, except: Variable | null): string[] {
  const problems: string[] = [];
  if (key === '') problems.push("can't be blank");
  if (key.length > 255) problems.push('is too long (maximum is 255 characters)');
  if (!/^[a-zA-Z0-9_]+$/.test(key)) problems.push("can contain only letters, digits and '_'.");
  if (key !== '' && schedule.variables.some((v) => v !== except && v.key === key)) problems.push('has already been taken');
  return problems;
}

/** GitLab's worker: the pipeline a moment after the 201, or none when the ref has no commit (it only logs why). */
function runLater(ctx: RequestContext, schedule: SimSchedule, userId: number): void {
  const { world } = ctx;
  const at = world.now;
  const delay = 1000 + Math.round(hashFloat(world.seed, schedule.id * 1000 + (at % 997), 11) * 1000);
  world.at(at + delay, (t) => {
    if (!world.schedules.has(schedule.id)) return;
    const project = world.projects.get(schedule.projectId)!;
    const ref = schedule.ref.replace(/^refs\/(heads|tags)\//, '');
    const commit = project.heads.get(ref);
    if (!commit) return;
    const pipeline = world.createPipeline({
      project,
      ref,
      tag: project.tags.includes(ref),
      commit,
      beforeSha: '0'.repeat(40),
      source: 'schedule',
      userId,
      at: t,
      scheduleId: schedule.id,
    });
    schedule.lastPipelineId = pipeline.id;
  });
}

export const scheduleRunRoutes: Route[] = [
  {
    method: 'POST',
    path: '/projects/:id/pipeline_schedules/:schedule_id/play',
    handler(ctx) {
      // `play_pipeline_schedule`: whoever may create pipelines (a developer).
      const schedule = scheduleOf(ctx);
      if (!ctx.user.isAdmin && levelIn(ctx, schedule) < DEVELOPER) throw errors.forbidden();
      runLater(ctx, schedule, ctx.user.id);
      return { status: 201, body: { message: '201 Created' } };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipeline_schedules/:schedule_id/pipelines',
    handler(ctx) {
      const schedule = scheduleOf(ctx);
      const sort = oneOf(one(ctx, 'sort'), ['asc', 'desc'] as const, 'sort') ?? 'asc';
      const list = (ctx.world.projectPipelines.get(schedule.projectId) ?? [])
        .map((id) => ctx.world.pipelines.get(id)!)
        .filter((p) => p.scheduleId === schedule.id)
        .sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
      return listReply(ctx, list, (p) => present.pipelineBasic(ctx.present, p), { totals: true });
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/pipeline_schedules/:schedule_id/variables',
    handler(ctx) {
      const schedule = scheduleOf(ctx);
      const rawKey = one(ctx, 'key');
      const value = one(ctx, 'value');
      const missing = [rawKey === undefined ? 'key is missing' : null, value === undefined ? 'value is missing' : null].filter(Boolean);
      if (missing.length) throw errors.param(missing.join(', '));
      const type = oneOf(one(ctx, 'variable_type'), VARIABLE_TYPES, 'variable_type') ?? 'env_var';
      if (!mayUpdate(ctx, schedule) || levelIn(ctx, schedule) < DEVELOPER) throw errors.forbidden();
      // The model strips the key before validating it (Ci::HasVariable#key=).
      const key = rawKey!.trim();
      const problems = keyProblems(key, schedule, null);
      if (problems.length) throw errors.fields({ key: problems });
      const variable: Variable = { variable_type: type, key, value: value!, raw: false };
      schedule.variables.push(variable);
      schedule.updatedAt = ctx.world.now;
      return { status: 201, body: present.scheduleVariable(variable) };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipeline_schedules/:schedule_id/variables/:key',
    handler(ctx) {
      const schedule = scheduleOf(ctx);
      if (!mayAdminSchedule(ctx, schedule)) throw errors.forbidden();
      return { status: 200, body: present.scheduleVariable(variableOf(ctx, schedule)) };
    },
  },
  {
    method: 'PUT',
    path: '/projects/:id/pipeline_schedules/:schedule_id/variables/:key',
    handler(ctx) {
      const schedule = scheduleOf(ctx);
      const type = oneOf(one(ctx, 'variable_type'), VARIABLE_TYPES, 'variable_type');
      if (!mayUpdate(ctx, schedule) || levelIn(ctx, schedule) < DEVELOPER) throw errors.forbidden();
      const variable = variableOf(ctx, schedule);
      const value = one(ctx, 'value');
      if (value !== undefined) variable.value = value;
      if (type !== undefined) variable.variable_type = type;
      schedule.updatedAt = ctx.world.now;
      return { status: 200, body: present.scheduleVariable(variable) };
    },
  },
  {
    method: 'DELETE',
    path: '/projects/:id/pipeline_schedules/:schedule_id/variables/:key',
    handler(ctx) {
      const schedule = scheduleOf(ctx);
      if (!mayAdminSchedule(ctx, schedule)) throw errors.forbidden();
      const variable = variableOf(ctx, schedule);
      schedule.variables.splice(schedule.variables.indexOf(variable), 1);
      schedule.updatedAt = ctx.world.now;
      // `status :accepted`, presenting the destroyed variable.
      return { status: 202, body: present.scheduleVariable(variable) };
    },
  },
];

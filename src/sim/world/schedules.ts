// Pipeline schedules: the demo world's schedules and the timers that fire them on their cron, in their
// time zone, creating pipelines with source `schedule` as GitLab's schedule worker does.
import { upcomingRuns } from './cron.js';
import type { Rng } from '../rng.js';
import type { SimSchedule } from '../model.js';
import { listOf, type World } from './world.js';

const HOUR = 3_600_000;

interface ScheduleSeed {
  project: string;
  description: string;
  ref?: string;
  cron: string;
  zone: string;
  owner: string;
  active: boolean;
  /** How far back its history of runs goes. */
  historyHours: number;
  variables?: SimSchedule['variables'];
}

const SEEDS: ScheduleSeed[] = [
  { project: 'acme/api', description: 'Nightly full test run', cron: '0 2 * * *', zone: 'Europe/Berlin', owner: 'alice', active: true, historyHours: 80 },
  {
    project: 'acme/api',
    description: 'Hourly smoke test against staging',
    cron: '15 * * * *',
    zone: 'UTC',
    owner: 'bob',
    active: true,
    historyHours: 5,
    variables: [{ variable_type: 'env_var', key: 'SMOKE_TARGET', value: 'staging', raw: false }],
  },
  {
    project: 'acme/api',
    description: 'Weekly dependency audit',
    cron: '30 6 * * 1',
    zone: 'Eastern Time (US & Canada)',
    owner: 'release-bot',
    active: false,
    historyHours: 24 * 15,
  },
  { project: 'acme/web', description: 'Nightly e2e', cron: '0 3 * * 1-5', zone: 'Europe/London', owner: 'carol', active: true, historyHours: 100 },
  {
    project: 'acme/platform/infra/terraform',
    description: 'Drift detection',
    ref: 'main',
    cron: '0 */6 * * *',
    zone: 'UTC',
    owner: 'alice',
    active: true,
    historyHours: 30,
  },
  { project: 'ops/runbooks', description: 'Rebuild the site', cron: '0 5 * * 0', zone: 'Tokyo', owner: 'erin', active: true, historyHours: 24 * 8 },
];

export function seedSchedules(world: World, rng: Rng, startTime: number): void {
  for (const s of SEEDS) {
    const project = world.projectsByPath.get(s.project);
    const owner = world.usersByName.get(s.owner);
    if (!project || !owner) continue;
    const createdAt = startTime - (20 + rng.int(0, 200)) * 24 * HOUR;
    const schedule: SimSchedule = {
      id: ++world.counters.schedule,
      projectId: project.id,
      description: s.description,
      ref: s.ref ?? project.defaultBranch,
      cron: s.cron,
      cronTimezone: s.zone,
      nextRunAt: 0,
      active: s.active,
      createdAt,
      updatedAt: createdAt + rng.int(0, 10) * 24 * HOUR,
      ownerId: owner.id,
      lastPipelineId: null,
      // Copies: a world's variables change (POST/PUT/DELETE …/variables), and worlds share these seeds.
      variables: (s.variables ?? []).map((v) => ({ ...v })),
      version: 0,
    };
    world.schedules.set(schedule.id, schedule);
    listOf(world.projectSchedules, project.id).push(schedule.id);
    // Inactive schedules ran once upon a time; their timer starts from their history all the same,
    // and stops at the first firing (see fire()).
    armSchedule(world, schedule, startTime - s.historyHours * HOUR);
  }
}

/** Computes next_run_at from `from` and sets the timer that fires the schedule then. */
export function armSchedule(world: World, schedule: SimSchedule, from: number): void {
  schedule.version++;
  const [next] = upcomingRuns(schedule.cron, schedule.cronTimezone, from, 1);
  schedule.nextRunAt = next ?? from + 365 * 24 * HOUR;
  const version = schedule.version;
  world.at(schedule.nextRunAt, (at) => {
    if (schedule.version !== version || !world.schedules.has(schedule.id)) return;
    fire(world, schedule, at);
  });
}

function fire(world: World, schedule: SimSchedule, at: number): void {
  const project = world.projects.get(schedule.projectId)!;
  if (schedule.active) {
    const ref = schedule.ref.replace(/^refs\/(heads|tags)\//, '');
    const commit = project.heads.get(ref);
    if (commit) {
      const pipeline = world.createPipeline({
        project,
        ref,
        tag: project.tags.includes(ref),
        commit,
        beforeSha: '0'.repeat(40),
        source: 'schedule',
        userId: schedule.ownerId,
        at,
        scheduleId: schedule.id,
      });
      schedule.lastPipelineId = pipeline.id;
    }
  }
  armSchedule(world, schedule, at);
}

// The schedules feature's `:` commands: `:schedule ID` opens a schedule of the project you are in
// (as `:pipeline ID` opens a pipeline), `:play` runs the schedule in front — its row or its pane —
// or the one named by id.
import { describeError } from '../../store/errors.js';
import type { Ctx } from '../../store/ctx.js';
import type { PaletteAt, PaletteCommand } from '../../store/feature.js';
import { idArgument, needProject, pushPane, tabCommand } from '../../store/palette.js';
import type { PipelineSchedule } from '../../api/index.js';
import { askPlay } from './play.js';
import { storeSchedule } from './schedules.js';
import { targetSchedule } from './target.js';

/** The schedule `:play` acts on without an id: the schedule pane's, or the selected row of the Schedules tab. */
function scheduleInFront(ctx: Ctx, at: PaletteAt): PipelineSchedule | undefined {
  const top = at.stack[at.stack.length - 1];
  return top ? targetSchedule(ctx, top) : undefined;
}

/** A schedule of the project in front, read from GitLab (its detail) and kept. */
async function readSchedule(ctx: Ctx, at: PaletteAt, raw: string | undefined): Promise<PipelineSchedule | string> {
  const missing = needProject(at);
  if (missing) return missing;
  const n = idArgument(raw, 'schedule');
  if (typeof n === 'string') return n;
  try {
    const schedule = await ctx.gl.schedules.get(at.project!.projectId, n);
    storeSchedule(ctx, at.project!.projectId, schedule);
    return schedule;
  } catch (error) {
    return `Cannot open schedule ${n}: ${describeError(error)}`;
  }
}

export const SCHEDULES_PALETTE: Record<string, PaletteCommand> = {
  schedules: tabCommand('schedules', { usage: 'schedules', description: 'the project’s pipeline schedules (its Schedules tab)', order: 71 }),
  schedule: {
    usage: 'schedule <id>',
    description: 'open a pipeline schedule of the current project',
    order: 25,
    async run(ctx, args, at) {
      const schedule = await readSchedule(ctx, at, args[0]);
      if (typeof schedule === 'string') return schedule;
      pushPane(ctx, { kind: 'schedule', ...at.project!, scheduleId: schedule.id });
      return null;
    },
  },
  play: {
    usage: 'play [schedule id]',
    description: 'run a pipeline schedule now (the one in front, or by id)',
    order: 26,
    mutates: 'running schedules',
    async run(ctx, args, at) {
      if (args[0] === undefined) {
        const schedule = scheduleInFront(ctx, at);
        if (!schedule || !at.project) return 'No schedule here: :play on a schedule (its row or pane), or :play <schedule id>';
        askPlay(ctx, at.project.projectId, at.project.path, schedule);
        return null;
      }
      const schedule = await readSchedule(ctx, at, args[0]);
      if (typeof schedule === 'string') return schedule;
      askPlay(ctx, at.project!.projectId, at.project!.path, schedule);
      return null;
    },
  },
};

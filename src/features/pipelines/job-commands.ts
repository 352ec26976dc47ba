// The job keys as commands: each finds the job it acts on once (targetJob), then does what that job
// allows — a trigger job only what GitLab takes (bridges.ts), a manual job's `p` its variables
// form, a deploy job's `r` a question naming what will run (what-runs.ts), any other job the jobs
// feature's action (features/jobs/actions.ts). Read-only mode is the controller's business (`mutates`).
import type { Job } from '../../api/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import { withRuns, type Command, type CommandRun } from '../../store/command.js';
import type { Ctx } from '../../store/ctx.js';
import { listKeyOf } from '../../store/sources.js';
import { toast } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { downloadArtifacts, jobAction, jobScopePrompt, listsJobs, targetJob, type JobVerb } from '../jobs/index.js';
import { bridgeAction, isBridge } from './bridges.js';
import { JOB_BINDINGS } from './job-bindings.js';
import { environmentOf, isDeployJob, openPlayForm } from './run-form-actions.js';
import { confirmRun, jobTarget } from './what-runs.js';

type JobPane = Extract<Pane, { projectId: number; path: string }>;

/** A job key: the job in front or selected, found once; null when there is none (yet). */
function onJob(act: (ctx: Ctx, job: Job, pane: JobPane) => void): CommandRun {
  return {
    rows: true,
    run(ctx, pane) {
      const job = targetJob(ctx, pane);
      if (!job || !('projectId' in pane)) return void toast(ctx.store, 'info', 'No job selected (still loading?)');
      act(ctx, job, pane);
    },
  };
}

/** retry, cancel, play, erase, keep: a trigger job's own rules first, then the jobs feature's action. */
function verb(verb: JobVerb, special?: (ctx: Ctx, job: Job, pane: JobPane) => boolean): CommandRun {
  return {
    ...onJob((ctx, job, pane) => {
      if (isBridge(job) && pane.kind === 'pipeline') return bridgeAction(ctx, verb, job, pane);
      if (special?.(ctx, job, pane)) return;
      jobAction(ctx, verb, job, pane.projectId, pane.path);
    }),
    refusal: () => (verb === 'keep' ? 'keeping artifacts' : verb),
  };
}

const RUNS: Partial<Record<CommandId, CommandRun>> = {
  'pipeline.jobScope': {
    run(ctx, pane) {
      const key = listKeyOf(pane);
      if (key && listsJobs(pane)) jobScopePrompt(ctx, key);
    },
  },
  // A deploy job retried deploys again: ask, naming what will run and anything newer (what-runs.ts).
  'job.retry': verb('retry', (ctx, job, pane) => {
    const state = ctx.store.getState();
    if (!isDeployJob(state, job)) return false;
    const env = environmentOf(state, job);
    confirmRun(
      ctx,
      {
        message: `Retry ${safeText(job.name, 60)}${env ? ` → ${safeText(env, 40)}` : ''}?`,
        detail: `A new job deploys${env ? ` to ${safeText(env, 40)}` : ''} again.`,
        yes: { command: 'job.confirmed', args: { verb: 'retry', job, projectId: pane.projectId, path: pane.path } },
      },
      jobTarget(job, pane.projectId, env),
      { older: 'this deploys an older commit' },
    );
    return true;
  }),
  'job.cancel': verb('cancel'),
  // A manual job: its variables first (none by default: Enter plays at once).
  'job.play': verb('play', (ctx, job, pane) => {
    if (job.status !== 'manual') return false;
    openPlayForm(ctx, job, pane.projectId, pane.path);
    return true;
  }),
  'job.erase': verb('erase'),
  'job.keep': verb('keep'),
  'job.download': onJob((ctx, job, pane) =>
    isBridge(job) && pane.kind === 'pipeline' ? bridgeAction(ctx, 'download', job, pane) : downloadArtifacts(ctx, job, pane.projectId),
  ),
};

export const JOB_COMMANDS: Command[] = withRuns(JOB_BINDINGS, RUNS);

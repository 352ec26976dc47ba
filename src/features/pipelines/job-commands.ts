// The job keys as commands: each finds the job it acts on once (targetJob), then does what that job
// allows — a trigger job only what GitLab takes (bridges.ts), a manual job's `p` its variables
// form, a deploy job's `r` a question naming what will run (store/confirm-run.ts), any other job the jobs
// feature's action (features/jobs/actions.ts). Read-only mode is the controller's business (`mutates`).
import type { Job } from '../../api/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import { withRuns, type Command, type CommandRun } from '../../store/command.js';
import type { Ctx } from '../../store/ctx.js';
import { toast } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import { downloadArtifacts, jobAction, jobScopePrompt, jobsListOf, targetJob, type JobVerb } from '../jobs/index.js';
import { bridgeAction, isBridge, type BridgeVerb } from './bridges.js';
import { JOB_BINDINGS } from './job-bindings.js';
import { environmentOf, isDeployJob, openPlayForm } from './run-form-actions.js';
import { confirmRun, DEPLOYS_OLDER, jobRun } from '../../store/confirm-run.js';

/** Where a job is: its project (a pipeline's, a project's jobs, or `:jobs` across projects). */
export interface JobAt {
  projectId: number;
  path: string;
}

export type JobKey = 'job.retry' | 'job.cancel' | 'job.play' | 'job.erase' | 'job.keep' | 'job.download';

/** A job verb on a job that is no trigger job: the job's own rules first (`special`), then the jobs feature's action. */
const verb =
  (verb: JobVerb, special?: (ctx: Ctx, job: Job, at: JobAt) => boolean) =>
  (ctx: Ctx, job: Job, at: JobAt): void => {
    if (!special?.(ctx, job, at)) jobAction(ctx, verb, job, at.projectId, at.path);
  };

/**
 * What each job key does to a job, wherever it is listed (features/alljobs runs these on its rows).
 * A trigger job's rules are the pipeline pane's (JOB_COMMANDS below): it lists them.
 */
export const JOB_KEYS: Record<JobKey, (ctx: Ctx, job: Job, at: JobAt) => void> = {
  // A deploy job retried deploys again: ask, naming what will run and anything newer (store/confirm-run.ts).
  'job.retry': verb('retry', (ctx, job, at) => {
    const state = ctx.store.getState();
    if (!isDeployJob(state, job)) return false;
    const env = environmentOf(state, job);
    confirmRun(ctx, {
      message: `Retry ${safeText(job.name, 60)}${env ? ` → ${safeText(env, 40)}` : ''}?`,
      detail: `A new job deploys${env ? ` to ${safeText(env, 40)}` : ''} again.`,
      yes: { owner: 'jobs', command: 'job.confirmed', args: { verb: 'retry', job, projectId: at.projectId, path: at.path } },
      target: jobRun(job, at.projectId, env),
      newer: DEPLOYS_OLDER,
    });
    return true;
  }),
  'job.cancel': verb('cancel'),
  // A manual job: its variables first (none by default: Enter plays at once).
  'job.play': verb('play', (ctx, job, at) => {
    if (job.status !== 'manual') return false;
    openPlayForm(ctx, job, at.projectId, at.path);
    return true;
  }),
  'job.erase': verb('erase'),
  'job.keep': verb('keep'),
  'job.download': (ctx, job, at) => downloadArtifacts(ctx, job, at.projectId),
};

/** What a trigger job is asked for each key (bridges.ts bridgeAction). */
const BRIDGE_VERBS: Record<JobKey, BridgeVerb> = {
  'job.retry': 'retry',
  'job.cancel': 'cancel',
  'job.play': 'play',
  'job.erase': 'erase',
  'job.keep': 'keep',
  'job.download': 'download',
};

const REFUSALS: Partial<Record<JobKey, string>> = {
  'job.retry': 'retry',
  'job.cancel': 'cancel',
  'job.play': 'play',
  'job.erase': 'erase',
  'job.keep': 'keeping artifacts',
};

/** How read-only mode names a job key it refuses ("keeping artifacts"). */
export const jobRefusal = (command: JobKey): string => REFUSALS[command] ?? command;

/** A job key on the job in front or selected, found once; a trigger job in a pipeline takes only what GitLab allows. */
function onJob(command: JobKey): CommandRun {
  return {
    rows: true,
    refusal: () => jobRefusal(command),
    run(ctx, pane) {
      const job = targetJob(ctx, pane);
      if (!job || !('projectId' in pane)) return void toast(ctx.store, 'info', 'No job selected (still loading?)');
      if (isBridge(job) && pane.kind === 'pipeline') return bridgeAction(ctx, BRIDGE_VERBS[command], job, pane);
      JOB_KEYS[command](ctx, job, pane);
    },
  };
}

const RUNS: Partial<Record<CommandId, CommandRun>> = {
  'pipeline.jobScope': {
    run(ctx, pane) {
      const key = jobsListOf(pane);
      if (key) jobScopePrompt(ctx, key);
    },
  },
  ...Object.fromEntries((Object.keys(JOB_KEYS) as JobKey[]).map((command) => [command, onJob(command)])),
};

export const JOB_COMMANDS: Command[] = withRuns(JOB_BINDINGS, RUNS);

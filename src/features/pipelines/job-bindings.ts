// The job keys (their handlers: job-commands.ts): on the selected job of a pipeline or a project's
// jobs, or the job shown. They are this feature's, not the jobs feature's, because what a key does
// depends on the job: a trigger job (bridges.ts) takes only what GitLab allows, a manual job's `p`
// opens its variables form, a deploy job's `r` asks first — all of them this feature's.
import type { Binding, Scope } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'pipeline.jobScope': true;
    'job.retry': true;
    'job.cancel': true;
    'job.play': true;
    'job.erase': true;
    'job.keep': true;
    'job.download': true;
  }
}

// allJobs: `:jobs` across projects (features/alljobs) hands these keys on to this feature.
const JOB_TARGETS: Scope[] = ['pipeline', 'jobs', 'job', 'allJobs'];

export const JOB_BINDINGS: Binding[] = [
  {
    command: 'pipeline.jobScope',
    keys: ['s'],
    description: 'Filter jobs by status (one or several)',
    category: 'Views',
    scopes: ['pipeline', 'jobs'],
    hint: 's status',
    rank: { pipeline: 6, jobs: 5 },
  },
  // `r` is the object under the cursor everywhere: here the job (the pipeline is ^r, pipelines' bindings).
  {
    command: 'job.retry',
    keys: ['r'],
    description: 'Retry the job (the selected one, or the job shown)',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'r retry job',
    mutates: true,
    rank: { 'job:failed': 2, pipeline: 2, jobs: 2, job: 5 },
  },
  {
    command: 'job.cancel',
    keys: ['c'],
    description: 'Cancel the job (asks first)',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'c cancel',
    mutates: true,
    rank: { 'job:running': 3 },
  },
  {
    command: 'job.play',
    keys: ['p'],
    description: 'Play a manual job (its variables first; a deploy asks)',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'p play',
    mutates: true,
    rank: { 'job:manual': 1, allJobs: 1 },
  },
  {
    command: 'job.erase',
    keys: ['E'],
    description: 'Erase the job’s log and artifacts (asks first)',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'E erase',
    mutates: true,
  },
  {
    command: 'job.keep',
    keys: ['K'],
    description: 'Keep the job’s artifacts from expiring',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'K keep',
    mutates: true,
  },
  {
    command: 'job.download',
    keys: ['d'],
    description: 'Download the job’s artifacts to a file',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'd download',
    rank: { 'job:failed': 5, 'job:success': 3 },
  },
];

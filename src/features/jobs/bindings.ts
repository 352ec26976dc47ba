// The jobs feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding, Scope } from '../../keymap/bindings.js';

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

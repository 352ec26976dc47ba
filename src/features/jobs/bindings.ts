// The jobs feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding, Scope } from '../../keymap/bindings.js';

const JOB_TARGETS: Scope[] = ['pipeline', 'jobs', 'job'];

export const JOB_BINDINGS: Binding[] = [
  {
    command: 'pipeline.jobScope',
    keys: ['s'],
    description: 'Filter jobs by status (one or several)',
    category: 'Views',
    scopes: ['pipeline', 'jobs'],
    hint: 's status',
  },
  { command: 'job.retry', keys: ['r'], description: 'Retry the job', category: 'Actions', scopes: JOB_TARGETS, hint: 'r retry', mutates: true },
  { command: 'job.cancel', keys: ['c'], description: 'Cancel the job (asks first)', category: 'Actions', scopes: JOB_TARGETS, hint: 'c cancel', mutates: true },
  {
    command: 'job.play',
    keys: ['p'],
    description: 'Play a manual job (its variables first; a deploy asks)',
    category: 'Actions',
    scopes: JOB_TARGETS,
    hint: 'p play',
    mutates: true,
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
  { command: 'job.download', keys: ['d'], description: 'Download the job’s artifacts to a file', category: 'Actions', scopes: JOB_TARGETS, hint: 'd download' },
];

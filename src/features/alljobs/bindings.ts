// `:jobs`'s shortcuts: the job keys of a project's Jobs tab, on the job under the cursor (their
// handlers: this folder's feature.ts, which hands them to the jobs and pipelines features).
// Merged into the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const ALL_JOBS_BINDINGS: Binding[] = [
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the job (its log)', category: 'Move', scopes: ['allJobs'], hint: '⏎ log' },
  {
    command: 'job.play',
    keys: ['p'],
    description: 'Play the manual job (a deploy asks)',
    category: 'Actions',
    scopes: ['allJobs'],
    hint: 'p play',
    mutates: true,
  },
  { command: 'job.retry', keys: ['r'], description: 'Retry the job', category: 'Actions', scopes: ['allJobs'], hint: 'r retry', mutates: true },
  { command: 'job.cancel', keys: ['c'], description: 'Cancel the job (asks first)', category: 'Actions', scopes: ['allJobs'], hint: 'c cancel', mutates: true },
  {
    command: 'job.erase',
    keys: ['E'],
    description: 'Erase the job’s log and artifacts (asks first)',
    category: 'Actions',
    scopes: ['allJobs'],
    hint: 'E erase',
    mutates: true,
  },
  {
    command: 'job.keep',
    keys: ['K'],
    description: 'Keep the job’s artifacts from expiring',
    category: 'Actions',
    scopes: ['allJobs'],
    hint: 'K keep',
    mutates: true,
  },
  { command: 'job.download', keys: ['d'], description: 'Download the job’s artifacts to a file', category: 'Actions', scopes: ['allJobs'], hint: 'd download' },
];

// `:jobs`'s own shortcut, Enter (its handler: this folder's feature.ts). The job keys of a project's
// Jobs tab are the jobs feature's bindings, which name this pane's scope too
// (features/jobs/bindings.ts): one binding per command, so a user's keys rebind them everywhere.
// Merged into the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const ALL_JOBS_BINDINGS: Binding[] = [
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the job (its log)', category: 'Move', scopes: ['allJobs'], hint: '⏎ log' },
];

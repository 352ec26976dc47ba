// The failure digest's shortcuts (their handlers: this folder's feature.ts). Merged into the keymap
// by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'pipeline.failures': true;
    'failures.retry': true;
  }
}

export const FAILURE_BINDINGS: Binding[] = [
  {
    command: 'pipeline.failures',
    keys: ['X'],
    description: 'Why it failed: every failed job here and downstream, with its failure line',
    category: 'Views',
    scopes: ['pipeline'],
    hint: 'X why failed',
  },
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the job’s log at its failure line',
    category: 'Move',
    scopes: ['failures'],
    hint: '⏎ log at the failure',
  },
  {
    command: 'failures.retry',
    keys: ['r'],
    description: 'Retry the failed jobs (retries the pipeline; asks first, counting them)',
    category: 'Actions',
    scopes: ['failures'],
    hint: 'r retry failed',
    mutates: true,
  },
];

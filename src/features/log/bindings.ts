// The log feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'log.follow': true;
    'log.fold': true;
    'log.foldAll': true;
    'log.search': true;
    'log.next': true;
    'log.prev': true;
    'log.failure': true;
    'log.timestamps': true;
    'log.save': true;
    'log.wrap': true;
    'log.details': true;
    'log.pager': true;
    'log.editor': true;
    'log.copyLine': true;
  }
}

export const LOG_BINDINGS: Binding[] = [
  {
    command: 'log.follow',
    keys: ['f'],
    description: 'Follow the log as it grows (on/off); G also resumes',
    category: 'Views',
    scopes: ['job'],
    hint: 'f follow',
    rank: { 'job:running': 1, job: 3 },
  },
  {
    command: 'log.fold',
    keys: ['space', 'z'],
    description: 'Fold or unfold the section under the cursor',
    category: 'Views',
    scopes: ['job'],
    hint: 'z fold',
    rank: { job: 4 },
  },
  { command: 'log.foldAll', keys: ['Z'], description: 'Fold or unfold every section', category: 'Views', scopes: ['job'] },
  {
    command: 'log.search',
    keys: ['/'],
    description: 'Search the whole log (text, or /regex/)',
    category: 'Views',
    scopes: ['job'],
    hint: '/ search',
    rank: { 'job:failed': 3, 'job:running': 2, 'job:success': 1, job: 2 },
  },
  { command: 'log.next', keys: ['n'], description: 'Next match', category: 'Views', scopes: ['job'] },
  { command: 'log.prev', keys: ['N'], description: 'Previous match', category: 'Views', scopes: ['job'] },
  // On a failed job's log the key that finds the real error comes first in the footer.
  {
    command: 'log.failure',
    keys: ['F'],
    description: 'Jump to the first failure line',
    category: 'Views',
    scopes: ['job'],
    hint: 'F failure',
    rank: { 'job:failed': 1, job: 6 },
  },
  { command: 'log.timestamps', keys: ['t'], description: 'Show or hide timestamps (logs with FF_TIMESTAMPS)', category: 'Views', scopes: ['job'] },
  { command: 'log.save', keys: ['w'], description: 'Save the log to a file', category: 'Actions', scopes: ['job'] },
  { command: 'log.wrap', keys: ['W'], description: 'Wrap long lines (on/off)', category: 'Views', scopes: ['job'] },
  {
    command: 'log.details',
    keys: ['i'],
    description: 'All job fields above the log (on/off)',
    category: 'Views',
    scopes: ['job'],
    hint: 'i details',
    rank: { 'job:failed': 4 },
  },
  { command: 'log.pager', keys: ['|'], description: 'Open the log in your $PAGER (less -R when unset)', category: 'Views', scopes: ['job'] },
  {
    command: 'log.editor',
    keys: ['v'],
    description: 'Open the log in your $VISUAL/$EDITOR at the cursor’s line (a copy)',
    category: 'Views',
    scopes: ['job'],
  },
  { command: 'log.copyLine', keys: ['Y'], description: 'Copy the line under the cursor (OSC 52)', category: 'Actions', scopes: ['job'] },
];

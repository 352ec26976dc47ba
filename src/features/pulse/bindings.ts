// The pulse's shortcuts (its handlers: feature.ts). Merged into the keymap by src/store/keymap.ts;
// its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'pulse.openFailure': true;
  }
}

export const PULSE_BINDINGS: Binding[] = [
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the project', category: 'Move', scopes: ['pulse'], hint: '⏎ project' },
  {
    command: 'pulse.openFailure',
    keys: ['f'],
    description: 'Open the project’s newest failed pipeline',
    category: 'Move',
    scopes: ['pulse'],
    hint: 'f failure',
  },
  // The lists' `/` (src/keymap/bindings.ts), on the pulse's rows: by project path.
  {
    command: 'list.filter',
    keys: ['/'],
    description: 'Filter the projects by path (type to narrow, enter to keep, esc to clear)',
    category: 'Views',
    scopes: ['pulse'],
    hint: '/ filter',
  },
];

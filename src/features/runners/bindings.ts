// The runners feature's shortcuts (their handlers: this folder's feature.ts). Merged into the keymap
// by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'runner.pause': true;
  }
}

export const RUNNER_BINDINGS: Binding[] = [
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the runner: its machines, recent jobs and failures',
    category: 'Move',
    scopes: ['runners'],
    hint: '⏎ runner',
  },
  {
    command: 'runner.pause',
    keys: ['space'],
    description: 'Pause or resume the runner (asks first, naming the jobs it runs now)',
    category: 'Actions',
    scopes: ['runners', 'runner'],
    hint: 'space pause/resume',
    mutates: true,
  },
];

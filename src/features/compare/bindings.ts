// The comparison's shortcuts (their handlers: this folder's feature.ts). Merged into the keymap by
// src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'pipeline.compare': true;
    'compare.open': true;
  }
}

export const COMPARE_BINDINGS: Binding[] = [
  {
    command: 'pipeline.compare',
    keys: ['C'],
    description: 'Compare with the last successful pipeline on the same ref',
    category: 'Views',
    scopes: ['pipeline'],
    hint: 'C compare',
  },
  {
    command: 'compare.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the pipeline it is compared with',
    category: 'Move',
    scopes: ['compare'],
    hint: '⏎ open the green one',
  },
];

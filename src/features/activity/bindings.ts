// The activity feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'events.filters': true;
  }
}

export const ACTIVITY_BINDINGS: Binding[] = [
  {
    command: 'events.filters',
    keys: ['f'],
    description: 'Activity filters: action, target type, before/after date, sort',
    category: 'Views',
    scopes: ['events'],
    hint: 'f filters',
  },
];

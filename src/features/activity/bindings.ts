// The activity feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

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

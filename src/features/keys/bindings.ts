// The keys feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const KEY_BINDINGS: Binding[] = [
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Show the key owner’s activity',
    category: 'Move',
    scopes: ['key'],
    hint: '⏎ their activity',
  },
];

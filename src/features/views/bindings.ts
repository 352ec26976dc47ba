// A saved view's shortcuts (their handlers: this folder's feature.ts). Merged into the keymap by
// src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const VIEW_BINDINGS: Binding[] = [
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the pipeline', category: 'Move', scopes: ['view'], hint: '⏎ pipeline' },
];

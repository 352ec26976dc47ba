// `:mrs`'s shortcuts (their handler: this folder's feature.ts). Merged into the keymap by
// src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const MRS_BINDINGS: Binding[] = [
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the merge request’s pipelines',
    category: 'Move',
    scopes: ['mrs'],
    hint: '⏎ pipelines',
  },
];

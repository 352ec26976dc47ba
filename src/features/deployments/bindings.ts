// The deployments feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const DEPLOYMENT_BINDINGS: Binding[] = [
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the deployment’s job and its log',
    category: 'Move',
    scopes: ['deployment'],
    hint: '⏎ job',
  },
];

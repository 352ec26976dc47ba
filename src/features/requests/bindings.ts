// The request log's shortcuts (their handlers: this folder's feature.ts). Merged into the keymap
// by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const REQUEST_BINDINGS: Binding[] = [
  {
    command: 'requests.copyCurl',
    keys: ['y'],
    description: 'Copy the request as a curl command ($GITLAB_TOKEN stands for the token)',
    category: 'Actions',
    scopes: ['requests'],
    hint: 'y copy as curl',
  },
];

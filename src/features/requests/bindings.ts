// The request log's shortcuts (their handlers: this folder's feature.ts). Merged into the keymap
// by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'requests.copyCurl': true;
  }
}

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

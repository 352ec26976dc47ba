// The environments feature's shortcuts (their handlers: this folder's feature.ts). Merged into the
// keymap by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'env.rollback': true;
    'env.approve': true;
    'env.reject': true;
    'env.stop': true;
  }
}

export const ENVIRONMENT_BINDINGS: Binding[] = [
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the environment: its deployments',
    category: 'Move',
    scopes: ['environments'],
    hint: '⏎ deployments',
    rank: { environments: 1 },
  },
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the deployment',
    category: 'Move',
    scopes: ['environment'],
    hint: '⏎ deployment',
    rank: { environment: 2 },
  },
  {
    command: 'env.rollback',
    keys: ['B'],
    description: 'Roll the environment back: re-run the deploy job of the previous successful deployment (or the one selected in its pane)',
    category: 'Actions',
    scopes: ['environments', 'environment'],
    hint: 'B roll back',
    rank: { environments: 2, environment: 1 },
    mutates: true,
  },
  {
    command: 'env.approve',
    keys: ['A'],
    description: 'Approve the deployment waiting for an approval',
    category: 'Actions',
    scopes: ['environment'],
    hint: 'A approve',
    rank: { environment: 3 },
    mutates: true,
  },
  {
    command: 'env.reject',
    keys: ['X'],
    description: 'Reject the deployment waiting for an approval',
    category: 'Actions',
    scopes: ['environment'],
    mutates: true,
  },
  {
    command: 'env.stop',
    keys: ['S'],
    description: 'Stop the environment',
    category: 'Actions',
    scopes: ['environments', 'environment'],
    hint: 'S stop',
    mutates: true,
  },
];

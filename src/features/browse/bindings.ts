// The artifacts browser's shortcuts (their handlers: this folder's feature.ts). Merged into the
// keymap by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'job.browse': true;
    'browse.save': true;
    'browse.pager': true;
  }
}

export const BROWSE_BINDINGS: Binding[] = [
  {
    command: 'job.browse',
    keys: ['b'],
    description: 'Browse the job’s artifacts: the archive’s files as a tree',
    category: 'Views',
    scopes: ['pipeline', 'jobs', 'job'],
    hint: 'b browse artifacts',
    rank: { 'job:success': 4 },
  },
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open or close the folder; show the file',
    category: 'Move',
    scopes: ['browse'],
    hint: '⏎ open',
  },
  {
    command: 'browse.save',
    keys: ['s'],
    description: 'Save the file to the downloads directory (asks where)',
    category: 'Actions',
    scopes: ['browse', 'artifactFile'],
    hint: 's save file',
  },
  {
    command: 'browse.pager',
    keys: ['|'],
    description: 'Open the text file in your $PAGER (less -R when unset), as | does with a log',
    category: 'Views',
    scopes: ['browse', 'artifactFile'],
    hint: '| pager',
  },
];

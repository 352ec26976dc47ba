// The pipelines feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; its command ids are declared below.
import type { Binding } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
// The form keys (form.*) are declared by the schedules feature too: each declares the ids it binds.
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'pipelines.filters': true;
    'pipeline.new': true;
    'pipeline.retry': true;
    'pipeline.cancel': true;
    'pipeline.toggleGraph': true;
    'pipeline.nextFailed': true;
    'mr.newPipeline': true;
    'pipeline.details': true;
    'pipeline.tests': true;
    'tests.log': true;
    'tests.back': true;
    'tests.down': true;
    'tests.up': true;
    'tests.sortFailures': true;
    'tests.pageDown': true;
    'tests.pageUp': true;
    'pipeline.mark': true;
    'form.next': true;
    'form.prev': true;
    'form.submit': true;
    'form.cancel': true;
  }
}

export const PIPELINE_BINDINGS: Binding[] = [
  {
    command: 'pipelines.filters',
    keys: ['f'],
    description: 'Pipeline filters: scope, status, ref, yaml errors, user, order, sort',
    category: 'Views',
    scopes: ['pipelines'],
    hint: 'f filters',
    rank: { pipelines: 3 },
  },
  {
    command: 'pipeline.new',
    keys: ['N'],
    description: 'New pipeline: ref, variables, inputs (a form)',
    category: 'Actions',
    scopes: ['pipelines', 'pipeline'],
    hint: 'N new',
    mutates: true,
    rank: { pipelines: 5 },
  },
  // `r` retries the object under the cursor: in a list of pipelines, the pipeline; inside a
  // pipeline, the selected job (jobs' bindings), and ^r the pipeline.
  {
    command: 'pipeline.retry',
    keys: ['r'],
    description: 'Retry the selected pipeline (its failed and canceled jobs)',
    category: 'Actions',
    scopes: ['pipelines'],
    hint: 'r retry pipeline',
    mutates: true,
    rank: { pipelines: 2 },
  },
  {
    command: 'pipeline.retry',
    keys: ['ctrl+r'],
    description: 'Retry this pipeline (its failed and canceled jobs)',
    category: 'Actions',
    scopes: ['pipeline'],
    hint: '^r retry pipeline',
    mutates: true,
    rank: { pipeline: 5 },
  },
  {
    command: 'pipeline.cancel',
    keys: ['c'],
    description: 'Cancel the pipeline (asks first)',
    category: 'Actions',
    scopes: ['pipelines'],
    hint: 'c cancel',
    mutates: true,
  },
  {
    command: 'pipeline.cancel',
    keys: ['ctrl+x'],
    description: 'Cancel this pipeline (asks first)',
    category: 'Actions',
    scopes: ['pipeline'],
    hint: '^x cancel pipeline',
    mutates: true,
  },
  {
    command: 'pipeline.toggleGraph',
    keys: ['v'],
    description: 'Cycle the jobs’ view: list → stage graph → timeline',
    category: 'Views',
    scopes: ['pipeline'],
    hint: 'v view',
    rank: { pipeline: 7 },
  },
  // failed jobs, merge requests
  {
    command: 'pipeline.nextFailed',
    keys: ['F'],
    description: 'Next failed job',
    category: 'Move',
    scopes: ['pipeline'],
    hint: 'F failed',
    rank: { pipeline: 3 },
  },
  {
    command: 'mr.newPipeline',
    keys: ['N'],
    description: 'New pipeline for the merge request',
    category: 'Actions',
    scopes: ['mergeRequest'],
    hint: 'N new pipeline',
    mutates: true,
  },
  // run form: `N` new pipeline, `p` on a manual job (features/pipelines/run-form*.ts)
  {
    command: 'form.submit',
    keys: ['enter', 'ctrl+s'],
    description: 'Run the pipeline / play the job with these variables',
    category: 'Actions',
    scopes: ['runForm'],
    hint: '⏎ run',
    mutates: true,
  },
  { command: 'form.next', keys: ['tab', 'down'], description: 'Next line', category: 'Move', scopes: ['runForm'], hint: 'tab next' },
  { command: 'form.prev', keys: ['shift+tab', 'up'], description: 'Previous line', category: 'Move', scopes: ['runForm'] },
  {
    command: 'form.cancel',
    keys: ['escape'],
    description: 'Cancel (asks when something was typed)',
    category: 'Actions',
    scopes: ['runForm'],
    hint: 'esc cancel',
  },
  // pipeline details and the Tests view (features/pipelines/pipeline-extras.ts, tests-view.ts)
  {
    command: 'pipeline.details',
    keys: ['i'],
    description: 'Pipeline details: variables with their values, test suites (on/off)',
    category: 'Views',
    scopes: ['pipeline'],
    hint: 'i details',
    rank: { pipeline: 8 },
  },
  {
    command: 'pipeline.tests',
    keys: ['T'],
    description: 'Tests view: the test report, failed cases first',
    category: 'Views',
    scopes: ['pipeline'],
    hint: 'T tests',
    rank: { pipeline: 4 },
  },
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Show the case’s output (again: back to the list)',
    category: 'Move',
    scopes: ['tests'],
    hint: '⏎ output',
  },
  {
    command: 'tests.sortFailures',
    keys: ['F'],
    description: 'Sort by failures across the ref’s last 5 pipelines (again: failed first)',
    category: 'Views',
    scopes: ['tests'],
    hint: 'F most failing',
  },
  { command: 'tests.log', keys: ['L'], description: 'Open the case’s job log at the failing line', category: 'Views', scopes: ['tests'], hint: 'L log' },
  { command: 'tests.down', keys: ['j', 'down'], description: 'Next case (in a case’s output: scroll down)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.up', keys: ['k', 'up'], description: 'Previous case (in a case’s output: scroll up)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.pageDown', keys: ['pagedown', 'ctrl+d'], description: 'Page down (cases or output)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.pageUp', keys: ['pageup', 'ctrl+u'], description: 'Page up (cases or output)', category: 'Move', scopes: ['tests'] },
  {
    command: 'tests.back',
    keys: ['escape', 'h', 'left', 'backspace'],
    description: 'Close the case’s output, then the Tests view',
    category: 'Move',
    scopes: ['tests'],
    hint: 'esc back',
  },
  // watched pipelines (features/marks)
  {
    command: 'pipeline.mark',
    keys: ['m'],
    description: 'Watch the pipeline: be told when it ends (toast, bell, desktop notification, title)',
    category: 'Actions',
    scopes: ['pipelines', 'pipeline'],
  },
];

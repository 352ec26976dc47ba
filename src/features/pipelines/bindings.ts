// The pipelines feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const PIPELINE_BINDINGS: Binding[] = [
  { command: 'pipelines.filters', keys: ['f'], description: 'Pipeline filters: scope, status, ref, yaml errors, user, order, sort', category: 'Views', scopes: ['pipelines'], hint: 'f filters' },
  { command: 'pipeline.new', keys: ['N'], description: 'New pipeline: ref, variables, inputs (a form)', category: 'Actions', scopes: ['pipelines', 'pipeline'], hint: 'N new', mutates: true },
  { command: 'pipeline.retry', keys: ['r'], description: 'Retry the failed jobs of the pipeline', category: 'Actions', scopes: ['pipelines'], hint: 'r retry', mutates: true },
  { command: 'pipeline.retry', keys: ['ctrl+r'], description: 'Retry the failed jobs of this pipeline', category: 'Actions', scopes: ['pipeline'], hint: '^r retry pipeline', mutates: true },
  { command: 'pipeline.cancel', keys: ['c'], description: 'Cancel the pipeline (asks first)', category: 'Actions', scopes: ['pipelines'], hint: 'c cancel', mutates: true },
  { command: 'pipeline.cancel', keys: ['ctrl+x'], description: 'Cancel this pipeline (asks first)', category: 'Actions', scopes: ['pipeline'], hint: '^x cancel pipeline', mutates: true },
  { command: 'pipeline.toggleGraph', keys: ['v'], description: 'Cycle the jobs’ view: list → stage graph → timeline', category: 'Views', scopes: ['pipeline'], hint: 'v view' },
  // failed jobs, merge requests (issue 13)
  { command: 'pipeline.nextFailed', keys: ['F'], description: 'Next failed job', category: 'Move', scopes: ['pipeline'], hint: 'F failed' },
  { command: 'mr.newPipeline', keys: ['N'], description: 'New pipeline for the merge request', category: 'Actions', scopes: ['mergeRequest'], hint: 'N new pipeline', mutates: true },
  // run form: `N` new pipeline, `p` on a manual job (issue 13; features/pipelines/run-form*.ts)
  { command: 'form.submit', keys: ['enter', 'ctrl+s'], description: 'Run the pipeline / play the job with these variables', category: 'Actions', scopes: ['runForm'], hint: '⏎ run', mutates: true },
  { command: 'form.next', keys: ['tab', 'down'], description: 'Next line', category: 'Move', scopes: ['runForm'], hint: 'tab next' },
  { command: 'form.prev', keys: ['shift+tab', 'up'], description: 'Previous line', category: 'Move', scopes: ['runForm'] },
  { command: 'form.cancel', keys: ['escape'], description: 'Cancel (asks when something was typed)', category: 'Actions', scopes: ['runForm'], hint: 'esc cancel' },
  // pipeline details and the Tests view (issue 13; features/pipelines/pipeline-extras.ts, tests-view.ts)
  { command: 'pipeline.details', keys: ['i'], description: 'Pipeline details: variables with their values, test suites (on/off)', category: 'Views', scopes: ['pipeline'], hint: 'i details' },
  { command: 'pipeline.tests', keys: ['T'], description: 'Tests view: the test report, failed cases first', category: 'Views', scopes: ['pipeline'], hint: 'T tests' },
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Show the case’s output (again: back to the list)', category: 'Move', scopes: ['tests'], hint: '⏎ output' },
  { command: 'tests.log', keys: ['L'], description: 'Open the case’s job log at the failing line', category: 'Views', scopes: ['tests'], hint: 'L log' },
  { command: 'tests.down', keys: ['j', 'down'], description: 'Next case (in a case’s output: scroll down)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.up', keys: ['k', 'up'], description: 'Previous case (in a case’s output: scroll up)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.pageDown', keys: ['pagedown', 'ctrl+d'], description: 'Page down (cases or output)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.pageUp', keys: ['pageup', 'ctrl+u'], description: 'Page up (cases or output)', category: 'Move', scopes: ['tests'] },
  { command: 'tests.back', keys: ['escape', 'h', 'left', 'backspace'], description: 'Close the case’s output, then the Tests view', category: 'Move', scopes: ['tests'], hint: 'esc back' },
  // watched pipelines (issue 14)
  { command: 'pipeline.mark', keys: ['m'], description: 'Watch the pipeline: be told when it ends (toast, bell, desktop notification, title)', category: 'Actions', scopes: ['pipelines', 'pipeline'] },
];

// The pipelines feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; command ids are declared in src/keymap/bindings.ts.
import type { Binding } from '../../keymap/bindings.js';

export const PIPELINE_BINDINGS: Binding[] = [
  { command: 'pipelines.filters', keys: ['f'], description: 'Pipeline filters: scope, status, ref, yaml errors, user, order, sort', category: 'Views', scopes: ['pipelines'], hint: 'f filters' },
  { command: 'pipeline.new', keys: ['N'], description: 'New pipeline for a ref', category: 'Actions', scopes: ['pipelines', 'pipeline'], hint: 'N new', mutates: true },
  { command: 'pipeline.retry', keys: ['r'], description: 'Retry the failed jobs of the pipeline', category: 'Actions', scopes: ['pipelines'], hint: 'r retry', mutates: true },
  { command: 'pipeline.retry', keys: ['ctrl+r'], description: 'Retry the failed jobs of this pipeline', category: 'Actions', scopes: ['pipeline'], hint: '^r retry pipeline', mutates: true },
  { command: 'pipeline.cancel', keys: ['c'], description: 'Cancel the pipeline (asks first)', category: 'Actions', scopes: ['pipelines'], hint: 'c cancel', mutates: true },
  { command: 'pipeline.cancel', keys: ['ctrl+x'], description: 'Cancel this pipeline (asks first)', category: 'Actions', scopes: ['pipeline'], hint: '^x cancel pipeline', mutates: true },
  { command: 'pipeline.toggleGraph', keys: ['v'], description: 'Switch between job list and stage graph', category: 'Views', scopes: ['pipeline'], hint: 'v graph' },
  // failed jobs, merge requests (issue 13)
  { command: 'pipeline.nextFailed', keys: ['F'], description: 'Next failed job', category: 'Move', scopes: ['pipeline'], hint: 'F failed' },
  { command: 'mr.newPipeline', keys: ['N'], description: 'New pipeline for the merge request', category: 'Actions', scopes: ['mergeRequest'], hint: 'N new pipeline', mutates: true },
];

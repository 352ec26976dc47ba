// The pipelines feature as the core sees it: the pipeline list's source. (Its commands and the
// pipeline pane's polling are still the core's, store/controller.ts and store/polling.ts.)
import type { Feature } from '../../store/feature.js';
import { watchPipelineRows } from './hydrate.js';
import { pipelinesSource } from './source.js';

export const pipelinesFeature: Feature = {
  name: 'pipelines',
  source: pipelinesSource,
  watch: watchPipelineRows,
  // Keys go to the run form itself (controller.handleKey); this scope only feeds the footer and help.
  scopes: (pane) => (pane.kind === 'runForm' ? ['runForm'] : undefined),
};

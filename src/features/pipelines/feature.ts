// The pipelines feature as the core sees it: the pipeline list's source. (Its commands and the
// pipeline pane's polling are still the core's, store/controller.ts and store/polling.ts.)
import type { Feature } from '../../store/feature.js';
import { watchPipelineRows } from './hydrate.js';
import { pipelinesSource } from './source.js';
import { PIPELINE_BINDINGS } from './bindings.js';

export const pipelinesFeature: Feature = {
  bindings: PIPELINE_BINDINGS,
  name: 'pipelines',
  source: pipelinesSource,
  watch: watchPipelineRows,
};

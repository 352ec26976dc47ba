// The pipelines feature as the core sees it: the pipeline list's source. (Its commands and the
// pipeline pane's polling are still the core's, store/controller.ts and store/polling.ts.)
import type { Feature } from '../../store/feature.js';
import { watchPipelineRows } from './hydrate.js';
import { pipelinesSource } from './source.js';
import { refreshJobHistory } from './history.js';

export const pipelinesFeature: Feature = {
  name: 'pipelines',
  source: pipelinesSource,
  watch: watchPipelineRows,
  // A job's usual duration (job pane): its project's recent successful jobs, once per 10 minutes.
  refresh: refreshJobHistory,
};

// The pipelines slice's writers (slice.ts): the feature's code changes its records only through them.
import { sliceWriter } from '../../store/writer.js';

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writePipelines = sliceWriter('pipelines', [
  'bridges',
  'pipelineGraphs',
  'pipelineFilters',
  'runForm',
  'pipelineExtras',
  'testReports',
  'jobHistory',
  'testHistory',
]);

/** The pipeline pane's failure to read its pipeline, in the core's `loadErrors` (its summary says it while it has no pipeline). */
export const pipelineLoadKey = (pipelineId: number) => `pipeline:${pipelineId}`;

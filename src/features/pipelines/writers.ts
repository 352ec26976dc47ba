// The pipelines slice's writers (slice.ts): the feature's code changes its records only through them.
import type { Pipeline, PipelineBasic } from '../../api/index.js';
import type { AppStore } from '../../store/store.js';
import { sliceWriter } from '../../store/writer.js';

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writePipelines = sliceWriter('pipelines', [
  'pipelines',
  'bridges',
  'pipelineGraphs',
  'mergeRequests',
  'pipelineFilters',
  'runForm',
  'pipelineExtras',
  'testReports',
  'jobHistory',
  'testHistory',
]);

/** The pipeline pane's failure to read its pipeline, in the core's `loadErrors` (its summary says it while it has no pipeline). */
export const pipelineLoadKey = (pipelineId: number) => `pipeline:${pipelineId}`;

/** Merges pipeline list rows (the short form) into the kept pipelines, keeping a full read's extra fields. */
export function mergePipelines(store: AppStore, rows: readonly PipelineBasic[]): void {
  writePipelines(store, (s) => {
    const pipelines = { ...s.pipelines };
    for (const p of rows) pipelines[p.id] = { ...(pipelines[p.id] ?? {}), ...p } as Pipeline;
    return { pipelines };
  });
}

/** Keeps a pipeline read in full (its pane, a retry's target, a mark's poll). */
export function rememberPipeline(store: AppStore, pipeline: Pipeline): void {
  writePipelines(store, (s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: pipeline } }));
}

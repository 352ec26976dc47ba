// The pipelines read (list rows, opened pipelines, marked ones) and the merge requests behind `!N`
// refs: records the pipelines, marks, failures, `:mrs` and pulse features share, with their writer.
// What is read beside a pipeline for its pane (trigger jobs, variables, test reports) stays the
// pipelines feature's (features/pipelines/slice.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { MergeRequest, Pipeline, PipelineBasic } from '../api/index.js';
import type { AppStore } from '../store/store.js';
import type { AppState } from '../store/types.js';
import { sliceWriter } from '../store/writer.js';
import { mrKey } from './merge-request-refs.js';

export interface PipelineRecords {
  pipelines: Record<number, Pipeline>;
  /** Merge requests by `projectId!iid`, read once for `!N` refs; null when GitLab would not say. */
  mergeRequests: Record<string, MergeRequest | null>;
}

export const createPipelineRecords: StateCreator<AppState, [], [], PipelineRecords> = () => ({
  pipelines: {},
  mergeRequests: {},
});

/** The writer of these records: every feature changes them through it (store/writer.ts). */
export const writePipelineRecords = sliceWriter('pipeline records', ['pipelines', 'mergeRequests']);

/** Merges pipeline list rows (the short form) into the kept pipelines, keeping a full read's extra fields. */
export function mergePipelines(store: AppStore, rows: readonly PipelineBasic[]): void {
  writePipelineRecords(store, (s) => {
    const pipelines = { ...s.pipelines };
    for (const p of rows) pipelines[p.id] = { ...(pipelines[p.id] ?? {}), ...p } as Pipeline;
    return { pipelines };
  });
}

/** Keeps a pipeline read in full (its pane, a retry's target, a mark's poll). */
export function rememberPipeline(store: AppStore, pipeline: Pipeline): void {
  writePipelineRecords(store, (s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: pipeline } }));
}

/** Keeps a merge request read (null: GitLab would not say), for its pane and `!N` refs. */
export function rememberMergeRequest(store: AppStore, projectId: number, iid: number, mr: MergeRequest | null): void {
  writePipelineRecords(store, (s) => ({ mergeRequests: { ...s.mergeRequests, [mrKey(projectId, iid)]: mr } }));
}

declare module '../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the records into the state
  interface AppState extends PipelineRecords {}
}

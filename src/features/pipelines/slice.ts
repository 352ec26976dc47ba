// The pipelines feature's part of the store (zustand's slices pattern; composed in store/create.ts):
// what is read beside the pipelines (src/domain/pipelines.ts) — trigger jobs, variables, test reports,
// the list filters, the run form and the job history behind a job's usual duration. Its writers are
// in writers.ts: the files that write it give this one their types.
import type { StateCreator } from 'zustand/vanilla';
import type { Bridge, Job, JobVariable, PipelineBasic, PipelineGraph, PipelineListFilters, TestReport } from '../../api/index.js';
import type { AppState, ListKey } from '../../store/types.js';
import type { PipelineExtrasState } from './pipeline-extras.js';
import type { RunFormState } from './run-form.js';
import type { TestHistory } from './test-history.js';
import type { Continuations } from '../../store/continuations.js';

/** A project's latest successful jobs (history.ts), as few fields as a usual duration needs. */
export interface JobHistoryState {
  jobs: { id: number; name: string; ref: string; status: string; duration?: number | null }[];
  fetchedAt: number;
}

export interface PipelinesSlice {
  /** A pipeline's trigger jobs, by pipeline id (read beside its jobs: the jobs list never has them). */
  bridges: Record<number, Bridge[]>;
  /** The trees read over GraphQL (graph-poll.ts), by pipeline id: its jobs' `needs`, its downstream pipelines' jobs. */
  pipelineGraphs: Record<number, PipelineGraph>;
  pipelineFilters: Record<number, PipelineListFilters>;
  /** The open run form (pane `runForm`: `N` or `p` with variables), or null. */
  runForm: RunFormState | null;
  /** A pipeline's variables and test summary, by pipeline id (pipeline-extras.ts). */
  pipelineExtras: Record<number, PipelineExtrasState>;
  /** Full test reports read for the Tests view, by pipeline id, with the pipeline's stamp when read. */
  testReports: Record<number, { at: string; report: TestReport }>;
  /** Per project: its latest successful jobs, for a job's usual duration (history.ts). */
  jobHistory: Record<number, JobHistoryState>;
  /** The Tests view's flaky marks and failures across the ref, by pipeline id (test-history.ts). */
  testHistory: Record<number, TestHistory>;
}

export const createPipelinesSlice: StateCreator<AppState, [], [], PipelinesSlice> = () => ({
  bridges: {},
  pipelineGraphs: {},
  pipelineFilters: {},
  runForm: null,
  pipelineExtras: {},
  testReports: {},
  jobHistory: {},
  testHistory: {},
});

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends PipelinesSlice {}
  interface PaneKinds {
    pipeline: { kind: 'pipeline'; projectId: number; path: string; pipelineId: number; view: PipelineView; parent?: PipelineParent };
    /** A merge request's pipelines (`:mr <iid>`). */
    mergeRequest: { kind: 'mergeRequest'; projectId: number; path: string; iid: number };
    /** `N` (new pipeline) or `p` on a manual job: ref, variables, inputs (its state is `runForm`). */
    runForm: { kind: 'runForm'; projectId: number; path: string };
    /** A pipeline's test report (`T`): failed cases first; `open` shows the selected case's output. */
    tests: { kind: 'tests'; projectId: number; path: string; pipelineId: number; open: boolean; scroll?: number };
  }
  interface ListKeyKinds {
    mrPipelines: { kind: 'mrPipelines'; projectId: number; iid: number };
    testCases: { kind: 'testCases'; projectId: number; pipelineId: number };
  }
}

// The confirms and prompts this feature opens, and what they carry (store/continuations.ts).
/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface PipelineConfirms {
  'pipeline.cancelConfirmed': { pipeline: PipelineBasic; projectId: number };
  'pipeline.retryConfirmed': { pipeline: PipelineBasic; projectId: number };
  // Run form (run-form-actions.ts).
  'run.discardForm': Record<string, never>;
  /** A manual deploy, played with the variables typed in its form. */
  'job.playConfirmed': { job: Job; projectId: number; path: string; variables: JobVariable[] };
}
/** What this feature's prompts carry, by command. */
export interface PipelinePrompts {
  'pipelines.filters': { projectId: number; key: ListKey };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    pipelines: Continuations<PipelineConfirms>;
  }
  interface PromptPayloads {
    pipelines: Continuations<PipelinePrompts>;
  }
}

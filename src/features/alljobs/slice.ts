// `:jobs`'s part of the store (zustand's slices pattern; composed in store/create.ts): the filter
// in force and what the last read covered. The rows are the list `allJobs` (store/types.ts lists).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Job } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import type { AllJobsFilter } from './filter.js';

/** One row: a job and the project it belongs to. */
export interface FleetJob {
  job: Job;
  projectId: number;
  path: string;
}

export interface AllJobsState {
  filter: AllJobsFilter;
  /** Projects read from (the pulse's), and those whose read failed (named in the status line). */
  projects: number;
  failed: string[];
  /** Requests the last read sent (checks and job pages): the status line says what it cost. */
  lastSent: number;
  /** Reads finished so far (tests and the status line wait on it; the world's clock may stand still). */
  reads: number;
}

export interface AllJobsSlice {
  allJobs: AllJobsState;
}

export const createAllJobsSlice: StateCreator<AppState, [], [], AllJobsSlice> = () => ({
  allJobs: { filter: { scopes: [], name: null, ref: null, stage: null }, projects: 0, failed: [], lastSent: 0, reads: 0 },
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeAllJobs = sliceWriter('alljobs', ['allJobs']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends AllJobsSlice {}
  interface PaneKinds {
    /** `:jobs [scope…]`: jobs across the pulse's projects. */
    allJobs: { kind: 'allJobs' };
  }
  interface ListKeyKinds {
    allJobs: { kind: 'allJobs' };
  }
}

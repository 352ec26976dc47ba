// The jobs feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { Job, JobScope } from '../../api/index.js';
import type { AppState, ListKeyText } from '../../store/types.js';

export interface JobsSlice {
  /** Jobs by id: rows of job lists and opened jobs. */
  jobs: Record<number, Job>;
  /** The status filter of a job list (scopes.ts), by list key. */
  jobScopes: Record<ListKeyText, JobScope[]>;
}

export const createJobsSlice: StateCreator<AppState, [], [], JobsSlice> = () => ({
  jobs: {},
  jobScopes: {},
});

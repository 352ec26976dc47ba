// The jobs feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { Job, JobScope } from '../../api/index.js';
import type { AppState, ListKeyText } from '../../store/types.js';

export interface JobsSlice {
  /** Jobs by id: rows of job lists and opened jobs. */
  jobs: Record<number, Job>;
  /** The status filter of a job list (scopes.ts), by list key. */
  jobScopes: Record<ListKeyText, JobScope[]>;
  /**
   * Who erased a job, for the jobs erased here: GitLab's job entity sends `erased_at` but not who
   * erased it (docs/gitlab-api.md "Erased jobs"), and the caller knows it was them.
   */
  erasedBy: Record<number, string>;
}

export const createJobsSlice: StateCreator<AppState, [], [], JobsSlice> = () => ({
  jobs: {},
  jobScopes: {},
  erasedBy: {},
});

// The jobs read (rows of job lists, opened jobs), each job list's status filter, and who erased a
// job: records the jobs, pipelines, log, browse and `:jobs` features share, with their writer.
import { sliceWriter } from '../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Job, JobScope } from '../api/index.js';
import type { AppState, ListKeyText } from '../store/types.js';
import type { AppStore } from '../store/store.js';

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

/** The writer of these records: every feature changes them through it (store/writer.ts). */
export const writeJobs = sliceWriter('jobs', ['jobs', 'jobScopes', 'erasedBy']);

/** Keeps a job read (for the pane opened on it); `keep`: a copy already kept wins (it may be fresher). */
export function rememberJob(store: AppStore, job: Job, opts: { keep?: boolean } = {}): void {
  writeJobs(store, (s) => ({ jobs: { ...s.jobs, [job.id]: opts.keep ? (s.jobs[job.id] ?? job) : job } }));
}

/** Merges jobs read in a list into the kept ones, field by field (a list row may lack what a detail read had). */
export function mergeJobs(store: AppStore, jobs: readonly Job[]): void {
  writeJobs(store, (s) => {
    const all = { ...s.jobs };
    for (const j of jobs) all[j.id] = { ...all[j.id], ...j };
    return { jobs: all };
  });
}

declare module '../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends JobsSlice {}
}

// The jobs feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Job, JobScope } from '../../api/index.js';
import type { AppState, ListKey, ListKeyText } from '../../store/types.js';
import type { Continuations } from '../../store/commands.js';
import type { AppStore } from '../../store/store.js';

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

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
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

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends JobsSlice {}
}

// The confirms and prompts this feature opens, and what they carry (store/commands.ts).
/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface JobConfirms {
  'job.confirmed': { verb: 'cancel' | 'erase' | 'retry'; job: Job; projectId: number; path: string };
  /** A typed file name that exists: download again, replacing it. */
  'job.downloadOverwrite': { job: Job; projectId: number; dest: string; explicit: boolean; overwrite: boolean };
  /** `:artifacts`: a typed file name that exists: download again, replacing it. */
  'job.downloadByRefOverwrite': { projectId: number; ref: string; jobName: string; dest: string };
}
/** What this feature's prompts carry, by command. */
export interface JobPrompts {
  'jobs.scope': { key: ListKey };
  'job.download': { job: Job; projectId: number };
  'job.downloadByRef': { projectId: number; ref: string; jobName: string };
}
declare module '../../store/commands.js' {
  interface ConfirmPayloads {
    jobs: Continuations<JobConfirms>;
  }
  interface PromptPayloads {
    jobs: Continuations<JobPrompts>;
  }
}

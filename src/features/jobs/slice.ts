// What the jobs feature's confirms and prompts carry. Its records, the jobs, are the domain's
// (src/domain/jobs.ts): the pipelines, log, browse and `:jobs` features show them too.
import type { Job } from '../../api/index.js';
import type { ListKey } from '../../store/types.js';
import type { Continuations } from '../../store/continuations.js';

// The confirms and prompts this feature opens, and what they carry (store/continuations.ts).
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
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    jobs: Continuations<JobConfirms>;
  }
  interface PromptPayloads {
    jobs: Continuations<JobPrompts>;
  }
}

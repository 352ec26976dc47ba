// What a confirm or a prompt runs, as data: a command id and its arguments. The store holds only
// these; the controller looks the handler up in a registry the features fill (features/*/commands).
import type { Job, JobVariable, PipelineBasic, PipelineSchedule } from '../api/index.js';
import type { ListKey } from './types.js';

/** Commands a `[y/N]` confirm can run on `y`, with their arguments. */
export interface ConfirmCommands {
  'job.confirmed': { verb: 'cancel' | 'erase' | 'retry'; job: Job; projectId: number; path: string };
  'pipeline.cancelConfirmed': { pipeline: PipelineBasic; projectId: number };
  'pipeline.retryConfirmed': { pipeline: PipelineBasic; projectId: number };
  'schedule.discardForm': Record<string, never>;
  'schedule.takeOwnershipConfirmed': { projectId: number; schedule: PipelineSchedule };
  'schedule.deleteConfirmed': { projectId: number; schedule: PipelineSchedule };
  /** A typed file name that exists: download again, replacing it. */
  'job.downloadOverwrite': { job: Job; projectId: number; dest: string; explicit: boolean; overwrite: boolean };
  /** `:artifacts`: a typed file name that exists: download again, replacing it. */
  'job.downloadByRefOverwrite': { projectId: number; ref: string; jobName: string; dest: string };
  /** A typed file name that exists: save the log again, replacing it. */
  'log.saveOverwrite': { jobId: number; path: string };
  // Run form (features/pipelines/run-form-actions.ts).
  'run.discardForm': Record<string, never>;
  /** A manual deploy, played with the variables typed in its form. */
  'job.playConfirmed': { job: Job; projectId: number; path: string; variables: JobVariable[] };
  /** The failure digest's `r`: a pipeline retry (features/failures). */
  'failures.retryConfirmed': { projectId: number; pipelineId: number };
  /** The artifacts browser's `s`: a typed file name that exists: save again, replacing it (features/browse). */
  'browse.saveOverwrite': { projectId: number; jobId: number; name: string; size: number; dest: string };
}

/** Commands a prompt runs on Enter with the typed value, with their arguments. */
export interface PromptCommands {
  palette: Record<string, never>;
  'log.search': { jobId: number };
  'log.save': { jobId: number };
  'pipelines.filters': { projectId: number; key: ListKey };
  'jobs.scope': { key: ListKey };
  'job.download': { job: Job; projectId: number };
  'job.downloadByRef': { projectId: number; ref: string; jobName: string };
  'events.filters': { key: ListKey };
  /** The artifacts browser's `s`: where to save one file of the archive (features/browse). */
  'browse.save': { projectId: number; jobId: number; name: string; size: number; offered: string };
}

export type ConfirmAction = { [K in keyof ConfirmCommands]: { command: K; args: ConfirmCommands[K] } }[keyof ConfirmCommands];
export type PromptAction = { [K in keyof PromptCommands]: { command: K; args: PromptCommands[K] } }[keyof PromptCommands];

export type ConfirmHandlers<C> = { [K in keyof ConfirmCommands]: (ctx: C, args: ConfirmCommands[K]) => void };
export type PromptResult = string | null | Promise<string | null>;
export type PromptHandlers<C> = { [K in keyof PromptCommands]: (ctx: C, args: PromptCommands[K], value: string) => PromptResult };

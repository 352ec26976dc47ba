// The failure digest's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from '../../store/types.js';
import type { Continuations } from '../../store/continuations.js';

/** One failed job of the pipeline or of a pipeline downstream of it, with the cause its log gives. */
export interface FailureItem {
  jobId: number;
  name: string;
  stage: string;
  allowFailure: boolean;
  failureReason: string | null;
  /** The runner and its machine (system_id) that ran it, as the job says: is it the runner? */
  runner?: { id: number; description: string | null } | null;
  machine?: string | null;
  projectId: number;
  pipelineId: number;
  /** The trigger jobs that lead to it, outermost first (empty for the pipeline's own jobs). */
  via: string[];
  /** The first failure line and its neighbours; null when the log names none (or was not read). */
  block: { line: string; before: string[]; after: string[] } | null;
  /** Why the log was not read, when it was not. */
  logNote?: string;
}

export interface FailureDigest {
  state: 'loading' | 'ready' | 'error';
  error?: string;
  items: FailureItem[];
  selected: number;
  /** What reading the logs cost: how many, and their bytes. */
  logs: number;
  bytes: number;
}

export interface FailuresSlice {
  /** By `projectId:pipelineId`. */
  failures: Record<string, FailureDigest>;
}

export const digestKey = (projectId: number, pipelineId: number) => `${projectId}:${pipelineId}`;

export const createFailuresSlice: StateCreator<AppState, [], [], FailuresSlice> = () => ({
  failures: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeFailures = sliceWriter('failures', ['failures']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends FailuresSlice {}
  interface PaneKinds {
    /** `:failures` / `X`: why a pipeline failed. */
    failures: { kind: 'failures'; projectId: number; path: string; pipelineId: number };
  }
}

// The confirms and prompts this feature opens, and what they carry (store/continuations.ts).
/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface FailureConfirms {
  /** The failure digest's `r`: a pipeline retry. */
  'failures.retryConfirmed': { projectId: number; pipelineId: number };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    failures: Continuations<FailureConfirms>;
  }
}

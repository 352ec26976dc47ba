// The runners feature's part of the store (zustand's slices pattern; composed in store/create.ts):
// runner lists by where they were asked (a project, a group, all), each runner's details as last
// read, what a runner's pane read (managers, recent jobs, failures by machine), and when each pending
// job on screen started waiting (so its queued time grows between reads).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Job, Runner, RunnerDetails, RunnerJob, RunnerManager } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import type { Continuations } from '../../store/continuations.js';

/** A list as GitLab answered it, or why it did not (`forbidden`: a 403, the role is below Maintainer). */
export interface RunnerList {
  rows: Runner[] | null;
  error: string | null;
  forbidden: boolean;
  selected: number;
  /** Jobs running now, by runner id (the project's running jobs; null when not read or not known). */
  running: Record<number, number> | null;
  /** The project's recent failed jobs (their runner, machine and reason): null when not read. */
  failed: Job[] | null;
  at: number;
}

export interface RunnerInfo {
  details?: RunnerDetails;
  error?: string;
  at: number;
}

/** What a runner's pane read beyond its details; each part's error when GitLab refused it (403 for an instance runner's jobs). */
export interface RunnerView {
  managers?: RunnerManager[];
  managersError?: string;
  jobs?: RunnerJob[];
  jobsError?: string;
  /** Failed recent jobs of each machine, by its system_id. */
  failedBy?: Record<string, RunnerJob[]>;
  running?: number;
}

export interface RunnersSlice {
  /** By list id (listId: `project:12`, `group:acme`, `all`, `mine`). */
  runnerLists: Record<string, RunnerList>;
  /** By runner id. */
  runnerInfo: Record<number, RunnerInfo>;
  runnerViews: Record<number, RunnerView>;
  /** A pending job's start of waiting (epoch ms) as last read: its queued time grows from it. */
  queuedSince: Record<number, { since: number; seconds: number }>;
}

export const createRunnersSlice: StateCreator<AppState, [], [], RunnersSlice> = () => ({
  runnerLists: {},
  runnerInfo: {},
  runnerViews: {},
  queuedSince: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeRunners = sliceWriter('runners', ['runnerLists', 'runnerInfo', 'runnerViews', 'queuedSince']);

export type RunnersScope = 'project' | 'group' | 'all' | 'mine';
/** Where a runners list comes from: a project (its own, its groups', the instance's), a group, all, the user's. */
export type RunnersWhere = { scope: 'project'; projectId: number; path: string } | { scope: 'group'; group: string } | { scope: 'all' | 'mine' };
export type RunnersPaneState = { kind: 'runners' } & RunnersWhere;

/** The id of the list a runners pane shows (and a pending job's explanation reads: `project:ID`). */
export function listId(where: RunnersWhere | { scope: 'project'; projectId: number }): string {
  if (where.scope === 'project') return `project:${where.projectId}`;
  if (where.scope === 'group') return `group:${where.group}`;
  return where.scope;
}

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends RunnersSlice {}
  interface PaneKinds {
    /** `:runners`: a project's, a group's, all (administrators) or the user's own. */
    runners: RunnersPaneState;
    /** `:runner ID` or Enter on a runner: its rules, machines, recent jobs and failures. */
    runner: { kind: 'runner'; runnerId: number };
  }
}

/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface RunnerConfirms {
  'runner.pauseConfirmed': { runnerId: number; paused: boolean };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    runners: Continuations<RunnerConfirms>;
  }
}

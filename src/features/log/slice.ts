// The log feature's part of the store (zustand's slices pattern; composed in store/create.ts): the
// small view state of each job pane's log, and a handle on the open one (use-log.ts). The lines
// themselves live in the log engine, spooled to disk (log-view.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { LogModel } from '../../log/index.js';
import type { AppState } from '../../store/types.js';
import type { Continuations } from '../../store/continuations.js';

/** The job log's view state (the lines themselves live in the log engine, spooled to disk). */
export interface LogViewState {
  follow: boolean;
  /** Cursor and first row on screen, in visible rows (folded sections hide rows). */
  cursor: number;
  top: number;
  wrap: boolean;
  timestamps: boolean;
  /** The job's full fields instead of the compact summary above the log. */
  details: boolean;
  search: { query: string; matches: number[]; current: number; running: boolean; truncated: boolean } | null;
  /** The line the cursor stays on across fold changes (log/folds.ts cursorAnchor), so Z Z returns to it. */
  anchor: number | null;
  /** Bumps whenever the model changes (new lines, folds): what the view re-renders on. */
  version: number;
  lines: number;
  bytes: number;
  error: string | null;
  loaded: boolean;
  /** The log's disk budget is reached and it is read no further: what the pane says. */
  diskFull: string | null;
}

/**
 * What the view reads of an open log: its rows, read back from the engine (src/log LogModel) as
 * they are drawn. A handle, not the lines: they stay spooled to disk (a 200 MB log costs the store
 * nothing); the view re-renders on its LogViewState's version, which bumps when lines arrive.
 */
export type LogHandle = Pick<LogModel, 'lineCount' | 'visibleCount' | 'visibleLine' | 'line' | 'sections' | 'isFolded'>;

export interface LogSlice {
  /** Each job pane's log view, by job id. */
  logViews: Record<number, LogViewState>;
  /** The log open in front (one at a time: log-view.ts), by job id: set when it opens, gone when it closes. */
  logHandles: Record<number, LogHandle>;
}

export const createLogSlice: StateCreator<AppState, [], [], LogSlice> = () => ({
  logViews: {},
  logHandles: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeLog = sliceWriter('log', ['logViews', 'logHandles']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends LogSlice {}
  interface PaneKinds {
    job: { kind: 'job'; projectId: number; path: string; jobId: number };
  }
}

// The confirms and prompts this feature opens, and what they carry (store/continuations.ts).
/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface LogConfirms {
  /** A typed file name that exists: save the log again, replacing it. */
  'log.saveOverwrite': { jobId: number; path: string };
}
/** What this feature's prompts carry, by command. */
export interface LogPrompts {
  'log.search': { jobId: number };
  'log.save': { jobId: number };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    log: Continuations<LogConfirms>;
  }
  interface PromptPayloads {
    log: Continuations<LogPrompts>;
  }
}

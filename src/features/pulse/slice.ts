// The pulse's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { PipelineBasic, Project } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

/** The pulse pane's data: a page of default-branch pipelines per project. */
export interface PulseState {
  /** Per project: its newest pipelines on the default branch (newest first), null until read. */
  pipelines: Record<number, PipelineBasic[] | null>;
  /** Per project: when its last request was sent, whether one is out, not before when. */
  fetch: Record<number, { sentAt: number; inFlight?: boolean; notBefore?: number }>;
  /** The row under the cursor, by project: rows move as they load. */
  selectedId: number | null;
  /**
   * Where the row under the cursor stays while rows fill and sort around it: the line the user put
   * it on (its index in the rows), null until the cursor is first moved (the top row is then
   * whichever needs attention most).
   */
  pinAt: number | null;
  /** First row on screen (the same windowing as the view), so only rows on screen are polled. */
  offset: number;
  /**
   * The config file's projects (config.pulse) read so far, by the entry as written: the project, or
   * null when GitLab said it cannot be read (named in `error`, never asked again). Entries are read lazily, as their
   * rows come on screen (placeholder rows stand in until then: rows.ts).
   */
  listed: Record<string, Project | null>;
  /** The config file's entries being read or read, by placeholder id (rows.ts placeholderId): sends, like `fetch`. */
  lookups: Record<number, { sentAt: number; inFlight?: boolean; notBefore?: number }>;
  error: string | null;
}

export interface PulseSlice {
  pulse: PulseState;
}

export const createPulseSlice: StateCreator<AppState, [], [], PulseSlice> = () => ({
  pulse: { pipelines: {}, fetch: {}, selectedId: null, pinAt: null, offset: 0, listed: {}, lookups: {}, error: null },
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writePulse = sliceWriter('pulse', ['pulse']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends PulseSlice {}
  interface PaneKinds {
    /** What is red or running across the user's projects (`:pulse`; the first screen without a project). */
    pulse: { kind: 'pulse' };
  }
  interface ListKeyKinds {
    /** The pulse's `/` filter: its rows are the pulse's own (rows.ts), the list holds only the filter. */
    pulse: { kind: 'pulse' };
  }
}

// The pulse's part of the store (zustand's slices pattern; composed in store/create.ts).
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
  /** First row on screen (the same windowing as the view), so only rows on screen are polled. */
  offset: number;
  /** The projects the config file names (config.pulse), once read; what could not be read is in `error`. */
  listed: Project[] | null;
  error: string | null;
}

export interface PulseSlice {
  pulse: PulseState;
}

export const createPulseSlice: StateCreator<AppState, [], [], PulseSlice> = () => ({
  pulse: { pipelines: {}, fetch: {}, selectedId: null, offset: 0, listed: null, error: null },
});

// The schedules feature's part of the store (zustand's slices pattern; composed in store/create.ts).
// The schedule list's `scope` filter is not here: it is a list's server-side filter, kept with the
// event lists' filters in the core's `listFilters` (store/types.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { PipelineSchedule } from '../../api/index.js';
import type { AppState, ListKey } from '../../store/types.js';
import type { ScheduleFormState } from './schedule-form.js';
import type { Continuations } from '../../store/continuations.js';

/** The schedule list of a project (its tab). */
export const schedulesList = (projectId: number): ListKey => ({ kind: 'schedules', projectId });

export interface SchedulesSlice {
  /** Schedules by id: list rows (read one by one, so with `last_pipeline`) and opened details. */
  schedules: Record<number, PipelineSchedule>;
  /** The open schedule form (pane `scheduleForm`), or null. */
  scheduleForm: ScheduleFormState | null;
  /** Schedules whose variables' values the user asked to see (`v`); hidden otherwise: they are often secrets. */
  revealed: Record<number, boolean>;
  /**
   * Schedules whose detail this app read itself (the pane's poll): what the detail leaves out is
   * then not sent (no last pipeline, no variables), rather than still to come.
   */
  detailRead: Record<number, boolean>;
}

export const createSchedulesSlice: StateCreator<AppState, [], [], SchedulesSlice> = () => ({
  schedules: {},
  scheduleForm: null,
  revealed: {},
  detailRead: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeSchedules = sliceWriter('schedules', ['schedules', 'scheduleForm', 'revealed', 'detailRead']);

/** The schedule pane's failure in the core's `loadErrors` (the pane says it while it has nothing to show). */
export const scheduleLoadKey = (scheduleId: number) => `schedule:${scheduleId}`;

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends SchedulesSlice {}
  interface PaneKinds {
    schedule: { kind: 'schedule'; projectId: number; path: string; scheduleId: number };
    /** The create/edit form of a schedule (its state is `scheduleForm`); scheduleId null = new. */
    scheduleForm: { kind: 'scheduleForm'; projectId: number; path: string; scheduleId: number | null };
  }
  interface ListKeyKinds {
    schedules: { kind: 'schedules'; projectId: number };
  }
}

// The confirms and prompts this feature opens, and what they carry (store/continuations.ts).
/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface ScheduleConfirms {
  'schedule.discardForm': Record<string, never>;
  'schedule.takeOwnershipConfirmed': { projectId: number; schedule: PipelineSchedule };
  'schedule.deleteConfirmed': { projectId: number; schedule: PipelineSchedule };
  'schedule.playConfirmed': { projectId: number; path: string; schedule: PipelineSchedule };
  'schedule.openRun': { projectId: number; path: string; pipelineId: number };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    schedules: Continuations<ScheduleConfirms>;
  }
}

// The schedules feature's part of the store (zustand's slices pattern; composed in store/create.ts).
// The schedule list's `scope` filter is not here: it is a list's server-side filter, kept with the
// event lists' filters in the core's `listFilters` (store/types.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { PipelineSchedule } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import type { ScheduleFormState } from './schedule-form.js';

export interface SchedulesSlice {
  /** Schedules by id: list rows (read one by one, so with `last_pipeline`) and opened details. */
  schedules: Record<number, PipelineSchedule>;
  /** The open schedule form (pane `scheduleForm`), or null. */
  scheduleForm: ScheduleFormState | null;
}

export const createSchedulesSlice: StateCreator<AppState, [], [], SchedulesSlice> = () => ({
  schedules: {},
  scheduleForm: null,
});

// The surface of the schedules feature: what the core, the shell and other features may use.
export { ScheduleFormPane } from './ScheduleFormPane.js';
export { SchedulePane } from './SchedulePane.js';
export { SchedulesTab } from './SchedulesTab.js';
export { schedulesFeature } from './feature.js';
export { createSchedulesSlice, type SchedulesSlice } from './slice.js';

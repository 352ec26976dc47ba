// What other features may use of this one (eslint/boundaries.mjs: through this file only). Its
// definition, for the app shell alone, is feature.ts.
export { refText } from './mr.js';
export { pastDurations, usualDuration } from './timeline-history.js';
export { PipelinesTab } from './PipelinesTab.js';
export { createPipelinesSlice } from './slice.js';
export { rememberPipeline } from './writers.js';
export { PAGES_PER_ACTIVE_POLL } from './poll.js';
export { runPipelineAction } from './actions.js';
export { JOB_KEYS, jobRefusal, type JobKey } from './job-commands.js';
export { rememberMergeRequest } from './mr.js';
export { filterPipelinesByStatus } from './filters.js';

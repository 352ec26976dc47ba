// What other features may use of this one (eslint/boundaries.mjs: through this file only). Its
// definition, for the app shell alone, is feature.ts.
export { PAGES_PER_ACTIVE_POLL } from './poll.js';
export { runPipelineAction } from './actions.js';
export { JOB_KEYS, jobRefusal, type JobKey } from './job-commands.js';
export { filterPipelinesByStatus } from './filters.js';

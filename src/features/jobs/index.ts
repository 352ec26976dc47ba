// What other features use of the jobs feature (eslint/boundaries.mjs: through this file only).
export { runJobAction } from './actions.js';
export { JobTable } from './JobTable.js';
export { JobsTab } from './JobsTab.js';
export { downloadArtifactsByRef } from './actions.js';
export { jobsFeature } from './feature.js';
export { createJobsSlice, type JobsSlice } from './slice.js';
export { targetJob } from './commands.js';
export { JOB_COMMANDS, runJobCommandOn } from './commands.js';

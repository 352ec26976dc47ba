// What other features may use of this one (eslint/boundaries.mjs: through this file only). Its
// definition, for the app shell alone, is feature.ts.
export { runJobAction } from './actions.js';
export { JobTable } from './JobTable.js';
export { jobUrl, jobsListOf, openJob, targetJob } from './commands.js';
export { jobHintPlaces, pollJobs } from './poll.js';
export { downloadArtifacts, jobAction, type JobVerb } from './actions.js';
export { jobScopePrompt } from './scopes.js';
export { jobOverdue } from './overdue.js';

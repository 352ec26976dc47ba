// The surface of `:jobs` across projects: what the core, the shell and other features may use.
export { AllJobsPane } from './AllJobsPane.js';
export { allJobsFeature } from './feature.js';
export { createAllJobsSlice, type AllJobsSlice } from './slice.js';

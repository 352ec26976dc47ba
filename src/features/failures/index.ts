// The surface of the failure digest: what the core, the shell and other features may use.
export { FailuresPane } from './FailuresPane.js';
export { failuresFeature } from './feature.js';
export { createFailuresSlice, type FailuresSlice } from './slice.js';

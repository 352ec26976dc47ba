// The surface of the comparison: what the core, the shell and other features may use.
export { ComparePane } from './ComparePane.js';
export { compareFeature } from './feature.js';
export { createCompareSlice, type CompareSlice } from './slice.js';

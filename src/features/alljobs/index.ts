// What other code may use of `:jobs` across projects (eslint/boundaries.mjs: through this file
// only). Its definition, for the app shell alone, is feature.ts.
export { createAllJobsSlice } from './slice.js';

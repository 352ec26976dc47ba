// What other features use of the jobs feature (eslint/boundaries.mjs: through this file only).
export { runJobAction } from './actions.js';

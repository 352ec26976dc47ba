// What other features may use of this one (eslint/boundaries.mjs: through this file only). Its
// definition, for the app shell alone, is feature.ts.
export { useWaitLines, waitShort } from './wait.js';
export { runnerBlame } from './failures.js';

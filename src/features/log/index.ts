// What other features may use of this one (eslint/boundaries.mjs: through this file only). Its
// definition, for the app shell alone, is feature.ts.
export { LogRegistry, type LogTiming } from './log-view.js';
export { createLogSlice, type LogSlice, type LogViewState } from './slice.js';
export { logLoaded } from './loaded.js';

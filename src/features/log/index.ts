// The surface of the log feature: what the core, the shell and other features may use.
export { JobPane } from './JobPane.js';
export { logFeature } from './feature.js';
export { LogRegistry, type LogTiming } from './log-view.js';
export { createLogSlice, type LogSlice, type LogViewState } from './slice.js';
export { logLoaded } from './loaded.js';

// What the app's shell (store, ui) uses of the pipelines feature (eslint/boundaries.mjs).
export { bridgeAction, isBridge, type BridgeVerb } from './bridges.js';
export { openMergeRequest } from './mr.js';
export { MergeRequestPane } from './MergeRequestPane.js';

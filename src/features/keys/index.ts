// The surface of the keys feature: what the core, the shell and other features may use.
export { KeyPane } from './KeyPane.js';
export { keysFeature, lookupKey } from './feature.js';
export { createKeysSlice, type KeysSlice } from './slice.js';

// The surface of the artifacts browser: what the core, the shell and other features may use.
export { BrowsePane } from './BrowsePane.js';
export { browseFeature } from './feature.js';
export { createBrowseSlice, type BrowseSlice } from './slice.js';

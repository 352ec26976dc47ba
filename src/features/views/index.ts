// The surface of saved views: what the core, the shell and other features may use.
export { ViewPane } from './ViewPane.js';
export { viewsFeature } from './feature.js';

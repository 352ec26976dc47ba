// The surface of `:mrs`: what the core, the shell and other features may use.
export { MrsPane } from './MrsPane.js';
export { mrsFeature } from './feature.js';

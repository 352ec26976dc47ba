// The pulse's public face: what the app shell and other features may import (eslint/boundaries.mjs).
export { estimatedSeconds } from './estimate.js';
export { attentionTier } from './model.js';
export { pulseFeature } from './feature.js';
export { PulsePane } from './PulsePane.js';
export { isPlaceholder, pulseRows, pulseSourceProjects, visiblePulseIds } from './rows.js';
export { createPulseSlice, type PulseSlice } from './slice.js';

// What other features may use of this one (eslint/boundaries.mjs: through this file only). Its
// definition, for the app shell alone, is feature.ts.
export { attentionTier } from './model.js';
export { isPlaceholder, pulseRows, pulseSourceProjects, visiblePulseIds } from './rows.js';

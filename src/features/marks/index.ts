// The marks' public face: what the app shell and other features may import (eslint/boundaries.mjs).
export { MARK_GLYPH, markPipeline } from './marks.js';
export { marksFeature } from './feature.js';
export { createMarksSlice, type MarksSlice } from './slice.js';

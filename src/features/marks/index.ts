// The marks' public face: what the app shell and other features may import (eslint/boundaries.mjs).
export { MARK_GLYPH, MAX_MARKS, isEnded, markPipeline, toggleMark, watchMarks } from './marks.js';
export { startMarkPolling, type MarkPoller } from './poll.js';
export { marksFeature } from './feature.js';
export { createMarksSlice, type MarksSlice, type PipelineMark } from './slice.js';

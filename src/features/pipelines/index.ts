// The pipelines feature's public face for the app shell and other features (eslint/boundaries.mjs).
export { durationsByRef, median, pastDurations, usualDuration, type PastRun, type RefSeries, type UsualDuration } from './timeline-history.js';

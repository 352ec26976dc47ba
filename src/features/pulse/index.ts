// The pulse's public face: what the app shell and other features may import (eslint/boundaries.mjs).
export { estimatedSeconds } from './estimate.js';
export { fetchPulsePipelines, pulseProject, samePulsePage } from './fetch.js';
export { cutLeft, pulseLayout, type PulseColumn, type PulseLayout } from './layout.js';
export { PULSE_DEPTH, attentionTier, compareAttention, pulseRow, sortByAttention, type PulseFailure, type PulseProject, type PulseRow } from './model.js';
export { PULSE_INTERVAL_MS, planPulseFetches, requestsPerMinute, type PulseFetchState, type PulsePlan, type PulsePlanOptions } from './plan.js';
export { PulseView, pulseSummary, type PulseViewProps } from './PulseView.js';
export { pulseFeature } from './feature.js';
export { PulsePane } from './PulsePane.js';
export { startPulsePolling, type PulsePoller } from './poll.js';
export { PULSE_HEAD_ROWS, pulseRows, visiblePulseIds } from './rows.js';
export { createPulseSlice, type PulseSlice, type PulseState } from './slice.js';

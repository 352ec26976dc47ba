// What the app's shell (store, ui) uses of the pipelines feature (eslint/boundaries.mjs).
export { openMergeRequest, refText } from './mr.js';
export { MergeRequestPane } from './MergeRequestPane.js';
export { pastDurations, usualDuration } from './timeline-history.js';
export { PipelinePane } from './PipelinePane.js';
export { PipelinesTab } from './PipelinesTab.js';
export { RunFormPane } from './RunFormPane.js';
export { TestsPane } from './TestsPane.js';
export { pipelinesFeature } from './feature.js';
export { openNewPipelineForm } from './run-form-actions.js';
export { createPipelinesSlice, type PipelinesSlice } from './slice.js';
export { PAGES_PER_ACTIVE_POLL } from './poll.js';
export { runPipelineAction } from './actions.js';
export { jobKeyOn } from './commands.js';
export { mrKey } from './mr.js';

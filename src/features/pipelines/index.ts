// What the app's shell (store, ui) uses of the pipelines feature (eslint/boundaries.mjs).
export { bridgeAction, isBridge, type BridgeVerb } from './bridges.js';
export { openMergeRequest } from './mr.js';
export { MergeRequestPane } from './MergeRequestPane.js';
export { durationsByRef, median, pastDurations, usualDuration, type PastRun, type RefSeries, type UsualDuration } from './timeline-history.js';
export { PipelinePane } from './PipelinePane.js';
export { PipelinesTab } from './PipelinesTab.js';
export { RunFormPane } from './RunFormPane.js';
export { TestsPane } from './TestsPane.js';
export { pipelineAction, runPipelineAction } from './actions.js';
export { pipelinesFeature } from './feature.js';
export { pipelineFilterPrompt, submitPipelineFilters } from './filters.js';
export { type PipelineExtrasState } from './pipeline-extras.js';
export { type RunFormState } from './run-form.js';
export { closeRunForm, handleRunFormKey, openNewPipelineForm, openPlayForm, pasteIntoRunForm, playWithVariables } from './run-form-actions.js';
export { createPipelinesSlice, type JobHistoryState, type PipelinesSlice } from './slice.js';
export { PAGES_PER_ACTIVE_POLL } from './poll.js';

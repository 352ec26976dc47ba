// The pipelines feature's own lists (store/types.ts ListKeyKinds, declared in slice.ts): one place builds their keys.
import type { ListKey } from '../../store/types.js';

/** A merge request's pipelines (its pane). */
export const mrPipelinesList = (projectId: number, iid: number): ListKey => ({ kind: 'mrPipelines', projectId, iid });
/** A pipeline's test cases (the Tests view). */
export const testCasesList = (projectId: number, pipelineId: number): ListKey => ({ kind: 'testCases', projectId, pipelineId });

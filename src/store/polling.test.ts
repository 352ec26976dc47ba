import { expect, it } from 'vitest';
import { paneData } from './polling.js';
import type { Pane } from './types.js';

it('a pipeline in list or stage-graph view is the same data (v reads nothing again); another pane is not', () => {
  const list: Pane = { kind: 'pipeline', projectId: 1, path: 'acme/api', pipelineId: 7, view: 'list' };
  expect(paneData({ ...list, view: 'graph' })).toBe(paneData(list));
  expect(paneData({ ...list, pipelineId: 8 })).not.toBe(paneData(list));
  expect(paneData({ kind: 'project', projectId: 1, path: 'acme/api', tab: 'pipelines' })).not.toBe(
    paneData({ kind: 'project', projectId: 1, path: 'acme/api', tab: 'jobs' }),
  );
  expect(paneData({ kind: 'job', projectId: 1, path: 'acme/api', jobId: 7 })).not.toBe(paneData(list));
});

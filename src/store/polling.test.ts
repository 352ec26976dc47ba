import { expect, it } from 'vitest';
import { paneData, runningPipelineDelay } from './polling.js';
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

it('a running pipeline of up to 1,000 jobs is polled at the active rate; a bigger one less often, by its pages', () => {
  expect(runningPipelineDelay(3_000, 9)).toBe(3_000);
  expect(runningPipelineDelay(3_000, 322)).toBe(3_000);
  expect(runningPipelineDelay(3_000, 1_000)).toBe(3_000);
  expect(runningPipelineDelay(3_000, 1_001)).toBe(3_300);
  // 5,000 jobs: 50 pages every 15 s, 200 requests a minute.
  expect(runningPipelineDelay(3_000, 5_000)).toBe(15_000);
  expect((50 * 60_000) / runningPipelineDelay(3_000, 5_000)).toBe(200);
});

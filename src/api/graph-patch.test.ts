// The graph's patches of REST's records (src/api/graph-patch.ts), shared by the pipeline pane and
// `pipetop watch`: identity when nothing moved, REST's more exact times kept, and when a REST read
// is owed instead.
import { describe, expect, it } from 'vitest';
import { patchBridgeRows, patchJob, patchJobRows, patchPipeline } from './graph-patch.js';
import type { GraphJob, PipelineGraph } from './graphql.js';
import type { Bridge, Job, Pipeline } from './types.js';

const gjob = (id: number, over: Partial<GraphJob> = {}): GraphJob => ({
  id,
  name: `job ${id}`,
  status: 'running',
  stage: 'test',
  needs: null,
  allow_failure: false,
  duration: null,
  queued_duration: 1.5,
  started_at: '2026-11-28T10:00:05Z',
  finished_at: null,
  bridge: false,
  downstream_pipeline_id: null,
  failure_message: null,
  ...over,
});

const row = (id: number, over: Partial<Job> = {}) =>
  ({
    id,
    name: `job ${id}`,
    status: 'running',
    stage: 'test',
    allow_failure: false,
    duration: null,
    queued_duration: 1.5,
    started_at: '2026-11-28T10:00:05.412Z',
    finished_at: null,
    web_url: `http://x/-/jobs/${id}`,
    failure_reason: null,
    ...over,
  }) as unknown as Job;

describe('patchJob', () => {
  it('is the row itself while the graph says what it says, REST’s milliseconds kept within the same second', () => {
    const r = row(1);
    expect(patchJob(r, gjob(1))).toBe(r);
  });

  it('takes a new status and times, in REST’s shape, and keeps what GraphQL lacks', () => {
    const r = row(1);
    const next = patchJob(r, gjob(1, { status: 'success', duration: 12, finished_at: '2026-11-28T10:00:17Z' }));
    expect(next).not.toBe(r);
    expect(next).toMatchObject({
      status: 'success',
      duration: 12,
      finished_at: '2026-11-28T10:00:17.000Z',
      started_at: '2026-11-28T10:00:05.412Z',
      web_url: 'http://x/-/jobs/1',
    });
  });

  it('keeps a running row’s duration: a 304 replays an old one', () => {
    const r = row(1, { duration: 30 });
    expect(patchJob(r, gjob(1, { duration: 4 }))).toBe(r);
  });
});

describe('patchJobRows', () => {
  it('the same array when nothing changed; a new one with only the moved rows new', () => {
    const rows = [row(1), row(2)];
    expect(patchJobRows(rows, [gjob(1), gjob(2)], true)).toBe(rows);
    const next = patchJobRows(rows, [gjob(1), gjob(2, { status: 'failed' })], true) as Job[];
    expect(next[0]).toBe(rows[0]);
    expect(next[1]!.status).toBe('failed');
  });

  it('reread: a row the graph lacks (retried), or — every page loaded — a job the rows lack', () => {
    expect(patchJobRows([row(1), row(2)], [gjob(1)], false)).toBe('reread');
    expect(patchJobRows([row(1)], [gjob(1), gjob(2)], true)).toBe('reread');
    // Not every page loaded: the rows lack the job because it is further on.
    expect(patchJobRows([row(1)], [gjob(1), gjob(2)], false)).not.toBe('reread');
    // Trigger jobs are in the graph's jobs, not in REST's list.
    expect(patchJobRows([row(1)], [gjob(1), gjob(9, { bridge: true })], true)).not.toBe('reread');
  });
});

describe('patchPipeline', () => {
  it('the status and times; the same object when they match', () => {
    const held = {
      id: 5,
      iid: 2,
      status: 'running',
      duration: null,
      queued_duration: null,
      started_at: '2026-11-28T10:00:00.250Z',
      finished_at: null,
      updated_at: '2026-11-28T10:00:00.250Z',
      web_url: 'http://x/p/5',
    } as unknown as Pipeline;
    const graph = {
      id: 5,
      iid: 2,
      status: 'running' as const,
      duration: null,
      queued_duration: null,
      started_at: '2026-11-28T10:00:00Z',
      finished_at: null,
      updated_at: '2026-11-28T10:00:00Z',
    };
    expect(patchPipeline(held, graph)).toBe(held);
    expect(patchPipeline(held, { ...graph, status: 'failed', duration: 70, finished_at: '2026-11-28T10:01:10Z' })).toMatchObject({
      status: 'failed',
      duration: 70,
      finished_at: '2026-11-28T10:01:10.000Z',
      web_url: 'http://x/p/5',
    });
  });
});

describe('patchBridgeRows', () => {
  const bridge = (id: number, downstream: { id: number; status: string } | null, status = 'running') =>
    ({
      id,
      name: `trigger ${id}`,
      stage: 'deploy',
      status,
      allow_failure: false,
      duration: null,
      queued_duration: 1.5,
      started_at: '2026-11-28T10:00:05Z',
      finished_at: null,
      downstream_pipeline: downstream && { ...downstream, web_url: `http://x/p/${downstream.id}` },
    }) as unknown as Bridge;
  const graph = (jobs: GraphJob[], downstream: { id: number; status: string }[] = []): PipelineGraph =>
    ({
      pipeline: {},
      jobs,
      downstream: downstream.map((d) => ({
        ...d,
        iid: 1,
        duration: null,
        queued_duration: null,
        started_at: null,
        finished_at: null,
        project_path: null,
        jobs: [],
      })),
    }) as unknown as PipelineGraph;

  it('patches a bridge and its downstream pipeline’s status; the same array when nothing moved', () => {
    const held = [bridge(9, { id: 70, status: 'running' })];
    const same = patchBridgeRows(held, graph([gjob(9, { bridge: true, downstream_pipeline_id: 70 })], [{ id: 70, status: 'running' }]));
    expect(same).toEqual({ bridges: held, moved: false });
    expect(same.bridges).toBe(held);
    const done = patchBridgeRows(held, graph([gjob(9, { bridge: true, status: 'success', downstream_pipeline_id: 70 })], [{ id: 70, status: 'success' }]));
    expect(done.moved).toBe(false);
    expect(done.bridges[0]).toMatchObject({ status: 'success', downstream_pipeline: { id: 70, status: 'success', web_url: 'http://x/p/70' } });
  });

  it('moved: a bridge that started a pipeline, or one added', () => {
    const held = [bridge(9, null, 'created')];
    expect(patchBridgeRows(held, graph([gjob(9, { bridge: true, downstream_pipeline_id: 71 })])).moved).toBe(true);
    expect(patchBridgeRows(held, graph([gjob(9, { bridge: true, status: 'created' }), gjob(10, { bridge: true })])).moved).toBe(true);
  });
});

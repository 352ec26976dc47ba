// A round of `pipetop watch` over GraphQL (src/watch/graph-round.ts) against a stand-in client that
// records what it is asked: what GitLab's lag and a big pipeline's pages make it read, and what not.
import { describe, expect, it } from 'vitest';
import type { GitLab, GraphRead, Job, Pipeline, PipelineGraph } from '../../src/api/index.js';
import { graphRound, type Held, type Reads } from '../../src/watch/graph-round.js';

const pipeline = (status: string): Pipeline => ({ id: 7, iid: 3, status, ref: 'main', sha: 'a', web_url: 'http://x/p/7' }) as unknown as Pipeline;
const job = (id: number, status: string, extra: Partial<Job> = {}): Job =>
  ({
    id,
    name: `job ${id}`,
    stage: 'test',
    status,
    allow_failure: false,
    started_at: null,
    finished_at: null,
    duration: null,
    queued_duration: null,
    web_url: `http://x/-/jobs/${id}`,
    failure_reason: null,
    ...extra,
  }) as unknown as Job;
const tree = (status: string, jobs: { id: number; status: string }[]): PipelineGraph =>
  ({
    pipeline: { id: 7, iid: 3, status, duration: null, queued_duration: null, started_at: null, finished_at: null, uses_needs: false },
    jobs: jobs.map((j) => ({
      ...j,
      name: `job ${j.id}`,
      stage: 'test',
      needs: null,
      allow_failure: false,
      duration: null,
      queued_duration: null,
      started_at: null,
      finished_at: null,
      bridge: false,
      downstream_pipeline_id: null,
      failure_message: null,
    })),
    downstream: [],
  }) as unknown as PipelineGraph;

function client(o: { reads: GraphRead[]; rest: Pipeline; jobs: Job[] }) {
  const calls: string[] = [];
  const gl = {
    graphql: {
      unavailable: null,
      pipelineGraph: async () => {
        calls.push('tree');
        return o.reads.shift()!;
      },
    },
    pipelines: {
      get: async () => {
        calls.push('pipeline');
        return o.rest;
      },
    },
    jobs: {
      listForPipeline: () => ({
        all: async () => {
          calls.push('jobs');
          return o.jobs;
        },
      }),
    },
  } as unknown as GitLab;
  const reader = { supported: true, read: async () => [], bridges: async () => (calls.push('bridges'), []) };
  return { gl, reader, calls };
}

const reads = (at: number): Reads => ({ pipelineAt: at, jobsAt: at, jobsOwed: false });

describe('a round over GraphQL', () => {
  it('REST saw the end before the tree did (GitLab touches the ETag later): the jobs still running are read from REST', async () => {
    const graph = tree('running', [{ id: 1, status: 'running' }]);
    const done = [job(1, 'failed', { failure_reason: 'script_failure' })];
    const c = client({ reads: [{ kind: 'same', graph }], rest: pipeline('failed'), jobs: done });
    const held: Held = { pipeline: pipeline('running'), jobs: [job(1, 'running')], bridges: [] };
    // The minute's REST read is due: it says failed; the tree still replays running.
    const next = await graphRound(
      { gl: c.gl, projectId: 1, projectPath: 'g/p', pipelineId: 7, reader: c.reader, now: () => 60_000, reads: reads(0), intervalMs: 3_000 },
      held,
    );
    expect(c.calls).toEqual(['pipeline', 'tree', 'jobs']);
    expect(next!.pipeline.status).toBe('failed');
    expect(next!.jobs).toBe(done);
  });

  it('a 304 while nothing is owed: one request, nothing read over REST', async () => {
    const graph = tree('running', [{ id: 1, status: 'running' }]);
    const c = client({ reads: [{ kind: 'same', graph }], rest: pipeline('running'), jobs: [] });
    const held: Held = { pipeline: pipeline('running'), jobs: [job(1, 'running')], bridges: [] };
    const next = await graphRound(
      { gl: c.gl, projectId: 1, projectPath: 'g/p', pipelineId: 7, reader: c.reader, now: () => 10_000, reads: reads(0), intervalMs: 3_000 },
      held,
    );
    expect(c.calls).toEqual(['tree']);
    expect(next).toEqual(held);
  });

  it('a fresh tree of 2,500 jobs (25 pages) is asked again only 7.5 s later; a 304 costs no budget', async () => {
    const jobs = Array.from({ length: 2_500 }, (_, i) => job(i + 1, 'running'));
    const graph = tree('running', jobs);
    const c = client({
      reads: [
        { kind: 'fresh', graph },
        { kind: 'same', graph },
        { kind: 'same', graph },
      ],
      rest: pipeline('running'),
      jobs,
    });
    const r = reads(0);
    let now = 1_000;
    const o = () => ({ gl: c.gl, projectId: 1, projectPath: 'g/p', pipelineId: 7, reader: c.reader, now: () => now, reads: r, intervalMs: 3_000 });
    let held: Held = { pipeline: pipeline('running'), jobs, bridges: [] };
    held = (await graphRound(o(), held))!;
    for (const t of [4_000, 7_000]) {
      now = t;
      held = (await graphRound(o(), held))!;
    }
    expect(c.calls).toEqual(['tree']);
    now = 8_500;
    held = (await graphRound(o(), held))!;
    now = 11_500;
    held = (await graphRound(o(), held))!;
    expect(c.calls).toEqual(['tree', 'tree', 'tree']);
  });

  it('GitLab refused the query just now: null, for the REST round to take over', async () => {
    const c = client({ reads: [{ kind: 'unavailable', reason: 'GitLab answered 404 to POST /api/graphql' }], rest: pipeline('running'), jobs: [] });
    const held: Held = { pipeline: pipeline('running'), jobs: [], bridges: [] };
    expect(
      await graphRound({ gl: c.gl, projectId: 1, projectPath: 'g/p', pipelineId: 7, reader: c.reader, now: () => 1, reads: reads(0), intervalMs: 3_000 }, held),
    ).toBeNull();
  });
});

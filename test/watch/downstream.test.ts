// Downstream pipelines through the bridges endpoint: a GitLab without it (404: older GitLab, or the
// simulator before it has the route) means "no bridges" and is not asked again; bridges parse into
// the outcome, where a failed bridge that may not fail makes the parent failed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitLab, type Job, type Pipeline } from '../../src/api/index.js';
import { downstreamReader } from '../../src/watch/downstream.js';
import { changes, outcomeOf, stagesOf, type Downstream } from '../../src/watch/model.js';

let server: Server;
let url: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/v4/projects/1/pipelines/5/bridges')) {
      res.statusCode = 404;
      res.end('{"message":"404 Not found"}');
    } else if (req.url?.startsWith('/api/v4/projects/2/pipelines/6/bridges')) {
      // As GitLab's Bridge entity sends them: JobBasic's ref and commit, PipelineBasic's sha and ref.
      const job = { ref: 'main', commit: { id: 'abc', short_id: 'abc', title: 'Fix' } };
      res.end(
        JSON.stringify([
          {
            ...job,
            id: 70,
            name: 'trigger:child',
            stage: 'deploy',
            status: 'failed',
            allow_failure: false,
            downstream_pipeline: { id: 90, project_id: 3, status: 'failed', sha: 'abc', ref: 'main', web_url: 'http://x/g/p/-/pipelines/90' },
          },
          { ...job, id: 71, name: 'docs', stage: 'deploy', status: 'success', downstream_pipeline: null },
        ]),
      );
    } else {
      res.statusCode = 500;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const gl = () => createGitLab({ baseUrl: url, token: 't', maxRetries: 0 });

describe('downstreamReader', () => {
  it('takes a 404 as "no bridges" and does not ask again', async () => {
    const reader = downstreamReader(gl(), 1);
    expect(await reader.read(5)).toEqual([]);
    expect(reader.supported).toBe(false);
    expect(await reader.read(5)).toEqual([]);
    expect(hits.filter((h) => h.includes('/1/pipelines/5/bridges'))).toHaveLength(1);
  });

  it('reads bridges with their downstream pipelines', async () => {
    const reader = downstreamReader(gl(), 2);
    const list = await reader.read(6);
    expect(reader.supported).toBe(true);
    expect(list).toEqual([
      {
        bridgeId: 70,
        bridgeName: 'trigger:child',
        stage: 'deploy',
        status: 'failed',
        allowFailure: false,
        pipelineId: 90,
        projectId: 3,
        pipelineStatus: 'failed',
        webUrl: 'http://x/g/p/-/pipelines/90',
      },
      {
        bridgeId: 71,
        bridgeName: 'docs',
        stage: 'deploy',
        status: 'success',
        allowFailure: false,
        pipelineId: null,
        projectId: null,
        pipelineStatus: null,
        webUrl: null,
      },
    ]);
  });
});

const pipeline = (status: string) => ({ id: 1, status, ref: 'main', sha: 'x' }) as Pipeline;
const bridge = (status: string, allowFailure = false): Downstream => ({
  bridgeId: 1,
  bridgeName: 'child',
  stage: 'deploy',
  status,
  allowFailure,
  pipelineId: 2,
  pipelineStatus: status,
  webUrl: null,
});

describe('outcomeOf', () => {
  it('is null while the pipeline runs, its status once it ended', () => {
    for (const s of ['created', 'pending', 'running', 'preparing', 'waiting_for_resource', 'scheduled', 'canceling'])
      expect(outcomeOf(pipeline(s), [])).toBeNull();
    for (const s of ['success', 'failed', 'canceled', 'skipped', 'manual']) expect(outcomeOf(pipeline(s), [])).toBe(s);
  });

  it('a parent read as success with a failed bridge that may not fail is failed; an allowed failure is not', () => {
    expect(outcomeOf(pipeline('success'), [bridge('failed')])).toBe('failed');
    expect(outcomeOf(pipeline('success'), [bridge('canceled')])).toBe('failed');
    expect(outcomeOf(pipeline('success'), [bridge('failed', true)])).toBe('success');
    expect(outcomeOf(pipeline('running'), [bridge('failed')])).toBeNull();
  });
});

const job = (id: number, stage: string, status: string, extra: Partial<Job> = {}) => ({ id, name: `j${id}`, stage, status, ...extra }) as Job;

describe('stages and changes', () => {
  it('orders stages by their first job and sums their status', () => {
    const jobs = [job(5, 'test', 'running'), job(2, 'build', 'success'), job(6, 'test', 'failed', { allow_failure: true }), job(9, 'deploy', 'created')];
    expect(stagesOf(jobs)).toEqual([
      { name: 'build', status: 'success', jobs: 1 },
      { name: 'test', status: 'running', jobs: 2 },
      { name: 'deploy', status: 'created', jobs: 1 },
    ]);
  });

  it('reports status changes and new jobs by id, then the pipeline', () => {
    const before = { pipeline: pipeline('running'), jobs: [job(1, 'a', 'running'), job(2, 'a', 'pending')], downstream: [] };
    const after = { pipeline: pipeline('failed'), jobs: [job(3, 'a', 'failed'), job(2, 'a', 'pending'), job(1, 'a', 'success')], downstream: [] };
    expect(
      changes(before, after).map((e) =>
        e.type === 'job' ? `${e.job.id}:${e.previous}>${e.job.status}` : e.type === 'pipeline' ? `p:${e.previous}>${e.pipeline.status}` : 'd',
      ),
    ).toEqual(['1:running>success', '3:null>failed', 'p:running>failed']);
  });
});

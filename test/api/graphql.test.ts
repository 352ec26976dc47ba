// The client's GraphQL read of a pipeline tree, against the simulator and against throwaway servers
// shaped as the GitLabs that will not serve it: one request with the bare resource header, its
// answer replayed on 304 (the very object), jobs paged past 100, the query within a user's
// complexity, and REST's path taken on 404/405/415, on `errors`, on 429 "polling disabled".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitLab, PIPELINE_GRAPH_QUERY } from '../../src/api/index.js';
import type { SimPipeline } from '../../src/sim/model.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { startServer, type TestServer } from './test-server.js';

let rig: Rig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

function newest(path: string, where: (p: SimPipeline) => boolean = () => true): SimPipeline {
  const ids = rig.sim.world.projectPipelines.get(rig.sim.world.projectsByPath.get(path)!.id)!;
  for (let i = ids.length - 1; i >= 0; i--) {
    const p = rig.sim.world.pipelines.get(ids[i]!)!;
    if (where(p)) return p;
  }
  throw new Error(`no pipeline of ${path}`);
}

const graphRequests = () => rig.sim.requests.filter((r) => r.path === '/api/graphql');

describe('reading a pipeline tree over GraphQL', () => {
  it('reads the pipeline and its jobs with their needs in REST words, then replays the very answer on 304', async () => {
    const p = newest('acme/api', (x) => x.ref === 'main');
    const first = await rig.gl.graphql.pipelineGraph('acme/api', p.iid, p.id);
    expect(first.kind).toBe('fresh');
    if (first.kind === 'unavailable') return;
    expect(first.graph.pipeline.id).toBe(p.id);
    expect(first.graph.pipeline.status).toBe(p.status);
    expect(first.graph.pipeline.uses_needs).toBe(true);
    const byName = new Map(first.graph.jobs.map((j) => [j.name, j]));
    expect(byName.get('build')!.needs).toBeNull();
    expect(byName.get('lint')!.needs).toEqual([]);
    expect(byName.get('test:integration')!.needs).toEqual(['build', 'docker:build']);
    expect(byName.get('build')!.id).toBe(rig.sim.world.pipelineJobs(p).find((j) => j.name === 'build')!.id);
    const sent = graphRequests().at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['x-gitlab-graphql-resource-etag']).toBe(`pipelines/id/${p.id}`);
    expect(sent.headers['if-none-match']).toBeUndefined();
    expect(sent.headers['private-token']).toBe(DEMO_TOKENS.user);

    const again = await rig.gl.graphql.pipelineGraph('acme/api', p.iid, p.id);
    expect(again.kind).toBe('same');
    if (again.kind !== 'same') return;
    expect(again.graph).toBe(first.graph);
    expect(graphRequests().at(-1)!.status).toBe(304);
    expect(graphRequests().at(-1)!.headers['if-none-match']).toMatch(/^W\//);
  });

  it('pages the jobs of a 322-job pipeline past 100, in one read', async () => {
    const p = newest('acme/monorepo');
    const before = graphRequests().length;
    const read = await rig.gl.graphql.pipelineGraph('acme/monorepo', p.iid, p.id);
    expect(read.kind).toBe('fresh');
    if (read.kind !== 'fresh') return;
    expect(read.graph.jobs.length).toBe(rig.sim.world.pipelineJobs(p).length);
    expect(new Set(read.graph.jobs.map((j) => j.id)).size).toBe(read.graph.jobs.length);
    expect(graphRequests().length - before).toBe(4);
  });

  it("reads downstream pipelines' jobs, and bridges with the pipeline they started", async () => {
    const parent = newest('acme/platform/deployer', (x) => rig.sim.world.pipelineJobs(x).some((j) => j.downstreamPipelineId !== null));
    const read = await rig.gl.graphql.pipelineGraph('acme/platform/deployer', parent.iid, parent.id);
    if (read.kind === 'unavailable') throw new Error(read.reason);
    const bridge = read.graph.jobs.find((j) => j.bridge && j.downstream_pipeline_id !== null)!;
    expect(bridge).toBeDefined();
    const child = read.graph.downstream.find((d) => d.id === bridge.downstream_pipeline_id)!;
    expect(child.jobs.length).toBe(rig.sim.world.pipelineJobs(rig.sim.world.pipelines.get(child.id)!).length);
    expect(child.project_path).toMatch(/^acme\//);
  });

  it("costs less than a user's complexity limit of 250", async () => {
    const p = newest('acme/api');
    const res = await fetch(`${rig.sim.url}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PRIVATE-TOKEN': DEMO_TOKENS.user },
      body: JSON.stringify({
        query: PIPELINE_GRAPH_QUERY.replace('project(fullPath', 'queryComplexity { score limit } project(fullPath'),
        variables: { path: 'acme/api', iid: String(p.iid) },
      }),
    });
    const { data } = (await res.json()) as { data: { queryComplexity: { score: number; limit: number } } };
    expect(data.queryComplexity.limit).toBe(250);
    expect(data.queryComplexity.score).toBeLessThan(250);
  });

  it('is refused by --read-only for nothing: a query changes nothing', async () => {
    const p = newest('acme/api');
    const readOnly = rig.client(DEMO_TOKENS.user, { readOnly: true });
    expect((await readOnly.graphql.pipelineGraph('acme/api', p.iid, p.id)).kind).toBe('fresh');
  });

  it('says a GitLab without GraphQL (404) is unavailable, once, and asks no more', async () => {
    rig.sim.setGraphQL('off');
    const p = newest('acme/api');
    const read = await rig.gl.graphql.pipelineGraph('acme/api', p.iid, p.id);
    expect(read).toEqual({ kind: 'unavailable', reason: 'GitLab answered 404 to POST /api/graphql' });
    const asked = graphRequests().length;
    expect((await rig.gl.graphql.pipelineGraph('acme/api', p.iid, p.id)).kind).toBe('unavailable');
    expect(graphRequests().length).toBe(asked);
    expect(rig.gl.graphql.unavailable).toMatch(/404/);
  });

  it('takes 429 "polling disabled" on a cache hit as unavailable', async () => {
    const p = newest('acme/api');
    expect((await rig.gl.graphql.pipelineGraph('acme/api', p.iid, p.id)).kind).toBe('fresh');
    rig.sim.setGraphQL('no-polling');
    expect(await rig.gl.graphql.pipelineGraph('acme/api', p.iid, p.id)).toEqual({ kind: 'unavailable', reason: 'GitLab answered 429: polling is disabled' });
  });

  it("throws GitLab's 401 for a revoked token, as REST does (a 304 would not have)", async () => {
    const p = newest('acme/api');
    const expired = rig.client(DEMO_TOKENS.expired);
    await expect(expired.graphql.pipelineGraph('acme/api', p.iid, p.id)).rejects.toMatchObject({ status: 401 });
  });
});

describe('GitLabs that will not serve the query', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  for (const status of [405, 415]) {
    it(`a proxy answering ${status}: unavailable`, async () => {
      server = await startServer((_req, res) => {
        res.writeHead(status, { 'Content-Type': 'text/html' });
        res.end('<html>refused</html>');
      });
      const gl = createGitLab({ baseUrl: server.url, token: 't', sleep: async () => {} });
      expect(await gl.graphql.pipelineGraph('a/b', 1, 2)).toEqual({ kind: 'unavailable', reason: `GitLab answered ${status} to POST /api/graphql` });
      expect(server.requests[0]!.url).toBe('/api/graphql');
    });
  }

  it('an older GitLab without a field: its `errors` make it unavailable, with the message', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: "Field 'schedulingType' doesn't exist on type 'CiJob'", locations: [{ line: 1, column: 2 }] }] }));
    });
    const gl = createGitLab({ baseUrl: server.url, token: 't', sleep: async () => {} });
    const read = await gl.graphql.pipelineGraph('a/b', 1, 2);
    expect(read).toEqual({ kind: 'unavailable', reason: "GitLab's GraphQL said: Field 'schedulingType' doesn't exist on type 'CiJob'" });
  });

  it('an answer the decoders refuse: unavailable, naming what was wrong', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ data: { project: { pipeline: { id: 'gid://gitlab/Ci::Pipeline/2', iid: '1', status: 'RUNNING', jobs: { nodes: [{ id: 7 }] } } } } }),
      );
    });
    const gl = createGitLab({ baseUrl: server.url, token: 't', sleep: async () => {} });
    const read = await gl.graphql.pipelineGraph('a/b', 1, 2);
    expect(read.kind).toBe('unavailable');
    if (read.kind === 'unavailable') expect(read.reason).toMatch(/^GitLab's GraphQL answer was not understood: GitLab sent/);
  });

  it('keeps only a clean answer that came with an ETag: without one, the next read asks afresh', async () => {
    const pipeline = { id: 'gid://gitlab/Ci::Pipeline/2', iid: '1', status: 'SUCCESS', jobs: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } };
    server = await startServer((_req, res, _rec, index) => {
      res.writeHead(200, { 'Content-Type': 'application/json', ...(index === 1 ? { ETag: 'W/"7"' } : {}) });
      res.end(JSON.stringify({ data: { project: { pipeline } } }));
    });
    const gl = createGitLab({ baseUrl: server.url, token: 't', sleep: async () => {} });
    expect((await gl.graphql.pipelineGraph('a/b', 1, 2)).kind).toBe('fresh');
    expect((await gl.graphql.pipelineGraph('a/b', 1, 2)).kind).toBe('fresh');
    expect((await gl.graphql.pipelineGraph('a/b', 1, 2)).kind).toBe('fresh');
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined, 'W/"7"']);
    expect(server.requests[0]!.headers['x-gitlab-graphql-resource-etag']).toBe('pipelines/id/2');
  });
});

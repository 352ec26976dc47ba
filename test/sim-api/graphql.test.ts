// The simulator's /api/graphql against what GitLab does: its type and field names, the needs of
// a DAG pipeline, paging at 100, the limits' `errors`, and the ETag middleware — 304 with an empty
// body before authentication, touched on a status change of the pipeline's jobs (and of its
// downstream pipelines'), not when a log grows; 429 with polling disabled; 404 with GraphQL off.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimPipeline } from '../../src/sim/model.js';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';
import { START } from '../helpers/sim.js';

const PIPELINE = `query($path: ID!, $iid: ID!) {
  project(fullPath: $path) {
    pipeline(iid: $iid) {
      id iid status usesNeeds duration queuedDuration
      jobs(first: 100, retried: false) {
        count
        pageInfo { hasNextPage endCursor }
        nodes {
          id name kind status stage { name } needs { nodes { name } } schedulingType allowFailure
          duration queuedDuration startedAt finishedAt retried retryable playable manualJob cancelable failureMessage
          downstreamPipeline { id iid status project { fullPath } jobs { nodes { id name status } } }
        }
      }
      downstream { nodes { id iid status } }
      upstream { id iid }
    }
  }
}`;

let sim: Simulator;
beforeEach(async () => {
  sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
});
afterEach(async () => {
  await sim.close();
});

function newest(path: string, where: (p: SimPipeline) => boolean = () => true): SimPipeline {
  const ids = sim.world.projectPipelines.get(sim.world.projectsByPath.get(path)!.id)!;
  for (let i = ids.length - 1; i >= 0; i--) {
    const p = sim.world.pipelines.get(ids[i]!)!;
    if (where(p)) return p;
  }
  throw new Error(`no pipeline of ${path}`);
}

async function post(body: unknown, headers: Record<string, string> = {}, token: string | null = DEMO_TOKENS.user) {
  const res = await fetch(`${sim.url}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'PRIVATE-TOKEN': token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are walked freely in these tests
  return { status: res.status, headers: res.headers, text, json: text ? (JSON.parse(text) as Record<string, any>) : null };
}

const ask = (p: SimPipeline, path: string, headers: Record<string, string> = {}) => post({ query: PIPELINE, variables: { path, iid: String(p.iid) } }, headers);

describe('POST /api/graphql', () => {
  it("answers a pipeline with GitLab's names: global ids, upper-case statuses, needs, stages", async () => {
    const p = newest('acme/api', (x) => x.ref === 'main' && x.status !== 'running');
    const { status, json } = await ask(p, 'acme/api');
    expect(status).toBe(200);
    expect(json!.errors).toBeUndefined();
    const pipeline = json!.data.project.pipeline;
    expect(pipeline.id).toBe(`gid://gitlab/Ci::Pipeline/${p.id}`);
    expect(pipeline.iid).toBe(String(p.iid));
    expect(pipeline.status).toBe(p.status.toUpperCase());
    expect(pipeline.usesNeeds).toBe(true);
    const jobs = pipeline.jobs.nodes as {
      id: string;
      name: string;
      kind: string;
      status: string;
      stage: { name: string };
      needs: { nodes: { name: string }[] };
      schedulingType: string;
    }[];
    const byName = new Map(jobs.map((j) => [j.name, j]));
    expect(byName.get('build')!.id).toMatch(/^gid:\/\/gitlab\/Ci::Build\/\d+$/);
    expect(byName.get('build')!.kind).toBe('BUILD');
    expect(byName.get('build')!.schedulingType).toBe('stage');
    expect(byName.get('build')!.needs.nodes).toEqual([]);
    expect(byName.get('test:integration')!.needs.nodes.map((n) => n.name)).toEqual(['build', 'docker:build']);
    expect(byName.get('test:integration')!.schedulingType).toBe('dag');
    expect(byName.get('lint')!.stage.name).toBe('test');
    expect(byName.get('deploy:staging')!.needs.nodes.map((n) => n.name)).toEqual(['test:unit', 'test:integration', 'lint']);
    expect(pipeline.jobs.pageInfo.hasNextPage).toBe(false);
    expect(pipeline.upstream).toBeNull();
  });

  it('keeps REST without needs: the jobs list has no such field', async () => {
    const p = newest('acme/api');
    const res = await fetch(`${sim.apiUrl}/projects/acme%2Fapi/pipelines/${p.id}/jobs`, { headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.user } });
    const jobs = (await res.json()) as Record<string, unknown>[];
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(Object.keys(job)).not.toContain('needs');
  });

  it('pages a 322-job pipeline at 100 with keyset cursors, and cuts a larger `first` to 100', async () => {
    const p = newest('acme/monorepo');
    const query = `query($path: ID!, $iid: ID!, $after: String) { project(fullPath: $path) { pipeline(iid: $iid) { jobs(first: 500, after: $after) { count pageInfo { hasNextPage endCursor } nodes { id } } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (; pages < 10; pages++) {
      const { json } = await post({ query, variables: { path: 'acme/monorepo', iid: String(p.iid), after } });
      const jobs = json!.data.project.pipeline.jobs;
      expect(jobs.nodes.length).toBeLessThanOrEqual(100);
      seen.push(...jobs.nodes.map((n: { id: string }) => n.id));
      if (!jobs.pageInfo.hasNextPage) break;
      after = jobs.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(sim.world.pipelineJobs(p, true).length);
  });

  it("answers downstream pipelines with their jobs, and a child's upstream", async () => {
    const parent = newest('acme/platform/deployer', (x) => sim.world.pipelineJobs(x).some((j) => j.downstreamPipelineId !== null));
    const { json } = await ask(parent, 'acme/platform/deployer');
    const pipeline = json!.data.project.pipeline;
    const bridges = pipeline.jobs.nodes.filter((j: { kind: string }) => j.kind === 'BRIDGE');
    expect(bridges.length).toBeGreaterThan(0);
    const withChild = bridges.find((b: { downstreamPipeline: unknown }) => b.downstreamPipeline);
    expect(withChild.id).toMatch(/^gid:\/\/gitlab\/Ci::Bridge\//);
    expect(withChild.downstreamPipeline.jobs.nodes.length).toBeGreaterThan(0);
    expect(pipeline.downstream.nodes.length).toBeGreaterThan(0);
    const child = sim.world.pipelines.get(Number(/\d+$/.exec(pipeline.downstream.nodes[0].id)![0]))!;
    const childPath = [...sim.world.projectsByPath.entries()].find(([, proj]) => proj.id === child.projectId)![0];
    const up = await ask(child, childPath);
    expect(up.json!.data.project.pipeline.upstream.id).toBe(pipeline.id);
  });

  it("says a query's complexity and refuses one over 250 with GitLab's errors and no data", async () => {
    const small = await post({ query: '{ queryComplexity { score limit } }' });
    expect(small.json!.data.queryComplexity.limit).toBe(250);
    const p = newest('acme/api');
    const cost = await post({
      query: PIPELINE.replace('project(fullPath', 'queryComplexity { score limit } project(fullPath'),
      variables: { path: 'acme/api', iid: String(p.iid) },
    });
    const score = cost.json!.data.queryComplexity.score as number;
    expect(score).toBeGreaterThan(50);
    expect(score).toBeLessThanOrEqual(250);
    // The same selection ten times over, under aliases, costs ten times as much: too much.
    const inner = 'jobs(first: 100) { nodes { id name status stage { name } needs { nodes { name } } startedAt finishedAt duration } }';
    const aliases = 'abcdefghij'.split('').map((a) => `${a}: pipeline(iid: "1") { ${inner} }`);
    const heavy = `{ project(fullPath: "acme/api") { ${aliases.join(' ')} } }`;
    const refused = await post({ query: heavy });
    expect(refused.status).toBe(200);
    expect(refused.json!.data).toBeUndefined();
    expect(refused.json!.errors[0].message).toMatch(/^Query has complexity of \d+, which exceeds max complexity of 250$/);
    // An administrator's limit is 300, an anonymous caller's 200.
    expect((await post({ query: '{ queryComplexity { limit } }' }, {}, DEMO_TOKENS.admin)).json!.data.queryComplexity.limit).toBe(300);
    expect((await post({ query: '{ queryComplexity { limit } }' }, {}, null)).json!.data.queryComplexity.limit).toBe(200);
  });

  it('refuses a query deeper than 20, an unknown field as graphql-ruby words it, a query over 10,000 characters, and a bad token', async () => {
    const deep = `{ project(fullPath: "acme/api") { pipeline(iid: "1") { ${'upstream { '.repeat(20)}id${' }'.repeat(20)} } } }`;
    expect((await post({ query: deep })).json!.errors[0].message).toMatch(/^Query has depth of \d+, which exceeds max depth of 20$/);
    const unknown = await post({ query: '{ project(fullPath: "acme/api") { pipeline(iid: "1") { jobs { nodes { exitCodeFromTheFuture } } } } }' });
    expect(unknown.status).toBe(200);
    expect(unknown.json!.errors[0].message).toBe("Field 'exitCodeFromTheFuture' doesn't exist on type 'CiJob'");
    const large = await post({ query: `{ queryComplexity { score } } ${'#'.repeat(10_001)}` });
    expect(large.status).toBe(422);
    expect(large.json!.errors[0].message).toBe('Query too large');
    const bad = await post({ query: '{ queryComplexity { score } }' }, {}, 'no-such-token');
    expect(bad.status).toBe(401);
    expect(bad.json!.errors[0].message).toBe('Invalid token');
    expect((await post({ query: '{ queryComplexity { score } }' }, {}, DEMO_TOKENS.expired)).status).toBe(401);
  });

  it('hides a private project from who may not see it: null, not an error', async () => {
    const { json } = await post({ query: '{ project(fullPath: "secret/payroll") { id } }' });
    expect(json!.data.project).toBeNull();
    const admin = await post({ query: '{ project(fullPath: "secret/payroll") { id } }' }, {}, DEMO_TOKENS.admin);
    expect(admin.json!.data.project.id).toMatch(/^gid:\/\/gitlab\/Project\//);
  });
});

describe('the ETag middleware', () => {
  it('gives a weak ETag for the resource and answers it 304 with an empty body, before authentication', async () => {
    const p = newest('acme/api', (x) => x.status === 'success' || x.status === 'failed');
    const header = { 'X-GITLAB-GRAPHQL-RESOURCE-ETAG': `pipelines/id/${p.id}` };
    const first = await ask(p, 'acme/api', header);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    const again = await ask(p, 'acme/api', { ...header, 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('x-gitlab-from-cache')).toBe('true');
    // The tag is the resource's, not the query's, and a bad token still gets the 304.
    const other = await post({ query: '{ queryComplexity { score } }' }, { ...header, 'If-None-Match': etag }, 'no-such-token');
    expect(other.status).toBe(304);
    // The `/api/graphql:` prefixed form names the same resource.
    expect((await ask(p, 'acme/api', { 'X-GITLAB-GRAPHQL-RESOURCE-ETAG': `/api/graphql:pipelines/id/${p.id}`, 'If-None-Match': etag })).status).toBe(304);
    // Without the resource header there is no ETag and no 304.
    const bare = await ask(p, 'acme/api', { 'If-None-Match': etag });
    expect(bare.status).toBe(200);
    expect(bare.headers.get('etag')).toBeNull();
  });

  it("is touched when a job's status changes, not when its log grows", async () => {
    const p = newest('acme/api', (x) => sim.world.pipelineJobs(x).some((j) => j.status === 'running'));
    const header = { 'X-GITLAB-GRAPHQL-RESOURCE-ETAG': `pipelines/id/${p.id}` };
    const etag = (await ask(p, 'acme/api', header)).headers.get('etag')!;
    const running = sim.world.pipelineJobs(p).find((j) => j.status === 'running')!;
    const statuses = () =>
      sim.world
        .pipelineJobs(p, true)
        .map((j) => `${j.id}:${j.status}`)
        .join();
    // Move the clock a second at a time while no status changes: the log grows, the tag stays.
    const before = statuses();
    let quiet = 0;
    for (let i = 0; i < 600 && statuses() === before; i++) {
      sim.clock.advance(1_000);
      sim.sync();
      if (statuses() !== before) break;
      quiet++;
      expect((await ask(p, 'acme/api', { ...header, 'If-None-Match': etag })).status).toBe(304);
      if (quiet >= 3) break;
    }
    expect(quiet).toBeGreaterThan(0);
    // Then until a status changes: the next read is a 200 with a new tag.
    for (let i = 0; i < 2_000 && statuses() === before; i++) {
      sim.clock.advance(5_000);
      sim.sync();
    }
    expect(statuses()).not.toBe(before);
    const changed = await ask(p, 'acme/api', { ...header, 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(running.id).toBeGreaterThan(0);
  });

  it("touches the parent's tag when a job of its child pipeline changes", async () => {
    const child = newest('acme/platform/deployer', (x) => x.source === 'parent_pipeline');
    const parent = sim.world.pipelines.get(sim.world.jobs.get(child.upstreamBridgeId!)!.pipelineId)!;
    const before = sim.etags.touches.get(`pipelines/id/${parent.id}`) ?? 0;
    const job = sim.world.pipelineJobs(child)[0]!;
    sim.world.setStatus(job, job.status === 'success' ? 'failed' : 'success', sim.world.now);
    expect(sim.etags.touches.get(`pipelines/id/${parent.id}`)).toBe(before + 1);
    expect(sim.etags.touches.get(`pipelines/id/${child.id}`)).toBeGreaterThan(0);
    // Another project's pipeline is not touched.
    const other = newest('acme/api');
    expect(sim.etags.touches.get(`pipelines/id/${other.id}`) ?? 0).toBe(0);
  });

  it('answers a cache hit 429 when polling is disabled, and 404 when GraphQL is off', async () => {
    const p = newest('acme/api');
    const header = { 'X-GITLAB-GRAPHQL-RESOURCE-ETAG': `pipelines/id/${p.id}` };
    const etag = (await ask(p, 'acme/api', header)).headers.get('etag')!;
    sim.setGraphQL('no-polling');
    const hit = await ask(p, 'acme/api', { ...header, 'If-None-Match': etag });
    expect(hit.status).toBe(429);
    expect(hit.text).toBe('');
    sim.setGraphQL('off');
    expect((await ask(p, 'acme/api', header)).status).toBe(404);
    sim.setGraphQL('on');
    expect((await ask(p, 'acme/api', { ...header, 'If-None-Match': etag })).status).toBe(304);
  });
});

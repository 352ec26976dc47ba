// Pipelines (docs/gitlab-api.md §4.2) through the API module against the simulator: every list filter, the full
// form, create/retry/cancel and their transitions, jobs moving stage by stage on the clock, and a
// world that is the same for the same seed. Each test its own world: what one creates, retries,
// cancels or advances, no other sees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job, Pipeline, PipelineBasic } from '../../src/api/index.js';
import { MINUTE, START, startRig, type Rig } from '../helpers/sim.js';
import { apiError } from '../helpers/expect.js';
import { PROJECTS } from '../../src/sim/world/catalog.js';

const API = 'acme/api';
let rig: Rig;

beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

const all = (filters: Parameters<Rig['gl']['pipelines']['list']>[1] = {}, project = API) => rig.gl.pipelines.list(project, { perPage: 100, ...filters }).all();

describe('pipeline list', () => {
  it('has hundreds of pipelines of history in every status, newest first, with totals', async () => {
    const first = await rig.gl.pipelines.list(API, { perPage: 100 }).pages()[Symbol.asyncIterator]().next();
    const page = first.value!;
    expect(page.total).toBeGreaterThan(200);
    expect(page.totalPages).toBe(Math.ceil(page.total! / 100));
    const list = await all();
    expect(list.length).toBe(page.total);
    expect(new Set(list.map((p) => p.status))).toEqual(new Set(['running', 'success', 'failed', 'canceled', 'skipped']));
    expect(list.map((p) => p.id)).toEqual([...list.map((p) => p.id)].sort((a, b) => b - a));
    const keys = Object.keys(list[0]!);
    expect(keys).toEqual(expect.arrayContaining(['id', 'status', 'ref', 'sha', 'iid', 'project_id', 'source', 'created_at', 'updated_at', 'web_url']));
    expect(keys).not.toContain('before_sha');
  });

  it('filters by status, scope, ref, yaml_errors, username and name', async () => {
    const failed = await all({ status: 'failed' });
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.every((p) => p.status === 'failed')).toBe(true);

    const finished = await all({ scope: 'finished' });
    expect(finished.every((p) => ['success', 'failed', 'canceled', 'skipped'].includes(p.status))).toBe(true);
    const running = await all({ scope: 'running' });
    expect(running.length).toBeGreaterThan(0);
    expect(running.every((p) => p.status === 'running')).toBe(true);

    const tags = await all({ scope: 'tags' });
    const branches = await all({ scope: 'branches' });
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((p) => /^v\d/.test(p.ref))).toBe(true);
    expect(tags.length + branches.length).toBe((await all()).length);

    const onBranch = await all({ ref: 'fix/timeouts' });
    expect(onBranch.length).toBeGreaterThan(0);
    expect(onBranch.every((p) => p.ref === 'fix/timeouts')).toBe(true);

    const broken = await all({ yaml_errors: true });
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.every((p) => p.status === 'failed')).toBe(true);
    for (const p of broken) expect((await rig.gl.pipelines.get(API, p.id)).yaml_errors).toMatch(/unknown keys/);

    const bobs = await all({ username: 'bob' });
    expect(bobs.length).toBeGreaterThan(0);
    for (const p of bobs.slice(0, 3)) expect((await rig.gl.pipelines.get(API, p.id)).user.username).toBe('bob');
    // `name` is the pipeline's own name since GitLab 15.11 (Ci::PipelinesFinder#by_name), not its user's.
    expect(await all({ name: 'Bob Okafor' })).toEqual([]);
    // Scheduled pipelines are named "Scheduled pipeline" in the simulator's world.
    const named = await all({ name: 'Scheduled pipeline' });
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((p) => p.source === 'schedule')).toBe(true);
  });

  it('filters by sha and updated_after/updated_before, orders by updated_at (GitLab 17)', async () => {
    const every = await all();
    const target = every[3]!;
    expect((await all({ sha: target.sha })).every((p) => p.sha === target.sha)).toBe(true);
    expect((await all({ sha: target.sha })).map((p) => p.id)).toContain(target.id);
    const at = target.updated_at!;
    expect((await all({ updated_after: at })).every((p) => Date.parse(p.updated_at!) >= Date.parse(at))).toBe(true);
    expect((await all({ updated_before: at })).every((p) => Date.parse(p.updated_at!) <= Date.parse(at))).toBe(true);
    // Inclusive, as GitLab's UpdatedAtFilterable: the pipeline updated at that instant is in both.
    expect((await all({ updated_after: at })).map((p) => p.id)).toContain(target.id);
    expect((await all({ updated_before: at })).map((p) => p.id)).toContain(target.id);
    const byUpdate = await all({ order_by: 'updated_at', sort: 'asc' });
    const times = byUpdate.map((p) => Date.parse(p.updated_at!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await expect(all({ updated_after: 'yesterday' })).rejects.toMatchObject({ status: 400, reason: 'updated_after is invalid' });
    expect((await all({ status: 'preparing' })).every((p) => p.status === 'preparing')).toBe(true);
  });

  it('orders by id, status, ref or user_id, ascending or descending', async () => {
    const asc = await all({ order_by: 'id', sort: 'asc' });
    expect(asc.map((p) => p.id)).toEqual([...asc.map((p) => p.id)].sort((a, b) => a - b));
    const byRef = await all({ order_by: 'ref', sort: 'asc' });
    const refs = byRef.map((p) => p.ref);
    expect(refs).toEqual([...refs].sort());
    const byStatus = await all({ order_by: 'status', sort: 'desc' });
    const statuses = byStatus.map((p) => p.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
  });

  it("answers invalid filter values with GitLab's 400", async () => {
    const error = await apiError(rig.gl.client.get('/projects/acme%2Fapi/pipelines?status=bogus'));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/status does not have a valid value/);
    expect((await apiError(rig.gl.client.get('/projects/acme%2Fapi/pipelines?scope=all'))).message).toMatch(/scope does not have a valid value/);
  });
});

describe('a single pipeline', () => {
  it("has every field of the full form (gitlab-api.md §2.4) and GitLab's detailed_status", async () => {
    const [latest] = await all({ status: 'success' });
    const p = await rig.gl.pipelines.get(API, latest!.id);
    for (const key of [
      'id',
      'status',
      'ref',
      'sha',
      'before_sha',
      'tag',
      'yaml_errors',
      'user',
      'created_at',
      'updated_at',
      'started_at',
      'finished_at',
      'committed_at',
      'duration',
      'coverage',
    ]) {
      expect(p).toHaveProperty(key);
    }
    expect(Object.keys(p.user)).toEqual(expect.arrayContaining(['name', 'username', 'id', 'state', 'avatar_url', 'web_url']));
    expect(typeof p.duration).toBe('number');
    expect(p.coverage === null || p.coverage === undefined || /^\d+\.\d{2}$/.test(p.coverage)).toBe(true);
    expect(p.detailed_status?.text).toBe('passed');
    expect(Date.parse(p.finished_at!)).toBeGreaterThanOrEqual(Date.parse(p.started_at!));
  });

  it('answers 404 "404 Not found" for an unknown pipeline and "404 Project Not Found" for an unknown project', async () => {
    expect((await apiError(rig.gl.pipelines.get(API, 1))).message).toMatch(/404 Not found/);
    expect((await apiError(rig.gl.pipelines.get('nope/nope', 1))).message).toMatch(/404 Project Not Found/);
  });
});

describe('creating and running a pipeline', () => {
  it('creates a pipeline for a ref: 201, pending, before_sha zeros, source api, the caller as user', async () => {
    const res = await rig.gl.client.request<Pipeline>('POST', '/projects/acme%2Fapi/pipeline', { query: { ref: 'main' } });
    expect(res.status).toBe(201);
    const created = res.data;
    expect(created.status).toBe('pending');
    expect(created.ref).toBe('main');
    expect(created.before_sha).toBe('0'.repeat(40));
    expect(created.source).toBe('api');
    expect(created.user.username).toBe('alice');
    expect(created.started_at).toBeNull();
    const sent = rig.sim.requests.find((r) => r.method === 'POST' && r.path.startsWith('/projects/acme%2Fapi/pipeline?'));
    expect(sent?.path).toContain('ref=main');
  });

  it('runs its jobs stage by stage, and a job with needs as soon as what it needs is done, then the pipeline finishes', async () => {
    const stages = ['build', 'test', 'security', 'deploy'];
    const needsOf = new Map(PROJECTS.find((p) => `${p.namespace}/${p.path}` === API)!.jobs.map((t) => [t.name, t.needs]));
    const created = await rig.gl.pipelines.create(API, 'main');
    const jobs0 = await rig.gl.jobs.listForPipeline(API, created.id, { perPage: 100 }).all();
    // The build stage and `lint` (needs: []) start with the pipeline; the rest waits.
    expect(new Set(jobs0.filter((j) => j.stage === 'build' || j.name === 'lint').map((j) => j.status))).toEqual(new Set(['pending']));
    expect(new Set(jobs0.filter((j) => j.stage !== 'build' && j.name !== 'lint').map((j) => j.status))).toEqual(new Set(['created']));

    const history = new Map<number, string[]>();
    let pipeline: Pipeline = created;
    let beforeItsStage = 0;
    for (let i = 0; i < 200 && !['success', 'failed', 'canceled', 'manual'].includes(pipeline.status); i++) {
      rig.advance(10_000);
      const jobs: Job[] = await rig.gl.jobs.listForPipeline(API, created.id, { perPage: 100 }).all();
      for (const job of jobs) {
        const seen = history.get(job.id) ?? [];
        if (seen[seen.length - 1] !== job.status) seen.push(job.status);
        history.set(job.id, seen);
        if (job.status !== 'running' && job.status !== 'pending') continue;
        const needs = needsOf.get(job.name);
        const earlierActive = jobs.some((o) => stages.indexOf(o.stage) < stages.indexOf(job.stage) && ['pending', 'running', 'created'].includes(o.status));
        if (needs === undefined) {
          // Without needs, no job of a later stage is ever active while an earlier stage still has active jobs.
          expect(earlierActive).toBe(false);
        } else {
          // With needs, only what it needs must be done.
          for (const name of needs) expect(jobs.find((o) => o.name === name)?.status).toBe('success');
          if (earlierActive) beforeItsStage++;
        }
      }
      pipeline = await rig.gl.pipelines.get(API, created.id);
    }
    expect(beforeItsStage).toBeGreaterThan(0);
    expect(['success', 'failed']).toContain(pipeline.status);
    expect(pipeline.finished_at).not.toBeNull();
    expect(pipeline.duration).toBeGreaterThan(0);
    const build = [...history.values()][0]!;
    expect(build).toEqual(expect.arrayContaining(['running']));
    const paths = [...history.values()].map((h) => h.join('>'));
    expect(paths.some((p) => /running>(success|failed)$/.test(p))).toBe(true);
  });

  it('refuses a missing ref (400 "ref is missing") and an unknown one (400 base: Reference not found)', async () => {
    const missing = await apiError(rig.gl.client.post('/projects/acme%2Fapi/pipeline'));
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(/ref is missing/);
    const unknown = await apiError(rig.gl.pipelines.create(API, 'no-such-branch'));
    expect(unknown.status).toBe(400);
    expect(unknown.fields).toEqual({ base: ['Reference not found'] });
  });

  it('cancels a running pipeline (200, canceled) and cancel of a finished one changes nothing (200)', async () => {
    const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
    rig.advance(30_000);
    const res = await rig.gl.client.request<Pipeline>('POST', `/projects/acme%2Fapi/pipelines/${p.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('canceled');
    const jobs = await rig.gl.jobs.listForPipeline(API, p.id, { perPage: 100 }).all();
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(['canceled']));
    const again = await rig.gl.client.request<Pipeline>('POST', `/projects/acme%2Fapi/pipelines/${p.id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.data.status).toBe('canceled');
    expect(again.data.updated_at).toBe(res.data.updated_at);
  });

  it('retries a failed or canceled pipeline: 201, its failed jobs replaced by new pending ones', async () => {
    const [failed] = await all({ status: 'failed' });
    const before = await rig.gl.jobs.listForPipeline(API, failed!.id, { perPage: 100 }).all();
    const failedJobs = before.filter((j) => j.status === 'failed');
    expect(failedJobs.length).toBeGreaterThan(0);
    const res = await rig.gl.client.request<Pipeline>('POST', `/projects/acme%2Fapi/pipelines/${failed!.id}/retry`);
    expect(res.status).toBe(201);
    expect(['pending', 'running']).toContain(res.data.status);
    const after = await rig.gl.jobs.listForPipeline(API, failed!.id, { perPage: 100 }).all();
    for (const job of failedJobs) {
      expect(after.some((j) => j.id === job.id)).toBe(false);
      expect(after.some((j) => j.name === job.name && j.id > job.id && j.status === 'pending')).toBe(true);
    }
  });

  it('lets a second user act too, and records who did it', async () => {
    const p = await rig.other.pipelines.create(API, 'main');
    expect(p.user.username).toBe('bob');
    const mine = (await all({ username: 'bob' })).map((x: PipelineBasic) => x.id);
    expect(mine).toContain(p.id);
    rig.advance(MINUTE);
  });
});

describe('a deterministic world', () => {
  it('builds the same world for the same seed and another one for another seed', async () => {
    const a = await startRig({ seed: 11, startTime: START });
    const b = await startRig({ seed: 11, startTime: START });
    const c = await startRig({ seed: 12, startTime: START });
    try {
      const page = (r: Rig) => r.gl.pipelines.list('acme/web', { perPage: 50 }).all(50);
      const [pa, pb, pc] = await Promise.all([page(a), page(b), page(c)]);
      expect(pa).toEqual(pb.map((p) => ({ ...p, web_url: p.web_url!.replace(b.sim.url, a.sim.url) })));
      expect(pa.map((p) => p.sha)).not.toEqual(pc.map((p) => p.sha));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

describe('retry answers (docs/gitlab-api.md §3: pending)', () => {
  it('a job retry answers the new job pending', async () => {
    const [failed] = await all({ status: 'failed' });
    const job = (await rig.gl.jobs.listForPipeline(API, failed!.id, { scope: 'failed' }).all())[0]!;
    expect((await rig.gl.jobs.retry(API, job.id)).status).toBe('pending');
  });

  it('a pipeline canceled while its first jobs ran is pending again after a retry', async () => {
    const p = await rig.gl.pipelines.create(API, 'main');
    for (let i = 0; i < 60 && (await rig.gl.pipelines.get(API, p.id)).status !== 'running'; i++) rig.advance(5_000);
    expect((await rig.gl.pipelines.cancel(API, p.id)).status).toBe('canceled');
    // Every job is now pending or created (the canceled ones are hidden as retried): pending.
    expect((await rig.gl.pipelines.retry(API, p.id)).status).toBe('pending');
  });

  it('a pipeline whose other jobs passed answers pending too (docs/gitlab-api.md §3), running once a retried job runs', async () => {
    const failed = (await all({ status: 'failed' })).slice(1);
    for (const p of failed) {
      const jobs = await rig.gl.jobs.listForPipeline(API, p.id, { perPage: 100 }).all();
      if (!jobs.some((j) => j.status === 'success')) continue;
      expect((await rig.gl.pipelines.retry(API, p.id)).status).toBe('pending');
      expect((await rig.gl.pipelines.get(API, p.id)).status).toBe('pending');
      for (let i = 0; i < 60 && !(await rig.gl.jobs.listForPipeline(API, p.id, { scope: 'running' }).all()).length; i++) rig.advance(5_000);
      expect((await rig.gl.pipelines.get(API, p.id)).status).toBe('running');
      return;
    }
    throw new Error('no failed pipeline with passed jobs');
  });

  it('a canceled job of a later stage, retried, answers pending (docs/gitlab-api.md §3), not created', async () => {
    const p = await rig.gl.pipelines.create(API, 'main');
    for (let i = 0; i < 60 && (await rig.gl.pipelines.get(API, p.id)).status !== 'running'; i++) rig.advance(5_000);
    await rig.gl.pipelines.cancel(API, p.id);
    const jobs = await rig.gl.jobs.listForPipeline(API, p.id, { perPage: 100 }).all();
    const stages = [...new Set(jobs.map((j) => j.stage))];
    const later = jobs.filter((j) => j.status === 'canceled' && j.stage !== stages[stages.length - 1]).pop() ?? jobs.find((j) => j.status === 'canceled')!;
    const fresh = await rig.gl.jobs.retry(API, later.id);
    expect(fresh.status).toBe('pending');
    expect([fresh.started_at, fresh.finished_at]).toEqual([null, null]);
  });
});

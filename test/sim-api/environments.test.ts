// Environments, deployment approvals and repository compare (docs/gitlab-api.md "Environments"),
// through the typed client against the simulator over real HTTP: the demo world's environments, the
// filters and errors of lib/api/environments.rb, stop, the approval service's refusals, compare, and
// a rollback as GitLab's "Re-deploy" does it (retry the old deploy job: a new deployment of that commit).
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Deployment, EnvironmentDetail } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { ISO_MS, apiError } from '../helpers/expect.js';

const API = 'acme/api';
/** Its production (the manual `apply`) needs an approval (docs/development.md "Environments"). */
const TF = 'acme/platform/infra/terraform';
const TF_PATH = encodeURIComponent(TF);
const DEMO_PROJECTS = ['acme/api', 'acme/web', 'acme/platform/infra/terraform', 'acme/monorepo', 'ops/runbooks', 'acme/platform/deployer', 'acme/mobile'];

const envNamed = async (rig: Rig, project: string, name: string): Promise<EnvironmentDetail> => (await rig.gl.environments.list(project, { name }).all())[0]!;
const blocked = async (rig: Rig): Promise<Deployment[]> =>
  rig.gl.deployments.list(TF, { environment: 'production', status: 'blocked', order_by: 'id', sort: 'desc' }).all(100);

describe('environments (read)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('every demo project has staging and production; list items carry tier, state, auto_stop_at and the project, in id order', async () => {
    for (const path of DEMO_PROJECTS) {
      const envs = await rig.gl.environments.list(path, { perPage: 100 }).all();
      const names = envs.map((e) => e.name);
      expect(names).toEqual(expect.arrayContaining(['staging', 'production']));
      expect(envs.map((e) => e.id)).toEqual([...envs.map((e) => e.id)].sort((a, b) => a - b));
      for (const env of envs) {
        expect(['available', 'stopping', 'stopped']).toContain(env.state);
        expect(env.created_at).toMatch(ISO_MS);
        expect(env.auto_stop_at === null || typeof env.auto_stop_at === 'string').toBe(true);
        expect((env as Record<string, unknown>).project).toMatchObject({ path_with_namespace: path });
        expect('last_deployment' in env).toBe(false);
      }
      expect(envs.find((e) => e.name === 'production')!.tier).toBe('production');
      expect(envs.find((e) => e.name === 'staging')!.tier).toBe('staging');
    }
  });

  it('staging and production were deployed successfully at several commits', async () => {
    for (const path of DEMO_PROJECTS) {
      for (const environment of ['staging', 'production']) {
        const ok = await rig.gl.deployments.list(path, { environment, status: 'success', perPage: 100 }).all();
        expect(ok.length, `${path} ${environment}`).toBeGreaterThan(0);
        if (path !== 'acme/platform/deployer' && path !== 'acme/mobile')
          expect(new Set(ok.map((d) => d.sha)).size, `${path} ${environment}`).toBeGreaterThan(1);
      }
    }
  });

  it('acme/api has review apps: tier development, stopped a week after their last deployment', async () => {
    const reviews = await rig.gl.environments.list(API, { search: 'review/' }).all();
    expect(reviews.length).toBeGreaterThan(1);
    const now = rig.sim.world.now;
    for (const env of reviews) {
      expect(env.tier).toBe('development');
      expect(env.auto_stop_at).toMatch(ISO_MS);
      // Available until its auto_stop_at, stopped after it.
      expect(env.state).toBe(Date.parse(env.auto_stop_at!) > now ? 'available' : 'stopped');
    }
  });

  it('filters: name is exact, search a prefix of 3 or more characters, states one state', async () => {
    expect((await rig.gl.environments.list(API, { name: 'production' }).all()).map((e) => e.name)).toEqual(['production']);
    expect(await rig.gl.environments.list(API, { name: 'prod' }).all()).toEqual([]);
    const prefixed = await rig.gl.environments.list(API, { search: 'REV' }).all();
    expect(prefixed.length).toBeGreaterThan(0);
    expect(prefixed.every((e) => e.name.startsWith('review/'))).toBe(true);
    const stopped = await rig.gl.environments.list('acme/web', { states: 'stopped' }).all();
    expect(stopped.every((e) => e.state === 'stopped')).toBe(true);
  });

  it("refuses GitLab's way: a short search, name with search, an unknown state, an unknown environment", async () => {
    const short = await apiError(rig.gl.environments.list(API, { search: 're' }).all());
    expect([short.status, JSON.parse(short.body!)]).toEqual([400, { message: '400 Bad request - Search query is less than 3 characters' }]);
    const both = await apiError(rig.gl.environments.list(API, { name: 'production', search: 'pro' }).all());
    expect([both.status, JSON.parse(both.body!)]).toEqual([400, { error: 'name, search cannot be used together' }]);
    const state = await apiError(rig.gl.client.get(`/projects/acme%2Fapi/environments`, { query: { states: 'running' } }));
    expect([state.status, JSON.parse(state.body!)]).toEqual([400, { error: 'states does not have a valid value' }]);
    const missing = await apiError(rig.gl.environments.get(API, 987_654));
    expect([missing.status, missing.reason]).toEqual([404, '404 Not found']);
  });

  it('get: its last deployment is the newest successful one, without its environment; no project', async () => {
    const production = await envNamed(rig, API, 'production');
    const env = await rig.gl.environments.get(API, production.id);
    const newestOk = (
      await rig.gl.deployments.list(API, { environment: 'production', status: 'success', order_by: 'id', sort: 'desc', perPage: 1 }).all(1)
    )[0]!;
    expect(env.last_deployment?.id).toBe(newestOk.id);
    expect(env.last_deployment?.sha).toBe(newestOk.sha);
    expect(env.last_deployment?.deployable?.name).toBe('deploy:production');
    expect(env.last_deployment && 'environment' in env.last_deployment).toBe(false);
    expect('project' in env).toBe(false);
  });

  it('deployments filter by environment and status (blocked), newest first', async () => {
    const waiting = await blocked(rig);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.map((d) => d.id)).toEqual([...waiting.map((d) => d.id)].sort((a, b) => b - a));
    for (const d of waiting) {
      expect(d.environment.name).toBe('production');
      expect(d.deployable?.status).toBe('manual');
      expect(d.deployable?.name).toBe('apply');
      const one = await rig.gl.deployments.get(TF, d.id);
      expect(one.pending_approval_count).toBe(1);
      expect(one.approvals).toEqual([]);
    }
  });

  it('compare: what `to` has beyond `from`, oldest first; the same ref twice is empty', async () => {
    const ok = await rig.gl.deployments.list(API, { environment: 'production', status: 'success', order_by: 'id', sort: 'desc', perPage: 5 }).all(5);
    const [live, older] = [ok[0]!, ok[3]!];
    const diff = await rig.gl.repository.compare(API, older.sha, live.sha);
    expect(diff.commits.length).toBeGreaterThan(0);
    expect(diff.commits.at(-1)!.id).toBe(live.sha);
    expect(diff.commit?.id).toBe(live.sha);
    expect(diff.commits.some((c) => c.id === older.sha)).toBe(false);
    const dates = diff.commits.map((c) => Date.parse(c.created_at!));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(diff.compare_same_ref).toBe(false);
    // Backwards (a rollback's own direction) nothing is ahead; a short sha resolves too.
    expect((await rig.gl.repository.compare(API, live.sha, older.sha.slice(0, 8))).commits).toEqual([]);
    const same = await rig.gl.repository.compare(API, 'main', 'main');
    expect([same.commits, same.commit, same.compare_same_ref]).toEqual([[], null, true]);
  });

  it('compare refuses an unknown ref (404 Ref Not Found) and a missing parameter (400)', async () => {
    const unknown = await apiError(rig.gl.repository.compare(API, 'no-such-branch', 'main'));
    expect([unknown.status, unknown.reason]).toEqual([404, '404 Ref Not Found']);
    const missing = await apiError(rig.gl.client.get('/projects/acme%2Fapi/repository/compare', { query: { from: 'main' } }));
    expect([missing.status, JSON.parse(missing.body!)]).toEqual([400, { error: 'to is missing' }]);
  });
});

describe('environments (write)', () => {
  let rig: Rig;
  beforeEach(async () => {
    rig = await startRig();
  });
  afterEach(async () => {
    await rig?.close();
  });

  it('stop: an environment without a stop job stops at once; a review app is stopping until its stop job ends', async () => {
    const staging = await envNamed(rig, 'acme/web', 'staging');
    expect(staging.state).toBe('available');
    const stopped = await rig.gl.environments.stop('acme/web', staging.id);
    expect(stopped).toMatchObject({ id: staging.id, name: 'staging', state: 'stopped' });
    // Stopping a stopped environment answers 200 with it, unchanged.
    expect((await rig.gl.environments.stop('acme/web', staging.id)).state).toBe('stopped');
    const review = (await rig.gl.environments.list(API, { search: 'review/', states: 'available' }).all())[0]!;
    expect((await rig.gl.environments.stop(API, review.id)).state).toBe('stopping');
    rig.advance(25_000);
    const after = await rig.gl.environments.get(API, review.id);
    expect([after.state, after.auto_stop_at]).toEqual(['stopped', null]);
  });

  it('a read_api token may not stop or approve: 403 insufficient_scope, nothing changes', async () => {
    const ro = rig.client(DEMO_TOKENS.readOnly);
    const production = await envNamed(rig, API, 'production');
    const stop = await apiError(ro.environments.stop(API, production.id));
    expect([stop.status, JSON.parse(stop.body!).error]).toEqual([403, 'insufficient_scope']);
    const waiting = (await blocked(rig))[0]!;
    const approve = await apiError(ro.deployments.approve(TF, waiting.id, { status: 'approved' }));
    expect(approve.status).toBe(403);
    expect((await rig.gl.environments.get(API, production.id)).state).toBe('available');
    expect((await rig.gl.deployments.get(TF, waiting.id)).status).toBe('blocked');
  });

  it('approve: 201 with the approval; the deployment is unblocked and its manual job may be played', async () => {
    const waiting = (await blocked(rig))[0]!;
    const alice = rig.sim.world.usersByName.get('alice')!;
    const approver = waiting.user.id === alice.id ? rig.other : rig.gl;
    const res = await approver.client.request('POST', `/projects/${TF_PATH}/deployments/${waiting.id}/approval`, {
      json: { status: 'approved', comment: 'Ship it' },
    });
    expect(res.status).toBe(201);
    const approval = await rig.gl.deployments.get(TF, waiting.id);
    expect(approval.status).toBe('created');
    expect(approval.pending_approval_count).toBe(0);
    expect(approval.approvals).toEqual([
      expect.objectContaining({
        status: 'approved',
        comment: 'Ship it',
        user: expect.objectContaining({ id: waiting.user.id === alice.id ? rig.sim.world.usersByName.get('bob')!.id : alice.id }),
      }),
    ]);
    expect((await rig.gl.jobs.get(TF, waiting.deployable!.id)).status).toBe('manual');
    await rig.gl.jobs.play(TF, waiting.deployable!.id);
    expect((await rig.gl.jobs.get(TF, waiting.deployable!.id)).status).toBe('pending');
    // Approving again: it no longer waits.
    const again = await apiError(approver.deployments.approve(TF, waiting.id, { status: 'approved' }));
    expect([again.status, again.reason]).toEqual([400, 'This deployment is not waiting for approvals.']);
  });

  it('reject: the deploy job is dropped (deployment_rejected) and the deployment fails', async () => {
    const waiting = (await blocked(rig))[0]!;
    const approval = await rig.admin.deployments.approve(TF, waiting.id, { status: 'rejected', comment: 'Not during the freeze' });
    expect(approval).toMatchObject({ status: 'rejected', comment: 'Not during the freeze', user: { username: 'root' } });
    expect((await rig.gl.deployments.get(TF, waiting.id)).status).toBe('failed');
    const job = await rig.gl.jobs.get(TF, waiting.deployable!.id);
    expect([job.status, job.failure_reason]).toEqual(['failed', 'deployment_rejected']);
  });

  it("refuses as the approval service does: one's own deployment, a developer, an unprotected environment, a bad status", async () => {
    const waiting = (await blocked(rig))[0]!;
    // Make it bob's, so bob approving it is approving his own.
    const bob = rig.sim.world.usersByName.get('bob')!;
    rig.sim.world.deployments.get(waiting.id)!.userId = bob.id;
    const own = await apiError(rig.other.deployments.approve(TF, waiting.id, { status: 'approved' }));
    expect([own.status, own.reason]).toEqual([
      400,
      'You cannot approve your own deployment. This configuration can be adjusted in the protected environment settings.',
    ]);
    const carol = rig.client(DEMO_TOKENS.developer);
    const developer = await apiError(carol.deployments.approve(TF, waiting.id, { status: 'approved' }));
    expect([developer.status, developer.reason]).toEqual([
      400,
      "You don't have permission to approve this deployment. Contact the project or group owner for help.",
    ]);
    const staging = (await rig.gl.deployments.list(API, { environment: 'staging', perPage: 1 }).all(1))[0]!;
    const unprotected = await apiError(rig.gl.deployments.approve(API, staging.id, { status: 'approved' }));
    expect([unprotected.status, unprotected.reason]).toEqual([400, 'This environment is not protected.']);
    const bad = await apiError(rig.gl.client.post(`/projects/${TF_PATH}/deployments/${waiting.id}/approval`, { json: { status: 'maybe' } }));
    expect([bad.status, JSON.parse(bad.body!)]).toEqual([400, { error: 'status does not have a valid value' }]);
    const none = await apiError(rig.gl.client.post(`/projects/${TF_PATH}/deployments/${waiting.id}/approval`, { json: {} }));
    expect(JSON.parse(none.body!)).toEqual({ error: 'status is missing' });
    expect((await rig.gl.deployments.get(TF, waiting.id)).status).toBe('blocked');
  });

  it('a rollback re-runs an old deploy job: a new deployment of that old commit, live once it succeeds', async () => {
    const ok = await rig.gl.deployments.list(API, { environment: 'staging', status: 'success', order_by: 'id', sort: 'desc', perPage: 10 }).all(10);
    const live = ok[0]!;
    const target = ok.find((d) => d.sha !== live.sha)!;
    const fresh = await rig.gl.jobs.retry(API, target.deployable!.id);
    expect(fresh.id).not.toBe(target.deployable!.id);
    const newest = (await rig.gl.deployments.list(API, { environment: 'staging', order_by: 'id', sort: 'desc', perPage: 1 }).all(1))[0]!;
    expect(newest.id).toBeGreaterThan(live.id);
    expect([newest.sha, newest.ref, newest.deployable?.id, newest.user.username]).toEqual([target.sha, target.ref, fresh.id, 'alice']);
    // Run it to its end; its plan is made to succeed (a failed deploy is not this test's subject).
    rig.sim.world.jobs.get(fresh.id)!.plan.outcome = 'success';
    rig.advance(10 * 60_000);
    expect((await rig.gl.deployments.get(API, newest.id)).status).toBe('success');
    const staging = await envNamed(rig, API, 'staging');
    expect((await rig.gl.environments.get(API, staging.id)).last_deployment?.sha).toBe(target.sha);
  });
});

// Deployments (docs/gitlab-api.md §2.6, §4.4), SSH keys (§2.7, §4.5), projects, the current user, authentication (§5,
// "Auth and configuration" and "Errors"), unknown routes and pagination limits, through the typed client
// against the simulator over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as undiciRequest } from 'undici';
import { DEPLOYMENT_STATUSES, type Deployment, type Project } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { ISO_MS, apiError, expectCompactUser } from '../helpers/expect.js';

let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});

const API = 'acme/api';
const DEMO_PROJECTS = [
  'acme/api',
  'acme/web',
  'acme/platform/infra/terraform',
  'acme/monorepo',
  'ops/runbooks',
  'acme/platform/deployer',
  'acme/mobile',
  'acme/ml',
];

/** Job user of docs/gitlab-api.md §2.3 (job and deployable `user`). */
function expectJobUser(u: Record<string, unknown>): void {
  expectCompactUser(u);
  expect(u.created_at).toMatch(ISO_MS);
  expect(u.bio === null || typeof u.bio === 'string').toBe(true);
  for (const key of ['skype', 'linkedin', 'twitter', 'website_url']) expect(typeof u[key]).toBe('string');
}

describe('deployments', () => {
  let list: Deployment[];

  beforeAll(async () => {
    list = await rig.gl.deployments.list(API, { perPage: 100 }).all();
  });

  it('lists deployments with the fields of gitlab-api.md §2.6', async () => {
    expect(list.length).toBeGreaterThan(20);
    const envs = new Set<string>();
    for (const d of list) {
      expect(Number.isInteger(d.id)).toBe(true);
      expect(Number.isInteger(d.iid)).toBe(true);
      expect(typeof d.ref).toBe('string');
      expect(d.sha).toMatch(/^[0-9a-f]{40}$/);
      expect(d.created_at).toMatch(ISO_MS);
      expectCompactUser(d.user);
      expect(DEPLOYMENT_STATUSES).toContain(d.status);
      expect(Number.isInteger(d.environment.id)).toBe(true);
      expect(typeof d.environment.name).toBe('string');
      expect(typeof d.environment.external_url).toBe('string');
      if (!d.environment.name.startsWith('review/')) envs.add(`${d.environment.name} ${d.environment.external_url}`);
    }
    // Besides the review apps of its branches (test/sim-api/environments.test.ts).
    expect(envs).toEqual(new Set(['staging https://staging.api.acme.example', 'production https://api.acme.example']));
    // iids are per project and distinct.
    expect(new Set(list.map((d) => d.iid)).size).toBe(list.length);
  });

  it('deployable is job-like, without pipeline and artifacts_file; its user has location', async () => {
    // Review apps are deployed by a tool outside CI: no deployable (test/sim-api/environments.test.ts).
    const withJob = list.filter((d) => d.deployable !== null);
    expect(withJob.length).toBeGreaterThan(0);
    for (const d of withJob) {
      const job = d.deployable!;
      for (const key of ['id', 'name', 'stage', 'status', 'ref', 'tag', 'coverage', 'created_at', 'started_at', 'finished_at', 'runner', 'commit', 'user']) {
        expect(Object.keys(job)).toContain(key);
      }
      expect(Object.keys(job)).not.toContain('pipeline');
      expect(Object.keys(job)).not.toContain('artifacts_file');
      expect(['deploy:staging', 'deploy:production']).toContain(job.name);
      expect(job.stage).toBe('deploy');
      expect(job.ref).toBe(d.ref);
      expect(job.commit.id).toBe(d.sha);
      expect(job.commit.short_id).toBe(d.sha.slice(0, 8));
      // docs/gitlab-api.md §2.2: whole seconds (git's resolution) and a numeric UTC offset.
      expect(job.commit.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000[+-]\d{2}:\d{2}$/);
      expect(Date.parse(job.commit.created_at ?? '')).not.toBeNaN();
      const user = job.user as unknown as Record<string, unknown>;
      expectJobUser(user);
      expect(Object.keys(user)).toContain('location');
      expect(user.location === null || typeof user.location === 'string').toBe(true);
    }
    // The deployable's user is the deployment's user (whoever ran or played the job); some have a location.
    for (const d of withJob) expect(d.deployable!.user?.id).toBe(d.user.id);
    expect(withJob.some((d) => d.deployable!.user?.location != null)).toBe(true);
  });

  it('get returns the same deployment as the list, with its approvals (DeploymentExtended)', async () => {
    const extended = (d: Deployment) => ({ ...d, pending_approval_count: 0, approvals: [] });
    const first = list[0]!;
    const one = await rig.gl.deployments.get(API, first.id);
    expect(one).toEqual(extended(first));
    const last = list[list.length - 1]!;
    expect(await rig.gl.deployments.get(API, last.id)).toEqual(extended(last));
  });

  it('an unknown deployment is 404 "404 Not found"', async () => {
    const err = await apiError(rig.gl.deployments.get(API, 424_242));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Not found');
    expect(JSON.parse(err.body!)).toEqual({ message: '404 Not found' });
    // Another project's deployment through this project: also not found.
    const web = await rig.gl.deployments.list('acme/web').all(1);
    const cross = await apiError(rig.gl.deployments.get(API, web[0]!.id));
    expect(cross.status).toBe(404);
  });
});

describe('SSH keys', () => {
  const keyOf = (username: string) => {
    const user = rig.sim.world.usersByName.get(username)!;
    return [...rig.sim.world.keys.values()].find((k) => k.userId === user.id)!;
  };

  it('an administrator reads a key with the administrator user view', async () => {
    const simKey = keyOf('alice');
    const key = await rig.admin.keys.get(simKey.id);
    expect(key.id).toBe(simKey.id);
    expect(key.title).toBe('alice@laptop');
    expect(key.created_at).toMatch(ISO_MS);
    const user = key.user as unknown as Record<string, unknown>;
    expectJobUser(user);
    expect(user.username).toBe('alice');
    expect(user.email).toBe('alice@acme.example');
    expect(Number.isInteger(user.color_scheme_id)).toBe(true);
    expect(Number.isInteger(user.projects_limit)).toBe(true);
    expect(user.current_sign_in_at === null || ISO_MS.test(user.current_sign_in_at as string)).toBe(true);
    expect(user.current_sign_in_at).not.toBeNull(); // alice has a token, so she signed in
    expect(Array.isArray(user.identities)).toBe(true);
    expect(user.identities).toEqual([{ provider: 'ldapmain', extern_uid: 'uid=alice,ou=people,dc=acme,dc=example', saml_provider_id: null }]);
    for (const key of ['can_create_group', 'can_create_project', 'two_factor_enabled']) expect(typeof user[key]).toBe('boolean');
    expect(Object.keys(user)).not.toContain('location');
  });

  it('every key text is an OpenSSH public key whose blob names its own type', async () => {
    const all = [...rig.sim.world.keys.keys()];
    expect(all.length).toBeGreaterThanOrEqual(9);
    for (const id of all) {
      const key = await rig.admin.keys.get(id);
      const [type, base64, ...comment] = key.key.split(' ');
      expect(['ssh-ed25519', 'ssh-rsa']).toContain(type);
      expect(base64).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      const blob = Buffer.from(base64!, 'base64');
      const nameLength = blob.readUInt32BE(0);
      expect(blob.subarray(4, 4 + nameLength).toString('latin1')).toBe(type);
      if (type === 'ssh-ed25519') {
        // string "ssh-ed25519" + string of the 32-byte public key, nothing more.
        expect(blob.readUInt32BE(4 + nameLength)).toBe(32);
        expect(blob.length).toBe(4 + nameLength + 4 + 32);
      }
      expect(comment.join(' ')).toBe(key.user.email);
    }
  });

  it('a non-administrator gets 403 "403 Forbidden"', async () => {
    const err = await apiError(rig.gl.keys.get(keyOf('alice').id));
    expect(err.status).toBe(403);
    expect(err.reason).toBe('403 Forbidden');
    expect(JSON.parse(err.body!)).toEqual({ message: '403 Forbidden' });
  });

  it('an unknown key is 404 "404 Not found"', async () => {
    const err = await apiError(rig.admin.keys.get(99_999));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Not found');
  });
});

describe('projects', () => {
  it("alice's membership list has the eight demo projects, not secret/payroll", async () => {
    const mine = await rig.gl.projects.list({ membership: true, perPage: 100 }).all();
    expect(mine.map((p) => p.path_with_namespace).sort()).toEqual([...DEMO_PROJECTS].sort());
    expect(new Set(mine.map((p) => p.id)).size).toBe(8);
    for (const p of mine) {
      expect(Number.isInteger(p.id)).toBe(true);
      expect(typeof p.name).toBe('string');
      expect(p.name_with_namespace).toContain(p.name);
      expect(p.web_url.endsWith(`/${p.path_with_namespace}`)).toBe(true);
      expect(p.last_activity_at).toMatch(ISO_MS);
      expect(['main', 'master']).toContain(p.default_branch);
    }
    // The administrator is a member of payroll only.
    const roots = await rig.admin.projects.list({ membership: true }).all();
    expect(roots.map((p) => p.path_with_namespace)).toEqual(['secret/payroll']);
  });

  it('order_by=last_activity_at (desc) is sorted', async () => {
    const list = await rig.gl.projects.list({ membership: true, order_by: 'last_activity_at', perPage: 100 }).all();
    expect(list).toHaveLength(8);
    // The projects added later (trigger jobs, merge requests, runners) were last active minutes to
    // hours ago: the five older ones keep their places at the top.
    expect(
      list
        .slice(5)
        .map((p) => p.path_with_namespace)
        .sort(),
    ).toEqual(['acme/ml', 'acme/mobile', 'acme/platform/deployer']);
    const times = list.map((p) => Date.parse(p.last_activity_at ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const asc = await rig.gl.projects.list({ membership: true, order_by: 'last_activity_at', sort: 'asc', perPage: 100 }).all();
    expect(asc.map((p) => p.id)).toEqual(list.map((p) => p.id).reverse());
  });

  it('search "terraform" finds the nested-group project', async () => {
    const found = await rig.gl.projects.list({ membership: true, search: 'terraform' }).all();
    expect(found.map((p) => p.path_with_namespace)).toEqual(['acme/platform/infra/terraform']);
    expect(await rig.gl.projects.list({ membership: true, search: 'no-such-project-xyz' }).all()).toEqual([]);
  });

  it('get by a path with slashes (encoded by the client) equals get by id', async () => {
    const byPath = await rig.gl.projects.get('acme/platform/infra/terraform');
    expect(byPath.path_with_namespace).toBe('acme/platform/infra/terraform');
    const byId = await rig.gl.projects.get(byPath.id);
    expect(byId).toEqual(byPath);
    const sent = rig.sim.requests.filter((r) => r.path.startsWith('/projects/acme')).map((r) => r.path);
    expect(sent).toContain('/projects/acme%2Fplatform%2Finfra%2Fterraform');
    // Stray slashes as people paste them.
    expect((await rig.gl.projects.get('/acme/platform/infra/terraform/')).id).toBe(byId.id);
  });

  it('a private project alice is not in is 404 "404 Project Not Found"; the administrator reads it', async () => {
    const err = await apiError(rig.gl.projects.get('secret/payroll'));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Project Not Found');
    expect(JSON.parse(err.body!)).toEqual({ message: '404 Project Not Found' });
    const payroll = await rig.admin.projects.get('secret/payroll');
    expect(payroll.path_with_namespace).toBe('secret/payroll');
    // By id too: same answer for alice, no hint that it exists.
    const byId = await apiError(rig.gl.projects.get(payroll.id));
    expect(byId.status).toBe(404);
    expect(byId.reason).toBe('404 Project Not Found');
    // And it is not in her unrestricted list either.
    const visible = await rig.gl.projects.list({ perPage: 100 }).all();
    expect(visible.map((p) => p.path_with_namespace)).not.toContain('secret/payroll');
  });

  it('simple=true has fewer keys than the full form, all of them shared', async () => {
    const [simple] = await rig.gl.projects.list({ membership: true, simple: true, search: 'runbooks' }).all();
    const [full] = await rig.gl.projects.list({ membership: true, search: 'runbooks' }).all();
    const simpleKeys = Object.keys(simple!);
    const fullKeys = Object.keys(full!);
    expect(simpleKeys.length).toBeLessThan(fullKeys.length);
    for (const key of simpleKeys) expect(fullKeys).toContain(key);
    for (const key of ['id', 'name', 'name_with_namespace', 'path_with_namespace', 'default_branch', 'web_url', 'last_activity_at']) {
      expect(simpleKeys).toContain(key);
    }
    expect(simple!.id).toBe(full!.id);
    expect((full as Project).visibility).toBe('public');
  });
});

describe('current user', () => {
  it('alice is not an administrator; root is', async () => {
    const alice = await rig.gl.users.current();
    expect(alice).toMatchObject({ id: 2, username: 'alice', name: 'Alice Nakamura', state: 'active' });
    expect(alice.is_admin === undefined || alice.is_admin === false).toBe(true);
    const root = await rig.admin.users.current();
    expect(root).toMatchObject({ id: 1, username: 'root', is_admin: true });
    const bob = await rig.other.users.current();
    expect(bob.username).toBe('bob');
  });
});

describe('authentication', () => {
  it('no token: 401 "401 Unauthorized"', async () => {
    const err = await apiError(rig.client(undefined).users.current());
    expect(err.status).toBe(401);
    expect(err.reason).toBe('401 Unauthorized');
    expect(JSON.parse(err.body!)).toEqual({ message: '401 Unauthorized' });
  });

  it('an unknown token: 401 "401 Unauthorized"', async () => {
    const err = await apiError(rig.client('glpat-not-a-real-token').projects.get(API));
    expect(err.status).toBe(401);
    expect(err.reason).toBe('401 Unauthorized');
  });

  it('an expired token: 401 invalid_token, "Token is expired", with WWW-Authenticate', async () => {
    const gl = rig.client(DEMO_TOKENS.expired);
    const err = await apiError(gl.users.current());
    expect(err.status).toBe(401);
    expect(err.reason).toMatch(/^invalid_token: Token is expired/);
    expect(err.message).toContain('Token is expired');
    const res = await gl.client.request('GET', '/user', { acceptStatus: [401] });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ error: 'invalid_token', error_description: expect.stringContaining('Token is expired') });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('a read_api token may GET; a POST is 403 insufficient_scope, sent exactly once', async () => {
    const gl = rig.client(DEMO_TOKENS.readOnly);
    const me = await gl.users.current();
    expect(me.username).toBe('alice');
    const project = await gl.projects.get(API);
    expect(project.path_with_namespace).toBe(API);

    const pipelinesBefore = (await rig.gl.pipelines.list(API, { perPage: 100 }).all()).map((p) => p.id);
    const err = await apiError(gl.pipelines.create(API, 'main'));
    expect(err.status).toBe(403);
    expect(err.reason).toMatch(/^insufficient_scope/);
    expect(JSON.parse(err.body!)).toMatchObject({ error: 'insufficient_scope', scope: 'api' });
    const posts = rig.sim.requests.filter((r) => r.method === 'POST' && r.headers['private-token'] === DEMO_TOKENS.readOnly);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/projects/acme%2Fapi/pipeline?ref=main');
    // Nothing was created.
    const pipelinesAfter = (await rig.gl.pipelines.list(API, { perPage: 100 }).all()).map((p) => p.id);
    expect(pipelinesAfter).toEqual(pipelinesBefore);

    // PUT and DELETE too.
    const [schedule] = await gl.schedules.list(API).all();
    const put = await apiError(gl.schedules.edit(API, schedule!.id, { description: 'nope' }));
    expect(put.status).toBe(403);
    const del = await apiError(gl.schedules.remove(API, schedule!.id));
    expect(del.status).toBe(403);
    expect((await rig.gl.schedules.get(API, schedule!.id)).description).toBe(schedule!.description);
  });

  it('Authorization: Bearer works like PRIVATE-TOKEN', async () => {
    const anon = rig.client(undefined);
    const res = await anon.client.request<{ username: string }>('GET', '/user', { headers: { Authorization: `Bearer ${DEMO_TOKENS.user}` } });
    expect(res.status).toBe(200);
    expect(res.data.username).toBe('alice');
    const logged = rig.sim.requests[rig.sim.requests.length - 1]!;
    expect(logged.headers['private-token']).toBeUndefined();
    expect(logged.headers.authorization).toBe(`Bearer ${DEMO_TOKENS.user}`);

    // Raw, without the client at all.
    const raw = await undiciRequest(`${rig.sim.apiUrl}/user`, { headers: { authorization: `Bearer ${DEMO_TOKENS.other}` } });
    expect(raw.statusCode).toBe(200);
    expect(((await raw.body.json()) as { username: string }).username).toBe('bob');

    const bad = await apiError(anon.client.request('GET', '/user', { headers: { Authorization: 'Bearer nope' } }));
    expect(bad.status).toBe(401);
  });
});

describe('routes and pagination limits', () => {
  it('an unknown route is 404 {"error":"404 Not Found"}', async () => {
    const err = await apiError(rig.gl.client.get('/no/such/route'));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Not Found');
    expect(JSON.parse(err.body!)).toEqual({ error: '404 Not Found' });
    // A known path with the wrong method is no route either.
    const wrongMethod = await apiError(rig.gl.client.request('DELETE', `/projects/${encodeURIComponent(API)}/deployments`));
    expect(wrongMethod.status).toBe(404);
    expect(JSON.parse(wrongMethod.body!)).toEqual({ error: '404 Not Found' });
  });

  it('per_page=500 is clamped to 100', async () => {
    const res = await rig.gl.client.request<unknown[]>('GET', `/projects/${encodeURIComponent(API)}/deployments`, { query: { per_page: 500 } });
    expect(res.status).toBe(200);
    expect(res.headers['x-per-page']).toBe('100');
    expect(res.data).toHaveLength(100);
    expect(res.headers['x-next-page']).toBe('2');
  });

  it('a page past the end is an empty array with an empty X-Next-Page', async () => {
    const res = await rig.gl.client.request<unknown[]>('GET', `/projects/${encodeURIComponent(API)}/deployments`, { query: { page: 999, per_page: 20 } });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([]);
    expect(res.headers['x-page']).toBe('999');
    expect(res.headers['x-next-page']).toBe('');
    expect(res.headers['x-prev-page']).toBe('998');
    // The paginator starting there ends at once.
    const pages: number[] = [];
    for await (const page of rig.gl.deployments.list(API, { startPage: 999 }).pages()) {
      pages.push(page.items.length);
      if (pages.length > 3) break;
    }
    expect(pages).toEqual([0]);
  });
});

describe('one commit (GET /projects/:id/repository/commits/:sha)', () => {
  it("answers a pipeline's commit as a job carries it, and 404 for a sha the project lacks", async () => {
    const [pipeline] = await rig.gl.pipelines.list(API, { perPage: 1 }).all();
    const commit = await rig.gl.projects.commit(API, pipeline!.sha);
    expect(commit.id).toBe(pipeline!.sha);
    expect(commit.short_id).toBe(pipeline!.sha.slice(0, 8));
    expect(commit.title.length).toBeGreaterThan(0);
    const [job] = await rig.gl.jobs.listForPipeline(API, pipeline!.id, { perPage: 1 }).all();
    expect(commit).toMatchObject({ title: job!.commit.title, message: job!.commit.message, author_name: job!.commit.author_name });
    const error = await apiError(rig.gl.projects.commit(API, '0'.repeat(40)));
    expect(error.status).toBe(404);
    expect(error.message).toContain('Commit Not Found');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitLab, type GitLab } from '../../src/api/index.js';
import { json, startServer, type TestServer } from './test-server.js';

let server: TestServer;
let gl: GitLab;
const user = { id: 1, username: 'u', name: 'U' };
/**
 * One object every decoder (src/api/decoders.ts) accepts: each resource's required fields, so
 * these tests see the wire, not a decoder's refusal.
 */
const ANY = {
  id: 1,
  iid: 1,
  project_id: 1,
  status: 'success',
  stage: 'test',
  name: 'n',
  ref: 'main',
  sha: 'abc',
  user,
  owner: user,
  author: user,
  commit: { id: 'c0ffee', short_id: 'c0ffee', title: 't' },
  description: 'd',
  cron: '0 2 * * *',
  cron_timezone: 'UTC',
  next_run_at: '2026-11-20T00:00:00Z',
  active: true,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: '2026-11-20T00:00:00Z',
  environment: { id: 1, name: 'production' },
  title: 't',
  key: 'ssh-ed25519 AAAA',
  action_name: 'pushed to',
  author_id: 1,
  path: 'p',
  path_with_namespace: 'g/p',
  web_url: 'http://gitlab.example/g/p',
  username: 'u',
};
/** 204 for DELETE under /gone/, else echo method and URL back as JSON (lists get an array). */
beforeEach(async () => {
  server = await startServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'DELETE' && url.includes('/pipeline_schedules/204')) return void res.writeHead(204).end();
    const list = req.method === 'GET' && /[?&]page=/.test(url);
    json(res, req.method === 'POST' ? 201 : 200, list ? [{ ...ANY, echo: url }] : { ...ANY, method: req.method, url });
  });
  gl = createGitLab({ baseUrl: server.url, token: 'resource-test-token' });
});
afterEach(() => server.close());

const wire = () => server.requests.map((r) => `${r.method} ${r.url.replace('/api/v4', '')}${r.body ? ` ${r.body}` : ''}`);

describe('resource modules', () => {
  it('jobs', async () => {
    await gl.jobs.listForPipeline('a/b', 7, { scope: ['manual'] }).all();
    await gl.jobs.get(1, 9);
    await gl.jobs.cancel(1, 9);
    await gl.jobs.retry(1, 9);
    await gl.jobs.erase(1, 9);
    await gl.jobs.keepArtifacts(1, 9);
    const played = await gl.jobs.play(1, 9);
    expect(played).toMatchObject({ id: 1, status: 'success', method: 'POST', url: '/api/v4/projects/1/jobs/9/play' });
    expect(wire()).toEqual([
      'GET /projects/a%2Fb/pipelines/7/jobs?scope=manual&page=1&per_page=20',
      'GET /projects/1/jobs/9',
      'POST /projects/1/jobs/9/cancel',
      'POST /projects/1/jobs/9/retry',
      'POST /projects/1/jobs/9/erase',
      'POST /projects/1/jobs/9/artifacts/keep',
      'POST /projects/1/jobs/9/play',
    ]);
  });

  it('pipelines, with ref as a query parameter on create', async () => {
    await gl.pipelines
      .list(3, { status: 'failed', ref: 'main', yaml_errors: true, username: 'bob', order_by: 'updated_at' as never, sort: 'asc', perPage: 5 })
      .all(1);
    await gl.pipelines.get(3, 11);
    await gl.pipelines.create(3, 'feature/x');
    await gl.pipelines.retry(3, 11);
    await gl.pipelines.cancel(3, 11);
    expect(wire()).toEqual([
      'GET /projects/3/pipelines?status=failed&ref=main&yaml_errors=true&username=bob&order_by=updated_at&sort=asc&page=1&per_page=5',
      'GET /projects/3/pipelines/11',
      'POST /projects/3/pipeline?ref=feature%2Fx',
      'POST /projects/3/pipelines/11/retry',
      'POST /projects/3/pipelines/11/cancel',
    ]);
  });

  it('schedules, with form fields, and delete answering 204 or the schedule', async () => {
    await gl.schedules.list(3, { scope: 'active' }).all();
    await gl.schedules.get(3, 4);
    await gl.schedules.create(3, { description: 'Nightly', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Europe/Berlin' });
    await gl.schedules.edit(3, 4, { active: false });
    await gl.schedules.takeOwnership(3, 4);
    expect(await gl.schedules.remove(3, 204)).toBeNull();
    expect(await gl.schedules.remove(3, 4)).toMatchObject({ id: 1, method: 'DELETE', url: '/api/v4/projects/3/pipeline_schedules/4' });
    expect(wire()).toEqual([
      'GET /projects/3/pipeline_schedules?scope=active&page=1&per_page=20',
      'GET /projects/3/pipeline_schedules/4',
      'POST /projects/3/pipeline_schedules description=Nightly&ref=main&cron=0%202%20*%20*%20*&cron_timezone=Europe%2FBerlin',
      'PUT /projects/3/pipeline_schedules/4 active=false',
      'POST /projects/3/pipeline_schedules/4/take_ownership',
      'DELETE /projects/3/pipeline_schedules/204',
      'DELETE /projects/3/pipeline_schedules/4',
    ]);
    expect(server.requests[2]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('deployments, keys, events, projects, users', async () => {
    await gl.deployments.list('g/p').all();
    await gl.deployments.get('g/p', 2);
    await gl.keys.get(5);
    await gl.events.listMine({ target_type: 'issue', before: '2025-02-01', sort: 'asc' }).all();
    await gl.events.listForUser(12).all();
    await gl.events.listForProject('g/p', { action: 'commented' }).all();
    await gl.projects.list({ membership: true }).all();
    await gl.projects.get('g/p');
    await gl.users.current();
    expect(wire()).toEqual([
      'GET /projects/g%2Fp/deployments?page=1&per_page=20',
      'GET /projects/g%2Fp/deployments/2',
      'GET /keys/5',
      'GET /events?target_type=issue&before=2025-02-01&sort=asc&page=1&per_page=20',
      'GET /users/12/events?page=1&per_page=20',
      'GET /projects/g%2Fp/events?action=commented&page=1&per_page=20',
      'GET /projects?membership=true&page=1&per_page=20',
      'GET /projects/g%2Fp',
      'GET /user',
    ]);
  });

  it('rejects malformed ids and dates before sending', async () => {
    await expect(gl.jobs.get(1, -1)).rejects.toThrow(TypeError);
    await expect(gl.pipelines.create('', 'main')).rejects.toThrow(TypeError);
    expect(() => gl.events.listMine({ after: '2025-01-01T00:00:00Z' })).toThrow(/YYYY-MM-DD/);
    expect(server.requests).toHaveLength(0);
  });

  it('read-only GitLab refuses every action with zero requests', async () => {
    const ro = createGitLab({ baseUrl: server.url, token: 'resource-test-token', readOnly: true });
    const actions = [
      ro.jobs.cancel(1, 2),
      ro.jobs.retry(1, 2),
      ro.jobs.erase(1, 2),
      ro.jobs.keepArtifacts(1, 2),
      ro.jobs.play(1, 2),
      ro.pipelines.create(1, 'main'),
      ro.pipelines.retry(1, 2),
      ro.pipelines.cancel(1, 2),
      ro.schedules.create(1, { description: 'd', ref: 'main', cron: '* * * * *' }),
      ro.schedules.edit(1, 2, { active: true }),
      ro.schedules.takeOwnership(1, 2),
      ro.schedules.remove(1, 2),
    ];
    const results = await Promise.allSettled(actions);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as { kind: string }).kind : 'sent'))).toEqual(Array(12).fill('read-only'));
    expect(server.requests).toHaveLength(0);
    expect(ro.client.readOnly).toBe(true);
  });
});

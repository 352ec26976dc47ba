// The client's request mechanics against the simulator: retries (counted where they arrive), every
// error body shape as the simulator serves it, ETag revalidation and gzip over real HTTP.
import { Agent } from 'undici';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitLabApiError, type Job, type Project } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { makeCerts } from '../../scripts/test-certs.mjs';
import { startRig, type Rig } from '../helpers/sim.js';

describe.each(['HTTP/1.1', 'HTTP/2'] as const)('over %s', (protocol) => {
  let rig: Rig;
  let delays: number[];
  let certs: ReturnType<typeof makeCerts>;

  // The certificates are only read: made once. Each test gets its own simulator (its faults, its
  // requests, its clock).
  beforeAll(() => {
    if (protocol === 'HTTP/2') certs = makeCerts();
  });
  beforeEach(async () => {
    if (protocol === 'HTTP/1.1') rig = await startRig();
    // The client's own default dispatcher (allowH2), plus trust in the test CA.
    else rig = await startRig({ tls: { cert: certs.cert, key: certs.key } }, { dispatcher: new Agent({ allowH2: true, connect: { ca: certs.ca } }) });
  });
  afterEach(() => rig.close());

  /** A client for alice that records the waits it would have slept through. */
  function recording() {
    delays = [];
    return rig.client(DEMO_TOKENS.user, {
      sleep: async (ms: number) => {
        delays.push(ms);
      },
      etagCacheSize: 0,
    });
  }

  const count = (method: string, path: string) => rig.sim.requests.filter((r) => r.method === method && r.path.split('?')[0] === path).length;

  async function failure(promise: Promise<unknown>): Promise<GitLabApiError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GitLabApiError);
    return error as GitLabApiError;
  }

  describe('retries', () => {
    it('retries a GET through 502 (HTML), 503 and 504 and then succeeds', async () => {
      const gl = recording();
      const path = '/projects/acme%2Fapi';
      rig.sim.faults.add({
        kind: 'respond',
        method: 'GET',
        path,
        status: 502,
        body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
        contentType: 'text/html',
      });
      rig.sim.faults.add({ kind: 'respond', method: 'GET', path, status: 503, body: 'Service Unavailable' });
      rig.sim.faults.add({ kind: 'respond', method: 'GET', path, status: 504, body: '' });
      const before = count('GET', path);
      const project = await gl.projects.get('acme/api');
      expect(project.path_with_namespace).toBe('acme/api');
      expect(count('GET', path) - before).toBe(4);
      expect(delays).toHaveLength(3);
    });

    it('waits Retry-After on a 429 (text body), and RateLimit-Reset when Retry-After is absent', async () => {
      const gl = recording();
      const path = '/user';
      rig.sim.faults.add({ kind: 'respond', method: 'GET', path, status: 429, body: 'Retry later\n', headers: { 'Retry-After': '7' } });
      const reset = Math.floor(Date.now() / 1000) + 20;
      rig.sim.faults.add({
        kind: 'respond',
        method: 'GET',
        path,
        status: 429,
        body: { message: { error: 'This endpoint has been requested too many times. Try again later.' } },
        headers: { 'RateLimit-Reset': String(reset), 'RateLimit-Remaining': '0', 'RateLimit-Limit': '2000' },
      });
      const me = await gl.users.current();
      expect(me.username).toBe('alice');
      expect(delays[0]).toBe(7000);
      expect(delays[1]).toBeGreaterThan(15_000);
      expect(delays[1]).toBeLessThanOrEqual(21_000);
    });

    it('retries a GET after a reset connection and after a body cut short', async () => {
      const gl = recording();
      const path = '/projects/acme%2Fweb';
      rig.sim.faults.add({ kind: 'reset', method: 'GET', path });
      rig.sim.faults.add({ kind: 'truncate', method: 'GET', path });
      const before = count('GET', path);
      expect((await gl.projects.get('acme/web')).name).toBe('web');
      expect(count('GET', path) - before).toBe(3);
    });

    it('gives up after maxRetries with the last error', async () => {
      const gl = recording();
      rig.sim.faults.add({
        kind: 'respond',
        method: 'GET',
        path: '/projects/acme%2Fapi/pipelines',
        status: 503,
        body: { message: '503 Service Unavailable' },
        times: 10,
      });
      const error = await failure(gl.pipelines.list('acme/api').all(1));
      expect(error.status).toBe(503);
      expect(delays).toHaveLength(3);
    });

    it('never retries a POST, whatever the failure: the simulator sees it exactly once', async () => {
      const gl = recording();
      let job: Job | undefined;
      for await (const j of gl.jobs.list('acme/api', { scope: 'failed' })) {
        job = j;
        break;
      }
      const path = `/projects/acme%2Fapi/jobs/${job!.id}/retry`;
      for (const fault of [
        { kind: 'respond' as const, status: 503, body: 'Service Unavailable' },
        { kind: 'respond' as const, status: 429, body: 'Retry later\n', headers: { 'Retry-After': '1' } },
        { kind: 'reset' as const },
        { kind: 'respond' as const, status: 502, body: '<html><title>502 Bad Gateway</title></html>', contentType: 'text/html' },
      ]) {
        rig.sim.faults.add({ ...fault, method: 'POST', path });
        const before = count('POST', path);
        const error = await failure(gl.jobs.retry('acme/api', job!.id));
        expect(count('POST', path) - before).toBe(1);
        expect(error.method).toBe('POST');
      }
      expect(delays).toEqual([]);
      // The job was never retried by any of those attempts.
      expect((await gl.jobs.get('acme/api', job!.id)).status).toBe('failed');
    });

    it('times out a stalled GET as kind "timeout" and tries again while the total time allows', async () => {
      // The retries after no answer share one deadline (totalTimeoutMs): here room for two attempts.
      const gl = rig.client(DEMO_TOKENS.user, { timeoutMs: 300, totalTimeoutMs: 900, maxRetries: 1, sleep: async () => {} });
      rig.sim.faults.add({ kind: 'stall', method: 'GET', path: '/projects/ops%2Frunbooks', times: 2 });
      const error = await failure(gl.projects.get('ops/runbooks'));
      expect(error.kind).toBe('timeout');
      expect(count('GET', '/projects/ops%2Frunbooks')).toBe(2);
    });

    it('by default a stalled GET is asked once: the deadline is one timeout, not one per attempt', async () => {
      const gl = rig.client(DEMO_TOKENS.user, { timeoutMs: 300, maxRetries: 3, sleep: async () => {} });
      rig.sim.faults.add({ kind: 'stall', method: 'GET', path: '/projects/ops%2Fdefault-deadline', times: 4 });
      const error = await failure(gl.projects.get('ops/default-deadline'));
      expect(error.kind).toBe('timeout');
      expect(count('GET', '/projects/ops%2Fdefault-deadline')).toBe(1);
    });
  });

  describe('error shapes as the simulator serves them', () => {
    it('reads {"message": string}, {"message": {field: [..]}}, {"error": string} and OAuth errors', async () => {
      const notFound = await failure(rig.gl.projects.get('nope/nope'));
      expect([notFound.status, notFound.reason]).toEqual([404, '404 Project Not Found']);
      const fields = await failure(rig.gl.schedules.create('acme/api', { description: 'x', ref: 'main', cron: 'not a cron' }));
      expect(fields.status).toBe(400);
      expect(fields.fields).toEqual({ cron: ['syntax is invalid'] });
      expect(fields.message).toMatch(/cron syntax is invalid/);
      const route = await failure(rig.gl.client.get('/no/such/route'));
      expect([route.status, route.reason]).toEqual([404, '404 Not Found']);
      const expired = await failure(rig.client(DEMO_TOKENS.expired).users.current());
      expect(expired.status).toBe(401);
      expect(expired.message).toMatch(/Token is expired/);
      const unauthorized = await failure(rig.client(undefined).users.current());
      expect([unauthorized.status, unauthorized.reason]).toEqual([401, '401 Unauthorized']);
    });

    it('turns an HTML proxy page into a short message and never leaks the token', async () => {
      const gl = rig.client(DEMO_TOKENS.user, { maxRetries: 0 });
      rig.sim.faults.add({
        kind: 'respond',
        method: 'GET',
        path: '/user',
        status: 502,
        body: `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(5000)} ${DEMO_TOKENS.user}</body></html>`,
        contentType: 'text/html',
      });
      const error = await failure(gl.users.current());
      expect(error.status).toBe(502);
      expect(error.message).toMatch(/502 Bad Gateway/);
      expect(error.message.length).toBeLessThan(300);
      for (const text of [error.message, String(error), error.stack ?? '', JSON.stringify(error)]) expect(text).not.toContain(DEMO_TOKENS.user);
    });

    it('reports a 200 with invalid JSON as kind "invalid-response"', async () => {
      const gl = rig.client(DEMO_TOKENS.user, { maxRetries: 0 });
      rig.sim.faults.add({ kind: 'respond', method: 'GET', path: '/user', status: 200, body: '{"id": 1, "userna', contentType: 'application/json' });
      const error = await failure(gl.users.current());
      expect(error.kind).toBe('invalid-response');
    });

    it('refuses every mutation in read-only mode before anything is sent', async () => {
      const gl = rig.client(DEMO_TOKENS.user, { readOnly: true });
      const before = rig.sim.requests.length;
      const error = await failure(gl.pipelines.create('acme/api', 'main'));
      expect(error.kind).toBe('read-only');
      expect(rig.sim.requests.length).toBe(before);
    });
  });

  describe('ETag and gzip over real HTTP', () => {
    it('revalidates with If-None-Match: a 304 returns the very same object', async () => {
      const gl = rig.client(DEMO_TOKENS.user);
      const first: Project = await gl.projects.get('ops/runbooks');
      const second = await gl.projects.get('ops/runbooks');
      expect(second).toBe(first);
      const sent = rig.sim.requests.filter((r) => r.path === '/projects/ops%2Frunbooks').slice(-2);
      expect(sent[1]!.headers['if-none-match']).toMatch(/^W\/"/);
      expect(sent[1]!.status).toBe(304);
    });

    it('gets a fresh object when the resource changed', async () => {
      const gl = rig.client(DEMO_TOKENS.user);
      const pipeline = await gl.pipelines.create('acme/web', 'main');
      const before = await gl.pipelines.get('acme/web', pipeline.id);
      rig.advance(5 * 60_000);
      const after = await gl.pipelines.get('acme/web', pipeline.id);
      expect(after).not.toBe(before);
      expect(after.status).not.toBe('pending');
    });

    it('asks for gzip and gets compressed bodies', async () => {
      await rig.gl.jobs.list('acme/api', { perPage: 100 }).all(100);
      const last = rig.sim.requests.filter((r) => r.path.startsWith('/projects/acme%2Fapi/jobs?')).at(-1)!;
      expect(last.headers['accept-encoding']).toMatch(/gzip/);
      expect(last.status).toBe(200);
    });

    it('sends the token as PRIVATE-TOKEN and the simulator also takes Authorization: Bearer', async () => {
      const res = await rig
        .client(undefined)
        .client.request<{ username: string }>('GET', '/user', { headers: { authorization: `Bearer ${DEMO_TOKENS.other}` } });
      expect(res.data.username).toBe('bob');
      expect((await rig.gl.users.current()).username).toBe('alice');
      const sent = rig.sim.requests.filter((r) => r.path === '/user').find((r) => r.headers['private-token'] === DEMO_TOKENS.user);
      expect(sent).toBeDefined();
    });
  });

  it('follows a growing log with Range: 206 appends, 416 when nothing is new', async () => {
    // A pipeline of its own, so its first job has just started: the seed's running jobs may be
    // seconds from their end.
    const pipeline = await rig.gl.pipelines.create('acme/web', 'main');
    let job: Job | undefined;
    for (let i = 0; i < 30 && !job; i++) {
      rig.advance(5_000);
      job = (await rig.gl.jobs.listForPipeline('acme/web', pipeline.id).all()).find((j) => j.status === 'running' && j.name !== 'lint');
    }
    const first = await rig.gl.jobs.trace('acme/web', job!.id);
    expect(first.kind).toBe('append');
    let held = first.kind === 'append' ? first.chunk.length : 0;
    expect((await rig.gl.jobs.trace('acme/web', job!.id, { offset: held })).kind).toBe('unchanged');
    let appended = 0;
    for (let i = 0; i < 30 && appended < 2; i++) {
      rig.advance(20_000);
      const next = await rig.gl.jobs.trace('acme/web', job!.id, { offset: held });
      if (next.kind === 'append') {
        appended++;
        held += next.chunk.length;
        expect(next.size).toBe(held);
      }
    }
    expect(appended).toBe(2);
    const statuses = new Set(rig.sim.requests.filter((r) => r.path.endsWith(`/jobs/${job!.id}/trace`) && r.headers.range).map((r) => r.status));
    expect(statuses).toEqual(new Set([206, 416]));
  });

  it(`every request went over ${protocol}`, async () => {
    await rig.gl.users.current();
    await rig.gl.jobs.list('acme/api', { perPage: 100 }).all(100);
    const versions = new Set(rig.sim.requests.map((r) => r.httpVersion));
    expect([...versions]).toEqual([protocol === 'HTTP/1.1' ? '1.1' : '2.0']);
  });
});

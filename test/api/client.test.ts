import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRoot, createClient } from '../../src/api/client.js';
import { createGitLab } from '../../src/api/index.js';
import { encodeProjectId, projectPath, userPath } from '../../src/api/paths.js';
import { buildQuery } from '../../src/api/query.js';
import { json, startServer, type Handler, type TestServer } from './test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function serve(handler: Handler): Promise<TestServer> {
  server = await startServer(handler);
  return server;
}
const ok: Handler = (_req, res) => json(res, 200, []);

describe('base URL, headers and bodies', () => {
  it('appends /api/v4 unless present', () => {
    expect(apiRoot('http://127.0.0.1:8929').toString()).toBe('http://127.0.0.1:8929/api/v4');
    expect(apiRoot('http://127.0.0.1:8929/').toString()).toBe('http://127.0.0.1:8929/api/v4');
    expect(apiRoot('https://gitlab.example.com/api/v4/').toString()).toBe('https://gitlab.example.com/api/v4');
    expect(apiRoot('https://example.com/gitlab').toString()).toBe('https://example.com/gitlab/api/v4');
    expect(apiRoot('gitlab.example.com').toString()).toBe('https://gitlab.example.com/api/v4');
  });

  it('sends the token, gzip, JSON accept and the user agent', async () => {
    const s = await serve(ok);
    await createClient({ baseUrl: s.url, token: 'tok-1', userAgent: 'pipetop-test/1' }).get('/projects/1/jobs');
    const h = s.requests[0]?.headers;
    expect(s.requests[0]?.url).toBe('/api/v4/projects/1/jobs');
    expect(h?.['private-token']).toBe('tok-1');
    expect(h?.['accept-encoding']).toBe('gzip');
    expect(h?.accept).toBe('application/json');
    expect(h?.['user-agent']).toBe('pipetop-test/1');
  });

  it('does not invent a token header without a token', async () => {
    const s = await serve(ok);
    await createClient({ baseUrl: `${s.url}/api/v4` }).get('/user');
    expect(s.requests[0]?.url).toBe('/api/v4/user');
    expect(s.requests[0]?.headers['private-token']).toBeUndefined();
  });

  it('sends form fields url-encoded and JSON as JSON', async () => {
    const s = await serve((_req, res) => json(res, 201, { id: 1 }));
    const gl = createClient({ baseUrl: s.url, token: 't' });
    await gl.post('/projects/1/pipeline_schedules', { form: { description: 'nightly build', cron: '0 1 * * *', active: false, cron_timezone: undefined } });
    await gl.put('/x', { json: { a: [1, 2] } });
    expect(s.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(s.requests[0]?.body).toBe('description=nightly%20build&cron=0%201%20*%20*%20*&active=false');
    expect(new URLSearchParams(s.requests[0]?.body).get('cron')).toBe('0 1 * * *');
    expect(s.requests[1]?.headers['content-type']).toBe('application/json');
    expect(s.requests[1]?.body).toBe('{"a":[1,2]}');
  });

  it('returns null data for 204 No Content', async () => {
    const s = await serve((_req, res) => res.writeHead(204).end());
    const res = await createClient({ baseUrl: s.url }).request('DELETE', '/projects/1/pipeline_schedules/3');
    expect(res.status).toBe(204);
    expect(res.data).toBeNull();
  });
});

describe('query and path encoding', () => {
  it('builds arrays as repeated key[]=v, booleans as true/false, skips undefined', () => {
    expect(buildQuery({ scope: ['failed', 'success'], simple: true, membership: false, search: undefined, x: null, q: 'a b&c' })).toBe(
      'scope[]=failed&scope[]=success&simple=true&membership=false&q=a%20b%26c',
    );
  });

  it('puts the expected raw URL on the wire', async () => {
    const s = await serve(ok);
    const gl = createGitLab({ baseUrl: s.url, token: 't' });
    await gl.jobs.list(1, { scope: ['failed', 'success'] }).all();
    await gl.jobs.list('group/sub/proj', { scope: 'running', perPage: 50 }).all();
    await gl.projects.list({ membership: true, simple: true, order_by: 'last_activity_at', search: 'api svc' }).all();
    await gl.events.listForUser('@alice', { action: 'pushed', after: '2025-01-01' }).all();
    // A file in a temp dir: a device such as /dev/null is refused before any request (safe-file.ts).
    const dir = await mkdtemp(join(tmpdir(), 'pipetop-url-'));
    await gl.jobs.downloadArtifactsByRef('group/proj', 'feature/x', 'build:linux', join(dir, 'a.zip')).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    expect(s.requests.map((r) => r.url)).toEqual([
      '/api/v4/projects/1/jobs?scope[]=failed&scope[]=success&page=1&per_page=20',
      '/api/v4/projects/group%2Fsub%2Fproj/jobs?scope=running&page=1&per_page=50',
      '/api/v4/projects?membership=true&simple=true&order_by=last_activity_at&search=api%20svc&page=1&per_page=20',
      '/api/v4/users/alice/events?action=pushed&after=2025-01-01&page=1&per_page=20',
      '/api/v4/projects/group%2Fproj/jobs/artifacts/feature%2Fx/download?job=build%3Alinux',
    ]);
  });

  it('encodes project ids and users', () => {
    expect(projectPath(42)).toBe('/projects/42');
    expect(projectPath('group/sub/proj')).toBe('/projects/group%2Fsub%2Fproj');
    expect(projectPath(' /group/proj/ ')).toBe('/projects/group%2Fproj');
    expect(encodeProjectId('a.b/c-d_e')).toBe('a.b%2Fc-d_e');
    expect(userPath(7)).toBe('/users/7');
    expect(userPath('@bob')).toBe('/users/bob');
    expect(() => projectPath('')).toThrow(TypeError);
    expect(() => projectPath(1.5)).toThrow(TypeError);
  });
});

describe('gzip', () => {
  it('decodes gzip-encoded JSON and error bodies', async () => {
    const s = await serve((req, res) => {
      const body = req.url?.includes('missing') ? { message: '404 Not found' } : { id: 9, name: 'ünïcode ✓' };
      const zipped = gzipSync(JSON.stringify(body));
      res.writeHead(req.url?.includes('missing') ? 404 : 200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': zipped.length,
      });
      res.end(zipped);
    });
    const gl = createClient({ baseUrl: s.url });
    expect(await gl.get('/projects/1/jobs/9')).toEqual({ id: 9, name: 'ünïcode ✓' });
    await expect(gl.get('/projects/1/jobs/missing')).rejects.toMatchObject({ status: 404, reason: '404 Not found' });
  });

  it('reports a corrupt gzip body as an invalid response', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end('definitely not gzip');
    });
    await expect(createClient({ baseUrl: s.url }).get('/x')).rejects.toMatchObject({ kind: 'invalid-response', status: 200 });
  });
});

describe('ETag revalidation', () => {
  const etagServer: Handler = (req, res) => {
    const version = req.url?.includes('v2') ? 'W/"2"' : 'W/"1"';
    if (req.headers['if-none-match'] === version) {
      res.writeHead(304, { etag: version }).end();
      return;
    }
    json(res, 200, { id: 1, status: 'running' }, { etag: version });
  };

  it('sends If-None-Match and returns the same object on 304', async () => {
    const s = await serve(etagServer);
    const gl = createClient({ baseUrl: s.url });
    const first = await gl.request<{ id: number }>('GET', '/projects/1/pipelines/1');
    const second = await gl.request<{ id: number }>('GET', '/projects/1/pipelines/1');
    expect(first.notModified).toBe(false);
    expect(second.status).toBe(304);
    expect(second.notModified).toBe(true);
    expect(second.data).toBe(first.data);
    expect(s.requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(s.requests[1]?.headers['if-none-match']).toBe('W/"1"');
  });

  it('keys the cache by URL including the query, and can be turned off', async () => {
    const s = await serve(etagServer);
    const gl = createClient({ baseUrl: s.url });
    await gl.get('/p', { query: { a: 1 } });
    await gl.get('/p', { query: { a: 2 } });
    await gl.get('/p', { query: { a: 1 }, etag: false });
    expect(s.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined, undefined]);
    const off = createClient({ baseUrl: s.url, etagCacheSize: 0 });
    await off.get('/q');
    await off.get('/q');
    expect(s.requests[4]?.headers['if-none-match']).toBeUndefined();
  });

  it('evicts the least recently used entry', async () => {
    const s = await serve(etagServer);
    const gl = createClient({ baseUrl: s.url, etagCacheSize: 2 });
    await gl.get('/a');
    await gl.get('/b');
    await gl.get('/a'); // refreshes /a
    await gl.get('/c'); // evicts /b
    await gl.get('/b'); // miss; evicts /a, the least recently used now
    await gl.get('/c');
    await gl.get('/a');
    expect(s.requests.map((r) => [r.url, r.headers['if-none-match'] ?? null])).toEqual([
      ['/api/v4/a', null],
      ['/api/v4/b', null],
      ['/api/v4/a', 'W/"1"'],
      ['/api/v4/c', null],
      ['/api/v4/b', null],
      ['/api/v4/c', 'W/"1"'],
      ['/api/v4/a', null],
    ]);
  });

  it('replaces the cached object when the content changed', async () => {
    let version = 1;
    const s = await serve((req, res) => {
      const tag = `W/"${version}"`;
      if (req.headers['if-none-match'] === tag) return void res.writeHead(304).end();
      json(res, 200, { version }, { etag: tag });
    });
    const gl = createClient({ baseUrl: s.url });
    const a = await gl.get('/x');
    version = 2;
    const b = await gl.get('/x');
    const c = await gl.get('/x');
    expect(a).toEqual({ version: 1 });
    expect(b).toEqual({ version: 2 });
    expect(c).toBe(b);
  });
});

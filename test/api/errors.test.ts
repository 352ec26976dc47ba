import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { GitLabApiError } from '../../src/api/errors.js';
import { startServer, type TestServer } from './test-server.js';

interface Canned {
  status: number;
  type?: string;
  body: string;
  headers?: Record<string, string>;
}

const SHAPES: Record<string, Canned> = {
  '/not-found': { status: 404, type: 'application/json', body: '{"message":"404 Not found"}' },
  '/project-not-found': { status: 404, type: 'application/json', body: '{"message":"404 Project Not Found"}' },
  '/route': { status: 404, type: 'application/json', body: '{"error":"404 Not Found"}' },
  '/cron': { status: 400, type: 'application/json', body: '{"message":{"cron":["syntax is invalid"]}}' },
  '/multi': {
    status: 400,
    type: 'application/json',
    body: '{"message":{"cron":["syntax is invalid","is blank"],"ref":["is missing"]}}',
  },
  '/base': { status: 400, type: 'application/json', body: '{"message":{"base":["Reference not found"]}}' },
  '/throttle-json': {
    status: 429,
    type: 'application/json',
    body: '{"message":{"error":"This endpoint has been requested too many times. Try again later."}}',
  },
  '/oauth': {
    status: 401,
    type: 'application/json',
    body: '{"error":"invalid_token","error_description":"Token is expired. You can either do re-authorization or token refresh."}',
    headers: { 'www-authenticate': 'Bearer realm="", error="invalid_token"' },
  },
  '/param': { status: 400, type: 'application/json', body: '{"error":"scope does not have a valid value"}' },
  '/plain': { status: 429, type: 'text/plain', body: 'Retry later\n', headers: { 'retry-after': '7' } },
  '/html-title': {
    status: 502,
    type: 'text/html',
    body: '<html>\n<head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>\n</html>\n',
  },
  '/html-untitled': { status: 503, type: 'text/html', body: '<html><body><h1>Down for maintenance</h1><script>x()</script></body></html>' },
  '/empty': { status: 404, body: '' },
  '/forbidden': { status: 403, type: 'application/json', body: '{"message":"403 Forbidden - Job is not retryable"}' },
  '/bad-json': { status: 200, type: 'application/json', body: '{"id": 1,' },
  '/html-200': { status: 200, type: 'text/html', body: '<!DOCTYPE html><html><head><title>Sign in</title></head></html>' },
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer((req, res) => {
    const canned = SHAPES[(req.url ?? '').replace(/^\/api\/v4/, '').split('?')[0] ?? ''];
    if (!canned) {
      res.writeHead(500).end();
      return;
    }
    const headers: Record<string, string> = { ...canned.headers };
    if (canned.type) headers['content-type'] = canned.type;
    res.writeHead(canned.status, headers);
    res.end(canned.body);
  });
});
afterEach(() => server.close());

// maxRetries 0: these tests are about the error shape, not about retrying 429/502/503.
const client = () => createClient({ baseUrl: server.url, token: 't0ken-abc', maxRetries: 0 });

async function failure(promise: Promise<unknown>): Promise<GitLabApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GitLabApiError);
  return err as GitLabApiError;
}

describe('error body shapes', () => {
  it.each([
    ['/not-found', 404, '404 Not found'],
    ['/project-not-found', 404, '404 Project Not Found'],
    ['/route', 404, '404 Not Found'],
    ['/cron', 400, 'cron syntax is invalid'],
    ['/multi', 400, 'cron syntax is invalid; cron is blank; ref is missing'],
    ['/base', 400, 'Reference not found'],
    ['/throttle-json', 429, 'This endpoint has been requested too many times. Try again later.'],
    ['/oauth', 401, 'invalid_token: Token is expired. You can either do re-authorization or token refresh.'],
    ['/param', 400, 'scope does not have a valid value'],
    ['/plain', 429, 'Retry later'],
    ['/html-title', 502, '502 Bad Gateway'],
    ['/html-untitled', 503, 'Service Unavailable'],
    ['/empty', 404, 'Not Found'],
    ['/forbidden', 403, '403 Forbidden - Job is not retryable'],
  ])('%s → %i "%s"', async (path, status, reason) => {
    const err = await failure(client().get(path));
    expect(err.kind).toBe('http');
    expect(err.status).toBe(status);
    expect(err.reason).toBe(reason);
    expect(err.method).toBe('GET');
    expect(err.path).toBe(path);
    expect(err.message).toBe(`GET ${path} → ${status}: ${reason}`);
    expect(err.message).not.toMatch(/<html|<body|<script/i);
  });

  it('exposes validation fields', async () => {
    const err = await failure(client().post('/multi', { form: { cron: 'nope' } }));
    expect(err.fields).toEqual({ cron: ['syntax is invalid', 'is blank'], ref: ['is missing'] });
    expect(err.message).toBe('POST /multi → 400: cron syntax is invalid; cron is blank; ref is missing');
    const single = await failure(client().post('/cron'));
    expect(single.fields).toEqual({ cron: ['syntax is invalid'] });
  });

  it('carries Retry-After of a final 429 and the raw body, truncated', async () => {
    const err = await failure(client().get('/plain'));
    expect(err.retryAfterMs).toBe(7000);
    expect(err.body).toBe('Retry later\n');
  });

  it('invalid JSON on a 2xx is an invalid-response error', async () => {
    const err = await failure(client().get('/bad-json'));
    expect(err.kind).toBe('invalid-response');
    expect(err.status).toBe(200);
    expect(err.message).toBe('GET /bad-json → invalid response: malformed JSON body');
  });

  it('an HTML page on a 2xx is an invalid-response error that does not dump the page', async () => {
    const err = await failure(client().get('/html-200'));
    expect(err.kind).toBe('invalid-response');
    expect(err.message).toBe('GET /html-200 → invalid response: expected JSON, got text/html ("Sign in")');
  });
});

describe('token redaction', () => {
  const TOKEN = 'glpat-S3cr3tT0kenValue';
  const assertClean = (err: GitLabApiError) => {
    for (const text of [err.message, String(err), err.stack ?? '', JSON.stringify(err), err.path, err.reason, err.body ?? '']) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(encodeURIComponent(TOKEN));
    }
  };

  it('removes the token from server messages, bodies and paths', async () => {
    const echo = await startServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `401 Unauthorized: token ${String(req.headers['private-token'])} was revoked`, echo: req.url }));
    });
    try {
      const gl = createClient({ baseUrl: echo.url, token: TOKEN, maxRetries: 0 });
      const err = await failure(gl.get(`/projects/${TOKEN}/jobs`, { query: { private_token: TOKEN } }));
      expect(echo.requests[0]?.headers['private-token']).toBe(TOKEN);
      expect(err.status).toBe(401);
      expect(err.message).toContain('[REDACTED]');
      expect(err.path).toBe('/projects/[REDACTED]/jobs?private_token=[REDACTED]');
      assertClean(err);
    } finally {
      await echo.close();
    }
  });

  it('removes the token from network errors and validation fields', async () => {
    const gone = await startServer(() => undefined);
    await gone.close();
    const gl = createClient({ baseUrl: gone.url, token: TOKEN, maxRetries: 0 });
    const err = await failure(gl.get(`/users/${TOKEN}`));
    expect(err.kind).toBe('network');
    expect(err.code).toBe('ECONNREFUSED');
    expect(err.status).toBe(0);
    assertClean(err);

    const fields = await startServer((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: { [TOKEN]: [`has ${TOKEN}`] } }));
    });
    try {
      const err2 = await failure(createClient({ baseUrl: fields.url, token: TOKEN }).post('/x'));
      assertClean(err2);
      expect(JSON.stringify(err2.fields)).not.toContain(TOKEN);
    } finally {
      await fields.close();
    }
  });
});

describe('read-only mode', () => {
  it('refuses every non-GET/HEAD request before sending anything', async () => {
    const gl = createClient({ baseUrl: server.url, token: 't', readOnly: true });
    for (const call of [gl.post('/projects/1/pipeline'), gl.put('/x'), gl.delete('/x'), gl.request('PATCH', '/x')]) {
      const err = await failure(call);
      expect(err.kind).toBe('read-only');
      expect(err.status).toBe(0);
    }
    expect(server.requests).toHaveLength(0);
    // Reads still work.
    const err = await failure(gl.get('/not-found'));
    expect(err.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });
});

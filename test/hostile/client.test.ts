// The API client against a hostile GitLab (test/hostile/server.ts): every probe ends in a specific
// GitLabApiError, soon, with memory bounded, and the same client still works for the next request.
// Timeouts are small options, never wall time; big bodies are streamed and cut short by the caps.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions, type GitLabClient } from '../../src/api/client.js';
import { GitLabApiError } from '../../src/api/errors.js';
import { paginate } from '../../src/api/paginate.js';
import { readTrace } from '../../src/api/trace.js';
import { probes, startHostile, type HostileServer } from './server.js';

const MB = 1024 * 1024;
let server: HostileServer;
let elsewhere: HostileServer;

beforeAll(async () => {
  server = await startHostile();
  elsewhere = await startHostile();
  // undici loads with the first request; under load that alone can outlast a 300 ms test timeout.
  server.mount('/api/v4/warm', probes.json({}));
  await createClient({ baseUrl: server.url }).get('/warm');
  server.unmountAll();
});
afterAll(async () => {
  await server.close();
  await elsewhere.close();
});
afterEach(() => {
  server.unmountAll();
  elsewhere.unmountAll();
  server.requests.splice(0);
});

function client(opts: Partial<ClientOptions> = {}): GitLabClient {
  return createClient({ baseUrl: server.url, token: 'hostile-secret', sleep: async () => {}, ...opts });
}

async function failure(promise: Promise<unknown>): Promise<GitLabApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof GitLabApiError) return err;
    throw err;
  }
  throw new Error('expected a GitLabApiError, got a result');
}

/** RSS growth across `run`, in MB: generous bounds catch "read it all first" (hundreds of MB). */
async function rssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** The client still answers after the probe: the next request to a sane route succeeds. */
async function stillWorks(gl: GitLabClient): Promise<void> {
  server.mount('/api/v4/sane', probes.json({ ok: true }));
  await expect(gl.get('/sane')).resolves.toEqual({ ok: true });
}

describe('a server that is slow on purpose', () => {
  it('slowloris headers (a byte at a time, never done) end in a timeout after one timeoutMs', async () => {
    server.mount('/api/v4/slow', probes.slowHeaders(20));
    const gl = client({ timeoutMs: 300 });
    const err = await failure(gl.get('/slow'));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('GET /slow → timed out: no response within 300 ms');
    expect(server.requests.filter((r) => r.url.includes('/slow'))).toHaveLength(1);
    await stillWorks(gl);
  });

  it('a body that trickles and never ends times out too', async () => {
    server.mount('/api/v4/trickle', probes.tricklingBody(20));
    const gl = client({ timeoutMs: 300 });
    const err = await failure(gl.get('/trickle'));
    expect(err.kind).toBe('timeout');
    await stillWorks(gl);
  });
});

describe('a server that sends too much', () => {
  it('a JSON body that never ends stops at the response cap', async () => {
    server.mount('/api/v4/endless', probes.endlessJson());
    const gl = client({ maxResponseBytes: 4 * MB });
    const err = await failure(gl.get('/endless'));
    expect(err).toMatchObject({ kind: 'invalid-response', code: 'BODY_TOO_LARGE', reason: 'response larger than 4 MB' });
    await stillWorks(gl);
  });

  it('a 500 MB JSON body stops at the default 50 MB cap without holding 500 MB', async () => {
    server.mount('/api/v4/huge', probes.hugeJson(500 * MB));
    const gl = client();
    const { result: err, growthMb } = await rssGrowth(() => failure(gl.get('/huge')));
    expect(err.reason).toBe('response larger than 50 MB');
    expect(growthMb).toBeLessThan(250);
    await stillWorks(gl);
  });

  it('an announced Content-Length over the cap is refused before the body is read', async () => {
    server.mount('/api/v4/announced', probes.hugeJson(500 * MB, true));
    const gl = client();
    const sentBefore = server.sent();
    const err = await failure(gl.get('/announced'));
    expect(err.reason).toBe('response larger than 50 MB');
    expect(server.sent() - sentBefore).toBeLessThan(64 * MB);
    await stillWorks(gl);
  });

  it('a gzip bomb (5 GB from a few MB) stops at the decompression cap, counted as it inflates', async () => {
    server.mount('/api/v4/bomb', probes.gzipBomb(5 * 1024 * MB));
    const gl = client();
    const { result: err, growthMb } = await rssGrowth(() => failure(gl.get('/bomb')));
    expect(err).toMatchObject({ kind: 'invalid-response', reason: "response's decompressed size over 50 MB" });
    expect(growthMb).toBeLessThan(250);
    await stillWorks(gl);
  });

  it('the bomb on the pipeline list (2 MB → 2 GiB) is refused the same way', async () => {
    server.mount(/\/api\/v4\/projects\/1\/pipelines/, probes.gzipBomb(2 * 1024 * MB));
    const gl = client();
    const err = await failure(paginate(gl, '/projects/1/pipelines').all());
    expect(err.reason).toBe("response's decompressed size over 50 MB");
    await stillWorks(gl);
  });

  it('JSON nested 100,000 deep is refused before parsing', async () => {
    server.mount('/api/v4/deep', probes.deepJson(100_000));
    const gl = client();
    const err = await failure(gl.get('/deep'));
    expect(err).toMatchObject({ kind: 'invalid-response', code: 'JSON_TOO_DEEP', reason: 'JSON nested deeper than 64 levels' });
    await stillWorks(gl);
  });
});

describe('the depth pre-scan', () => {
  it('counts brackets only outside strings (escaped quotes included), and accepts 64 levels', async () => {
    const inString = { name: `${'['.repeat(500)}\\"${'{'.repeat(500)}` };
    server.mount('/api/v4/strings', probes.json([inString]));
    server.mount('/api/v4/sixty-four', probes.deepJson(64));
    server.mount('/api/v4/sixty-five', probes.deepJson(65));
    const gl = client();
    await expect(gl.get('/strings')).resolves.toEqual([inString]);
    await expect(gl.get('/sixty-four')).resolves.toBeDefined();
    expect((await failure(gl.get('/sixty-five'))).code).toBe('JSON_TOO_DEEP');
  });
});

describe('pagination that never ends', () => {
  it('X-Next-Page always 2 ends in "pagination loop" after two requests', async () => {
    server.mount('/api/v4/loop', probes.nextPageAlways(2));
    const gl = client();
    const err = await failure(paginate(gl, '/loop').all());
    expect(err.reason).toBe("GitLab's next page repeats page 2: pagination loop");
    expect(server.requests.filter((r) => r.url.startsWith('/api/v4/loop'))).toHaveLength(2);
    await stillWorks(gl);
  });

  it('a Link to another host is never followed, so the token never goes there', async () => {
    server.mount('/api/v4/linked', probes.linkTo(elsewhere.url));
    const gl = client();
    const err = await failure(paginate(gl, '/linked').all());
    expect(err.reason).toMatch(/^GitLab's next-page link points to another host \(127\.0\.0\.1:\d+\); not followed$/);
    expect(elsewhere.requests).toHaveLength(0);
    await stillWorks(gl);
  });
});

describe('a server that says come back later, forever', () => {
  it('Retry-After: 999999 waits at most 60 s per retry, and the error carries at most 60 s', async () => {
    server.mount('/api/v4/later', probes.tooMany('999999'));
    const waits: number[] = [];
    const gl = client({ sleep: async (ms) => void waits.push(ms) });
    const err = await failure(gl.get('/later'));
    expect(err.status).toBe(429);
    expect(waits).toEqual([60_000, 60_000, 60_000]);
    expect(err.retryAfterMs).toBe(60_000);
    // It recovers: the next request is asked and answered.
    server.unmountAll();
    await stillWorks(gl);
  });

  it('429 on every request gives up after the retries with a 429 error', async () => {
    server.mount('/api/v4/busy', probes.tooMany());
    const gl = client();
    const err = await failure(gl.get('/busy'));
    expect(err).toMatchObject({ kind: 'http', status: 429 });
    expect(server.requests.filter((r) => r.url === '/api/v4/busy')).toHaveLength(4);
    await stillWorks(gl);
  });

  it('a redirect loop costs one request and says it was not followed', async () => {
    server.mount('/api/v4/round', probes.redirectLoop());
    const gl = client();
    const err = await failure(gl.get('/round'));
    expect(err).toMatchObject({ kind: 'http', status: 302, reason: 'GitLab answered with a redirect (302), not followed' });
    expect(server.requests.filter((r) => r.url === '/api/v4/round')).toHaveLength(1);
    await stillWorks(gl);
  });
});

describe('job logs', () => {
  const trace = '/api/v4/projects/1/jobs/5/trace';

  it('a 2 GB log stops at the 100 MB default with "job log larger than 100 MB"', async () => {
    server.mount(trace, probes.log(2 * 1024 * MB));
    const gl = client();
    const { result: err, growthMb } = await rssGrowth(() => failure(readTrace(gl, 1, 5)));
    expect(err).toMatchObject({ kind: 'invalid-response', reason: 'job log larger than 100 MB' });
    expect(growthMb).toBeLessThan(400);
    await stillWorks(gl);
  });

  it('one line of 100 MB (within the cap) arrives whole; a byte more is refused', async () => {
    server.mount(trace, probes.log(100 * MB, true));
    const gl = client();
    const got = await readTrace(gl, 1, 5);
    expect(got).toMatchObject({ kind: 'append', size: 100 * MB });
    server.mount(trace, probes.log(100 * MB + 64, true));
    expect((await failure(readTrace(gl, 1, 5))).reason).toBe('job log larger than 100 MB');
  });

  it('a log that shrinks while followed starts over from the shorter log', async () => {
    let size = 1000;
    server.mount(trace, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('y'.repeat(size));
    });
    const gl = client();
    expect(await readTrace(gl, 1, 5)).toMatchObject({ kind: 'append', size: 1000 });
    size = 400;
    const shrunk = await readTrace(gl, 1, 5, { offset: 1000 });
    expect(shrunk).toMatchObject({ kind: 'reset', size: 400 });
    expect(shrunk.kind === 'reset' && shrunk.chunk.length).toBe(400);
  });
});

describe('wrong types everywhere', () => {
  it('a job whose id is a string, a null list, an unknown status: clear errors or safe readings', async () => {
    const { createGitLab } = await import('../../src/api/index.js');
    const gl = createGitLab({ baseUrl: server.url, token: 'hostile-secret', sleep: async () => {} });
    server.mount('/api/v4/projects/1/jobs/5', probes.json({ id: '5', status: 'success', name: 'build' }));
    const err = await failure(gl.jobs.get(1, 5));
    expect(err).toMatchObject({
      kind: 'invalid-response',
      code: 'INVALID_SHAPE',
      message: 'GET /projects/1/jobs/5 → invalid response: GitLab sent a job whose id is not a number',
    });
    server.mount('/api/v4/projects/1/pipelines', probes.json(null));
    expect((await failure(gl.pipelines.list(1).all())).reason).toBe('expected a JSON array');
    server.mount(
      '/api/v4/projects/1/pipelines',
      probes.json([
        { id: 9, status: { weird: true }, ref: 'main', sha: 'abc' },
        { id: 8, status: 'brand_new', ref: 'main', sha: 'abc' },
      ]),
    );
    expect((await gl.pipelines.list(1).all()).map((p) => p.status)).toEqual(['unknown', 'brand_new']);
    const job = { id: 1, status: 'failed', stage: 'test', name: 'rspec', ref: 'main', commit: { id: 'abc', short_id: 'abc', title: 'Fix' } };
    server.mount('/api/v4/projects/1/jobs', probes.json([{ ...job, tag_list: null }]));
    // A list field that is not a list is left out (src/api/decoders.ts): the job is still shown.
    expect((await gl.jobs.list(1).all())[0]).not.toHaveProperty('tag_list');
    await stillWorks(gl.client);
  });
});

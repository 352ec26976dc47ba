import { getEventListeners } from 'node:events';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createClient, type HttpMethod } from '../../src/api/client.js';
import { downloadToFile } from '../../src/api/download.js';
import type { RetryInfo } from '../../src/api/transport.js';
import { json, recordingSleep, rejection, servePerTest, startServer, text, type Handler } from './test-server.js';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const serve = servePerTest();

/** Answers the listed statuses in turn (with their headers), then 200 {"ok":true}. */
function sequence(steps: Array<{ status: number; headers?: Record<string, string> } | 'reset'>): Handler {
  return (req, res, _rec, index) => {
    const step = steps[index];
    if (step === 'reset') {
      req.socket.destroy();
      return;
    }
    if (!step) return json(res, 200, { ok: true, attempt: index + 1 });
    return text(res, step.status, 'nope', step.headers);
  };
}

describe('automatic retry of GET', () => {
  it('waits Retry-After seconds on 429', async () => {
    const s = await serve(sequence([{ status: 429, headers: { 'retry-after': '3' } }]));
    const { sleep, waits } = recordingSleep();
    const gl = createClient({ baseUrl: s.url, sleep, now: () => NOW });
    expect(await gl.get('/x')).toEqual({ ok: true, attempt: 2 });
    expect(waits).toEqual([3000]);
    expect(s.requests).toHaveLength(2);
  });

  it('reads Retry-After as an HTTP date', async () => {
    const at = new Date(NOW + 5000).toUTCString();
    const s = await serve(sequence([{ status: 503, headers: { 'retry-after': at } }]));
    const { sleep, waits } = recordingSleep();
    await createClient({ baseUrl: s.url, sleep, now: () => NOW }).get('/x');
    expect(waits).toEqual([5000]);
  });

  it('falls back to RateLimit-Reset (absolute unix seconds) minus now', async () => {
    const reset = String(NOW / 1000 + 12);
    const s = await serve(sequence([{ status: 429, headers: { 'ratelimit-reset': reset, 'ratelimit-remaining': '0' } }]));
    const { sleep, waits } = recordingSleep();
    await createClient({ baseUrl: s.url, sleep, now: () => NOW }).get('/x');
    expect(waits).toEqual([12000]);
  });

  it('prefers Retry-After over RateLimit-Reset', async () => {
    const s = await serve(sequence([{ status: 429, headers: { 'retry-after': '2', 'ratelimit-reset': String(NOW / 1000 + 50) } }]));
    const { sleep, waits } = recordingSleep();
    await createClient({ baseUrl: s.url, sleep, now: () => NOW }).get('/x');
    expect(waits).toEqual([2000]);
  });

  it('uses exponential backoff with full jitter on 502/504/503 without hints', async () => {
    const s = await serve(sequence([{ status: 502 }, { status: 504 }, { status: 503 }]));
    const { sleep, waits } = recordingSleep();
    const gl = createClient({ baseUrl: s.url, sleep, random: () => 0.5 });
    expect(await gl.get('/x')).toEqual({ ok: true, attempt: 4 });
    // 0.5 · 500·2^n for n = 0, 1, 2
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('caps any single wait, by default at 60 s and as configured', async () => {
    // Every first attempt (even index) is throttled for an hour; the retry succeeds.
    const s = await serve((_req, res, _rec, index) =>
      index % 2 === 0 ? text(res, 429, 'slow down', { 'retry-after': '3600' }) : json(res, 200, { ok: true }),
    );
    const first = recordingSleep();
    await createClient({ baseUrl: s.url, sleep: first.sleep }).get('/x');
    expect(first.waits).toEqual([60_000]);
    const second = recordingSleep();
    await createClient({ baseUrl: s.url, sleep: second.sleep, maxRetryDelayMs: 1500 }).get('/y');
    expect(second.waits).toEqual([1500]);
  });

  it('gives up after maxRetries and throws the last answer', async () => {
    const s = await serve((_req, res) => text(res, 503, 'busy', { 'retry-after': '1' }));
    const { sleep, waits } = recordingSleep();
    const err = await rejection(createClient({ baseUrl: s.url, sleep }).get('/x'));
    expect(s.requests).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 1000]);
    expect(err.status).toBe(503);
    expect(err.reason).toBe('busy');
    expect(err.retryAfterMs).toBe(1000);
  });

  it('retries a reset connection and reports each retry', async () => {
    const s = await serve(sequence(['reset', 'reset']));
    const { sleep, waits } = recordingSleep();
    const seen: RetryInfo[] = [];
    const gl = createClient({ baseUrl: s.url, sleep, random: () => 0.5, onRetry: (info) => seen.push(info) });
    expect(await gl.get('/projects/1/jobs')).toEqual({ ok: true, attempt: 3 });
    expect(s.requests).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
    expect(seen.map((i) => [i.attempt, i.delayMs, i.method, i.path])).toEqual([
      [1, 250, 'GET', '/projects/1/jobs'],
      [2, 500, 'GET', '/projects/1/jobs'],
    ]);
    expect(seen[0]?.reason).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
  });

  it('retries a refused connection, then reports a network error', async () => {
    const gone = await startServer(() => undefined);
    await gone.close();
    const { sleep, waits } = recordingSleep();
    const err = await rejection(createClient({ baseUrl: gone.url, sleep, maxRetries: 2 }).get('/x'));
    expect(waits).toHaveLength(2);
    expect(err.kind).toBe('network');
    expect(err.code).toBe('ECONNREFUSED');
  });

  it('retries HEAD like GET', async () => {
    const s = await serve(sequence([{ status: 502 }]));
    const { sleep, waits } = recordingSleep();
    const res = await createClient({ baseUrl: s.url, sleep, random: () => 0 }).request('HEAD', '/x');
    expect(res.status).toBe(200);
    expect(waits).toEqual([0]);
    expect(s.requests.map((r) => r.method)).toEqual(['HEAD', 'HEAD']);
  });
});

describe('no automatic retry of POST/PUT/DELETE', () => {
  const writes: HttpMethod[] = ['POST', 'PUT', 'DELETE'];
  for (const method of writes) {
    it.each([
      ['429 with Retry-After', { status: 429, headers: { 'retry-after': '1' } }],
      ['502', { status: 502 }],
      ['503', { status: 503 }],
      ['504', { status: 504 }],
      ['a reset connection', 'reset' as const],
    ])(`${method} is sent once on %s`, async (_label, step) => {
      const s = await serve(sequence([step, step]));
      const { sleep, waits } = recordingSleep();
      const err = await rejection(createClient({ baseUrl: s.url, sleep }).request(method, '/projects/1/pipeline', { query: { ref: 'main' } }));
      expect(s.requests).toHaveLength(1);
      expect(waits).toEqual([]);
      expect(err.method).toBe(method);
      expect(err.kind).toBe(step === 'reset' ? 'network' : 'http');
    });
  }

  it('POST that times out is not resent', async () => {
    const s = await serve(() => undefined);
    const err = await rejection(createClient({ baseUrl: s.url, timeoutMs: 50 }).post('/projects/1/jobs/2/retry'));
    expect(err.kind).toBe('timeout');
    expect(s.requests).toHaveLength(1);
  });
});

describe('timeouts and aborts', () => {
  it('times out when the server never answers', async () => {
    const s = await serve(() => undefined);
    const err = await rejection(createClient({ baseUrl: s.url, timeoutMs: 60, maxRetries: 0 }).get('/slow'));
    expect(err.kind).toBe('timeout');
    expect(err.status).toBe(0);
    expect(err.message).toBe('GET /slow → timed out: no response within 60 ms');
  });

  it('retries a GET that timed out within totalTimeoutMs, each attempt with its own timeout', async () => {
    const s = await serve(() => undefined);
    const { sleep, waits } = recordingSleep();
    const attempts: number[] = [];
    const client = createClient({ baseUrl: s.url, timeoutMs: 40, totalTimeoutMs: 60_000, maxRetries: 2, sleep, onExchange: (e) => attempts.push(e.attempt) });
    const err = await rejection(client.get('/slow'));
    expect(err.kind).toBe('timeout');
    // Counted at the client: on a loaded machine an attempt of 40 ms may time out before the server
    // has even seen its connection.
    expect(attempts).toEqual([1, 2, 3]);
    expect(s.requests.length).toBeLessThanOrEqual(3);
    expect(waits).toHaveLength(2);
  });

  // A server that never answers must not show "retrying in 0s" for two minutes (4 attempts of
  // 30 s) before "GitLab did not answer in time": by default the retries share one timeoutMs.
  it('by default gives up on a server that never answers after one timeout, without a retry', async () => {
    const s = await serve(() => undefined);
    const retries: unknown[] = [];
    const { sleep } = recordingSleep();
    const err = await rejection(createClient({ baseUrl: s.url, timeoutMs: 80, maxRetries: 3, sleep, onRetry: (i) => retries.push(i) }).get('/slow'));
    expect(err.kind).toBe('timeout');
    expect(s.requests).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('an answer (503 and its wait) ends the no-answer streak: the next attempt gets a whole timeout', async () => {
    const s = await serve((req, res, _rec, index) => {
      if (index === 0) return json(res, 200, { warm: true });
      if (index === 1) return req.socket.destroy();
      if (index === 2) return text(res, 503, 'busy', { 'retry-after': '1' });
      setTimeout(() => json(res, 200, { ok: true }), 60);
    });
    // The wait for the 503 really passes the reset's deadline (timeoutMs 300 from its attempt).
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 350)));
    const gl = createClient({ baseUrl: s.url, timeoutMs: 300, sleep, random: () => 0 });
    await gl.get('/warm'); // undici loads with the first request; keep that out of the timed attempts
    await expect(gl.get('/x')).resolves.toEqual({ ok: true });
    expect(s.requests).toHaveLength(4);
  });

  it('still retries a fast failure (a reset) by default', async () => {
    const s = await serve((req, res, _rec, index) => (index === 0 ? req.socket.destroy() : json(res, 200, { ok: true })));
    const { sleep } = recordingSleep();
    await expect(createClient({ baseUrl: s.url, timeoutMs: 5_000, sleep }).get('/x')).resolves.toEqual({ ok: true });
    expect(s.requests).toHaveLength(2);
  });

  it('times out a body that stalls after the headers', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
    });
    const err = await rejection(createClient({ baseUrl: s.url, timeoutMs: 60, maxRetries: 0 }).get('/stall'));
    expect(err.kind).toBe('timeout');
  });

  it('stops when the caller aborts, without retrying', async () => {
    const s = await serve(() => undefined);
    const ctl = new AbortController();
    const { sleep, waits } = recordingSleep();
    const pending = createClient({ baseUrl: s.url, sleep }).get('/slow', { signal: ctl.signal });
    // Bounded, but not by vi.waitFor's 1 s: on a loaded machine the first connection takes longer.
    await vi.waitFor(() => expect(s.requests).toHaveLength(1), { timeout: 15_000 });
    ctl.abort();
    const err = await rejection(pending);
    expect(err.kind).toBe('aborted');
    expect(waits).toEqual([]);
    expect(s.requests).toHaveLength(1);
  });

  it('leaves no listener on a long-lived caller signal (a UI reuses one for every poll)', async () => {
    const s = await serve(sequence(['reset', { status: 503 }]));
    const appSignal = new AbortController().signal;
    const { sleep } = recordingSleep();
    const gl = createClient({ baseUrl: s.url, sleep });
    for (let i = 0; i < 5; i++) await gl.get(`/poll/${i}`, { signal: appSignal });
    await gl.get('/missing', { signal: appSignal, maxRetries: 0 }).catch(() => undefined);
    const dest = join(tmpdir(), `pipetop-listener-test-${process.pid}`);
    await downloadToFile(gl, '/file', dest, { signal: appSignal });
    await rm(dest, { force: true });
    await vi.waitFor(() => expect(getEventListeners(appSignal, 'abort')).toHaveLength(0));
  });

  it('sends nothing for an already aborted signal', async () => {
    const s = await serve(() => undefined);
    const err = await rejection(createClient({ baseUrl: s.url }).get('/x', { signal: AbortSignal.abort() }));
    expect(err.kind).toBe('aborted');
    expect(s.requests).toHaveLength(0);
  });

  it('an abort during the wait before a retry ends the request', async () => {
    const s = await serve(sequence([{ status: 503, headers: { 'retry-after': '30' } }]));
    const ctl = new AbortController();
    // The real sleep (30 s asked): it must end as soon as the signal aborts, mid-wait.
    const gl = createClient({ baseUrl: s.url, onRetry: () => setImmediate(() => ctl.abort()) });
    const err = await rejection(gl.get('/x', { signal: ctl.signal }));
    expect(err.kind).toBe('aborted');
    expect(s.requests).toHaveLength(1);
  });
});

describe('exchange log (--debug-log)', () => {
  it('reports every attempt with status, time and size, and never the token', async () => {
    const token = 'glpat-secret-token-123';
    const local = await serve((req, res, _rec, index) => (index === 0 ? text(res, 503, 'busy') : json(res, 200, { ok: true, echo: req.url })));
    const entries: unknown[] = [];
    {
      const client = createClient({ baseUrl: local.url, token, sleep: async () => {}, onExchange: (e) => entries.push(e) });
      await client.get(`/projects/1?private_token=${token}`);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ method: 'GET', status: 503, attempt: 1 });
      expect(entries[1]).toMatchObject({ method: 'GET', status: 200, attempt: 2, bytes: expect.any(Number) });
      expect((entries[1] as { ms: number }).ms).toBeGreaterThanOrEqual(0);
      expect(JSON.stringify(entries)).not.toContain(token);
    }
  });
});

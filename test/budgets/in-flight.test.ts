// Requests in flight per host are capped (src/lib/budgets.ts REQUESTS_PER_HOST): a pulse list of
// 10,000 projects once sent 10,000 lookups at once (8,595 in flight, 303 MB RSS). The test server
// counts requests in flight as they arrive and as their answers finish.
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createGitLab } from '../../src/api/index.js';
import { REQUESTS_PER_HOST } from '../../src/lib/budgets.js';
import { createSlots } from '../../src/lib/slots.js';
import { json, servePerTest } from '../api/test-server.js';
import { until as waitUntil } from '../helpers/until.js';

const serve = servePerTest();

/** A server that counts requests in flight and keeps the peak; `hold` keeps answers back until released. */
async function countingServer(hold = false) {
  let inFlight = 0;
  let peak = 0;
  const held: (() => void)[] = [];
  const s = await serve((req, res: ServerResponse) => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.on('finish', () => inFlight--);
    res.on('close', () => {
      if (!res.writableFinished) inFlight--;
    });
    // A project as GitLab sends it (the decoders reject one without its name, path and web_url).
    const answer = () =>
      json(res, 200, {
        id: Number(/\/projects\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0),
        name: 'p',
        path: 'p',
        path_with_namespace: 'g/p',
        web_url: 'http://x/g/p',
      });
    if (hold) held.push(answer);
    else answer();
  });
  return {
    s,
    peak: () => peak,
    inFlight: () => inFlight,
    held,
  };
}

// The server and the client share this process: a turn of the event loop is all either needs.
const until = (check: () => boolean, what: string) => waitUntil(check, what, { everyMs: 0 });

describe('requests in flight per host', () => {
  it('10,000 project lookups at once: the server never sees more than 6 in flight, and all are answered', async () => {
    // The server holds every answer; each round lets the client send what it will, then answers
    // them all. Without the cap the first round alone held thousands.
    const server = await countingServer(true);
    const gl = createGitLab({ baseUrl: server.s.url, token: 't', etagCacheSize: 0 });
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    let answered = 0;
    const all = Promise.all(ids.map((id) => gl.projects.get(id).finally(() => answered++)));
    for (let round = 0; round < 10_000 && answered < ids.length; round++) {
      const expected = Math.min(REQUESTS_PER_HOST, ids.length - answered);
      await until(() => server.held.length >= expected, `${expected} requests at the server`);
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      const batch = server.held.splice(0);
      const before = answered;
      for (const answer of batch) answer();
      await until(() => answered >= before + batch.length, 'the answers');
    }
    const projects = await all;
    expect(projects.map((p) => p.id)).toEqual(ids);
    expect(server.s.requests).toHaveLength(10_000);
    expect(REQUESTS_PER_HOST).toBe(6);
    expect(server.peak()).toBe(REQUESTS_PER_HOST);
  }, 60_000);

  it('sends queued requests in the order they were made, and an aborted queued one is never sent', async () => {
    const server = await countingServer(true);
    const gl = createGitLab({ baseUrl: server.s.url, token: 't' });
    const aborts = Array.from({ length: 12 }, () => new AbortController());
    const results = aborts.map((a, i) =>
      gl.projects.get(i + 1, { signal: a.signal }).then(
        (p) => `ok ${p.id}`,
        (e: unknown) => `error ${(e as { kind?: string }).kind}`,
      ),
    );
    await until(() => server.held.length === 6, 'six requests at the server');
    // Give the client a chance to send more than it should.
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    expect(server.s.requests.map((r) => r.url)).toEqual([1, 2, 3, 4, 5, 6].map((id) => `/api/v4/projects/${id}`));
    // Requests 7 and 9 give up while they wait: they leave the queue.
    aborts[6]!.abort();
    aborts[8]!.abort();
    for (const answer of server.held.splice(0)) answer();
    await until(() => server.held.length === 4, 'the queued requests');
    for (const answer of server.held.splice(0)) answer();
    expect(await Promise.all(results)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((id) => `ok ${id}`),
      'error aborted',
      'ok 8',
      'error aborted',
      ...[10, 11, 12].map((id) => `ok ${id}`),
    ]);
    expect(server.s.requests.map((r) => r.url)).toEqual([1, 2, 3, 4, 5, 6, 8, 10, 11, 12].map((id) => `/api/v4/projects/${id}`));
    expect(server.peak()).toBe(6);
  });
});

describe('createSlots', () => {
  it('grants in order, releases once, and drops aborted waiters', async () => {
    const slots = createSlots(2);
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const ctl = new AbortController();
    const c = slots.acquire().then((r) => (order.push('c'), r));
    const d = slots.acquire(ctl.signal).then(
      () => order.push('d'),
      () => order.push('d aborted'),
    );
    const e = slots.acquire().then((r) => (order.push('e'), r));
    expect(slots.waiting).toBe(3);
    ctl.abort();
    await d;
    expect(slots.waiting).toBe(2);
    a();
    a(); // a second release frees nothing more
    const releaseC = await c;
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(1);
    b();
    const releaseE = await e;
    expect(order).toEqual(['d aborted', 'c', 'e']);
    releaseC();
    releaseE();
    expect(slots.active).toBe(0);
  });
});

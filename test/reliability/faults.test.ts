// Random fault injection in the simulator: every kind as a client sees it, determinism with a seed,
// runtime on/off, per-kind counts, and the one-shot queue still taking precedence.
import { request } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { DEMO_TOKENS, FAULT_KINDS, parseFaultKinds, startSimulator, type FaultKind, type Simulator } from '../../src/sim/index.js';
import { START } from '../helpers/sim.js';

let sim: Simulator | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

interface Raw {
  status?: number;
  headers?: Record<string, string | string[] | undefined>;
  body?: string;
  error?: string;
}

/** A plain HTTP request with a short timeout, reporting what came back (or how it failed). */
function raw(s: Simulator, path: string, method = 'GET', timeoutMs = 1_500): Promise<Raw> {
  return new Promise((resolve) => {
    const req = request(`${s.apiUrl}${path}`, { method, headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.user }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', (e) => resolve({ status: res.statusCode!, headers: res.headers, body, error: e.message }));
      res.on('aborted', () => resolve({ status: res.statusCode!, headers: res.headers, body, error: 'aborted' }));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy(new Error('timeout'));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    req.end();
  });
}

const only = async (kind: FaultKind) =>
  (sim = await startSimulator({ seed: 7, speed: 0, startTime: START, faults: { rate: 1, kinds: [kind], stallMs: 5_000 } }));

it('serves each kind as described', async () => {
  let r = await raw(await only('500'), '/projects');
  expect(r.status).toBe(500);
  expect(JSON.parse(r.body!)).toEqual({ message: '500 Internal Server Error' });
  await sim!.close();

  r = await raw(await only('502-html'), '/projects');
  expect(r.status).toBe(502);
  expect(r.headers!['content-type']).toMatch(/text\/html/);
  expect(r.body).toMatch(/<center>nginx<\/center>/);
  await sim!.close();

  r = await raw(await only('503'), '/projects');
  expect(r.status).toBe(503);
  await sim!.close();

  r = await raw(await only('429-text'), '/projects');
  expect(r.status).toBe(429);
  expect(r.body).toBe('Retry later\n');
  expect(r.headers!['retry-after']).toBe('1');
  expect(r.headers!['ratelimit-remaining']).toBe('0');
  expect(r.headers!['ratelimit-limit']).toBeDefined();
  expect(r.headers!['ratelimit-reset']).toMatch(/^\d+$/);
  await sim!.close();

  r = await raw(await only('429-json'), '/projects');
  expect(r.status).toBe(429);
  expect(JSON.parse(r.body!)).toEqual({ message: { error: 'This endpoint has been requested too many times. Try again later.' } });
  expect(r.headers!['retry-after']).toBeUndefined();
  await sim!.close();

  r = await raw(await only('reset'), '/projects');
  expect(r.error).toMatch(/socket hang up|ECONNRESET/);
  await sim!.close();

  r = await raw(await only('stall'), '/projects', 'GET', 400);
  expect(r.error).toBe('timeout');
  await sim!.close();

  r = await raw(await only('truncated'), '/projects');
  expect(r.error ?? 'complete').not.toBe('complete');
  await sim!.close();

  r = await raw(await only('invalid-json'), '/projects');
  expect(r.status).toBe(200);
  expect(() => JSON.parse(r.body!)).toThrow();
  await sim!.close();

  r = await raw(await only('wrong-shape'), '/projects');
  expect(r.status).toBe(200);
  expect(Array.isArray(JSON.parse(r.body!))).toBe(false);
  r = await raw(sim!, '/projects/1');
  expect(typeof JSON.parse(r.body!).id).not.toBe('number');
  // Shapes of a successful body are for reads only: with no other kind to draw, a mutation is served.
  r = await raw(sim!, '/projects/acme%2Fapi/pipeline?ref=main', 'POST');
  expect({ status: r.status, body: r.status === 201 ? '' : r.body }).toEqual({ status: 201, body: '' });
  expect(sim!.faultStats['wrong-shape']).toBe(2);
});

it('is deterministic with a seed, counts per kind, and turns on and off at runtime', async () => {
  const run = async () => {
    const s = await startSimulator({ seed: 7, speed: 0, startTime: START, faults: { rate: 0.5, seed: 99, kinds: ['500', '503', '429-json'] } });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await raw(s, '/user')).status!);
    const stats = { ...s.faultStats };
    await s.close();
    return { statuses, stats };
  };
  const a = await run();
  const b = await run();
  expect(a.statuses).toEqual(b.statuses);
  expect(a.stats).toEqual(b.stats);
  expect(a.stats.total).toBe(a.statuses.filter((s) => s !== 200).length);
  expect(a.stats.total).toBeGreaterThan(8);
  expect(a.stats.total).toBeLessThan(32);
  expect(a.stats['500'] + a.stats['503'] + a.stats['429-json']).toBe(a.stats.total);
  expect(a.stats.reset).toBe(0);

  sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  expect((await raw(sim, '/user')).status).toBe(200);
  sim.setFaultRate(1);
  expect((await raw(sim, '/user')).status).not.toBe(200);
  // Outside /api/v4 nothing is injected.
  expect(await new Promise((resolve) => request(sim!.url + '/', (res) => resolve(res.statusCode)).end())).toBe(200);
  // The one-shot queue goes first.
  sim.faults.add({ kind: 'respond', method: 'GET', path: '/user', status: 418, body: { message: 'teapot' } });
  expect((await raw(sim, '/user')).status).toBe(418);
  sim.setFaultRate(0);
  const before = sim.faultStats.total;
  for (let i = 0; i < 5; i++) expect((await raw(sim, '/user')).status).toBe(200);
  expect(sim.faultStats.total).toBe(before);
  expect(() => sim!.setFaultRate(2)).toThrow(/between 0 and 1/);
});

it('parses --fault-kinds lists', () => {
  expect(parseFaultKinds('500, reset,stall')).toEqual(['500', 'reset', 'stall']);
  expect(() => parseFaultKinds('500,bogus')).toThrow(/unknown fault kind "bogus"/);
  expect(FAULT_KINDS).toHaveLength(10);
});

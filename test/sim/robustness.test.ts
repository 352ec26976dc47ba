// The simulator never crashes and never answers 5xx on bad input: malformed paths, ids, parameters
// and bodies get GitLab's 4xx answers, and it keeps serving afterwards.
import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { startRig, type Rig } from '../helpers/sim.js';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const hostile: { method: string; path: string; body?: string | Buffer; type?: string; expect: number }[] = [
  { method: 'GET', path: '/projects/%E0%A4%A/jobs', expect: 404 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs/99999999999999999999999', expect: 400 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs/-1', expect: 400 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs?per_page=abc', expect: 400 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs?page=-5&per_page=-1', expect: 200 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs?page=999999999', expect: 405 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs?scope[]=', expect: 400 },
  { method: 'GET', path: '/projects/acme%2Fapi/jobs?pagination=keyset&cursor=%%%', expect: 400 },
  { method: 'GET', path: '/projects/acme%2Fapi/pipelines?yaml_errors=maybe', expect: 400 },
  { method: 'GET', path: '/projects/acme%2Fapi/pipelines?order_by=sha', expect: 400 },
  { method: 'GET', path: '/projects/..%2F..%2Fetc%2Fpasswd', expect: 404 },
  { method: 'GET', path: '/projects//jobs', expect: 404 },
  { method: 'GET', path: '/events?before=2026-02-30', expect: 400 },
  { method: 'GET', path: '/events?after=yesterday', expect: 400 },
  { method: 'GET', path: '/users/%00/events', expect: 404 },
  // GitLab checks admin rights (a before-filter) ahead of parameter validation.
  { method: 'GET', path: '/keys/abc', expect: 403 },
  { method: 'PATCH', path: '/projects/acme%2Fapi', expect: 404 },
  { method: 'POST', path: '/projects/acme%2Fapi/pipeline', body: '{"ref":', type: 'application/json', expect: 400 },
  { method: 'POST', path: '/projects/acme%2Fapi/pipeline', body: '{"ref":["main"]}', type: 'application/json', expect: 201 },
  { method: 'POST', path: '/projects/acme%2Fapi/pipeline', body: '{"ref":{"x":1}}', type: 'application/json', expect: 400 },
  {
    method: 'POST',
    path: '/projects/acme%2Fapi/pipeline_schedules',
    body: 'description=%FF&ref=main&cron=*+*+*+*+*',
    type: 'application/x-www-form-urlencoded',
    expect: 201,
  },
  {
    method: 'POST',
    path: '/projects/acme%2Fapi/pipeline_schedules',
    body: `description=${'x'.repeat(10_000)}&ref=main&cron=${encodeURIComponent('0 0 31 2 *')}`,
    type: 'application/x-www-form-urlencoded',
    expect: 400,
  },
  {
    method: 'POST',
    path: '/projects/acme%2Fapi/pipeline_schedules',
    body: 'description=a&ref=main&cron=0+0+*+*+*&cron_timezone=%E2%98%83&active=perhaps',
    type: 'application/x-www-form-urlencoded',
    expect: 400,
  },
  { method: 'PUT', path: '/projects/acme%2Fapi/pipeline_schedules/abc', body: 'cron=x', type: 'application/x-www-form-urlencoded', expect: 400 },
  { method: 'POST', path: '/projects/acme%2Fapi/pipeline', body: Buffer.alloc(2 << 20, 'a'), type: 'application/x-www-form-urlencoded', expect: 413 },
];

it('answers every hostile request with a 4xx (or success) and never a 5xx', async () => {
  for (const h of hostile) {
    const res = await request(`${rig.sim.apiUrl}${h.path}`, {
      method: h.method as 'GET',
      headers: { 'private-token': DEMO_TOKENS.user, ...(h.type ? { 'content-type': h.type } : {}) },
      body: h.body,
    });
    const text = await res.body.text();
    expect({ path: h.path, status: res.statusCode }).toEqual({ path: h.path, status: h.expect });
    if (res.statusCode >= 400) expect(() => JSON.parse(text)).not.toThrow();
  }
  const alive = await rig.gl.users.current();
  expect(alive.username).toBe('alice');
});

it('keeps serving after malformed HTTP on a raw socket', async () => {
  const { connect } = await import('node:net');
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = connect(rig.sim.port, '127.0.0.1', () => socket.write('GARBAGE / HTTP/9.9\r\n\r\n'));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  expect(reply).toMatch(/^HTTP\/1\.1 400/);
  expect((await rig.gl.users.current()).username).toBe('alice');
});

// A self-managed GitLab behind a private CA: TLS is verified, and NODE_EXTRA_CA_CERTS makes it
// work — the built bundle in a pty against the simulator serving HTTPS with a certificate signed by
// a CA generated here (openssl).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/sim/index.js';
import { makeCerts, type TestCerts } from '../scripts/test-certs.mjs';
import { ptyFile } from './helpers/pty.js';

const { spawn } = ptyFile('pipetop-tls-');
let certs: TestCerts;
let sim: Simulator;

beforeAll(async () => {
  certs = makeCerts();
  sim = await startSimulator({ speed: 0, seed: 9, tls: { cert: certs.cert, key: certs.key } });
});
afterAll(() => sim.close());

it('trusts a private CA given in NODE_EXTRA_CA_CERTS', async () => {
  expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const screen = spawn(['--host', sim.url, '--token', 'demo-user-token'], { cols: 100, env: { NODE_EXTRA_CA_CERTS: certs.caFile } });
  await screen.waitFor('acme/platform/infra/terraform', 20_000);
  expect(screen.text()).toContain('● live');
  expect(screen.text()).not.toContain('DEMO');
  // The simulator offers HTTP/2 as GitLab.com does; the app keeps to HTTP/1.1 (src/api/transport.ts).
  const seen = sim.requests.filter((r) => r.path === '/user' && r.status === 200);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((r) => r.httpVersion === '1.1')).toBe(true);
});

it('refuses an untrusted certificate and says what to set', async () => {
  const served = () => sim.requests.filter((r) => r.path === '/user').length;
  const before = served();
  const screen = spawn(['--host', sim.url, '--token', 'demo-user-token'], { cols: 120 });
  await screen.waitFor(/TLS certificate is not trusted/, 20_000);
  expect(screen.text()).toContain('NODE_EXTRA_CA_CERTS');
  // Nothing was served to a client that did not trust the server.
  expect(served()).toBe(before);
});

// A self-managed GitLab behind a private CA: TLS is verified, and NODE_EXTRA_CA_CERTS makes it
// work — the built bundle in a pty against the simulator serving HTTPS with a certificate signed by
// a CA generated here (openssl).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/sim/index.js';
import { makeCerts, type TestCerts } from '../scripts/test-certs.mjs';
import { BUNDLE, ensureBundle, isolatedEnv, spawnScreen, type Screen } from './helpers/pty.js';

const bundle = BUNDLE;
const dir = mkdtempSync(join(tmpdir(), 'pipetop-tls-'));
let certs: TestCerts;
const env = isolatedEnv(dir);
let sim: Simulator;
let screen: Screen | null = null;

beforeAll(async () => {
  ensureBundle();
  certs = makeCerts();
  sim = await startSimulator({ speed: 0, seed: 9, tls: { cert: certs.cert, key: certs.key } });
});
afterEach(() => {
  screen?.kill();
  screen = null;
});
afterAll(() => sim.close());

it('trusts a private CA given in NODE_EXTRA_CA_CERTS', async () => {
  expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  screen = spawnScreen(['--host', sim.url, '--token', 'demo-user-token'], {
    cols: 100,
    rows: 24,
    env: { ...env, NODE_EXTRA_CA_CERTS: certs.caFile },
    cwd: dir,
    bundle,
  });
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
  screen = spawnScreen(['--host', sim.url, '--token', 'demo-user-token'], { cols: 120, rows: 24, env, cwd: dir, bundle });
  await screen.waitFor(/TLS certificate is not trusted/, 20_000);
  expect(screen.text()).toContain('NODE_EXTRA_CA_CERTS');
  // Nothing was served to a client that did not trust the server.
  expect(served()).toBe(before);
});

// The built bundle (dist/pipetop.js), as a person runs it: glab's config read for real (through
// the bundle's `yaml` chunk), and no escape sequence from GITLAB_HOST / --host /
// --project reaching the terminal through a startup message.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';
import { BUNDLE, ensureBundle, isolatedEnv, spawnScreen, type Screen } from '../helpers/pty.js';
import { START } from '../helpers/sim.js';

const bundle = BUNDLE;
const home = mkdtempSync(join(tmpdir(), 'pipetop-hostile-home-'));
// Nothing configured but what a test sets.
const clean = { ...isolatedEnv(home), GLAB_CONFIG_DIR: join(home, 'no-glab') };
let sim: Simulator;
let screen: Screen | null = null;

beforeAll(async () => {
  ensureBundle();
  sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
});
afterEach(() => {
  screen?.kill();
  screen = null;
});
afterAll(() => sim.close());

it("reads glab's mode-600 config.yml and talks to its host with its token (not DEMO)", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pipetop-glab-'));
  const host = new URL(sim.url).host;
  const file = join(dir, 'config.yml');
  writeFileSync(file, `host: ${host}\nhosts:\n  ${host}:\n    token: ${DEMO_TOKENS.user}\n    api_protocol: http\n    api_host: ${host}\n`);
  chmodSync(file, 0o600);
  const before = sim.requests.length;
  screen = spawnScreen([], { cols: 100, rows: 24, env: { ...clean, GLAB_CONFIG_DIR: dir }, cwd: home, bundle });
  await screen.waitFor('acme/api', 20_000);
  expect(screen.text()).not.toContain('DEMO');
  expect(screen.raw()).not.toContain('not valid YAML');
  expect(screen.text()).toContain('127.0.0.1');
  const mine = sim.requests.slice(before);
  expect(mine.some((r) => r.path === '/user' && r.headers['private-token'] === DEMO_TOKENS.user)).toBe(true);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});

const OSC = ['\u001b]0;pwned\u0007', '\u001b]52;c;cHduZWQ=\u0007'];

function run(args: string[], env: Record<string, string>): string {
  const out = spawnSync(process.execPath, [bundle, ...args], {
    input: '',
    encoding: 'utf8',
    env: { ...process.env, ...clean, ...env, CI: '' },
    cwd: home,
    timeout: 20_000,
  });
  return `${out.stdout}${out.stderr}`;
}

it.each([
  ['GITLAB_HOST', [], { GITLAB_HOST: `gitlab${OSC[0]}.example${OSC[1]}.com` }],
  ['--host', ['--host', `gitlab${OSC[0]}.example${OSC[1]}.com`], {}],
  ['--project with a foreign host and no token', ['--host', 'gitlab.example.com', '--project', `a/b${OSC[1]}`], {}],
  ['an unknown flag', [`--evil${OSC[0]}`], {}],
])('startup messages carry no escape sequence from %s', (_name, args, env) => {
  const bytes = run(args as string[], env as Record<string, string>);
  expect(bytes).toMatch(/pipetop/);
  expect(bytes).not.toContain('\u001b');
  expect(bytes).not.toContain('\u0007');
  expect(bytes).not.toMatch(/[\u0080-\u009f]/);
});
